package eval

// SetDialectShortcuts turns the fast paths of dialect_fast.go on or off, for tests.
func SetDialectShortcuts(on bool) { useDialectShortcuts = on }
