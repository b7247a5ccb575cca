package eval

// SetFast turns the fast blocks of fast.go on or off, for tests.
func SetFast(on bool) { useFast = on }
