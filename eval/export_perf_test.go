package eval

// SetShortcuts turns the run-time shortcuts of walk.go and royal.go on or off, for tests.
func SetShortcuts(on bool) { useShortcuts = on }
