package eval

// SetPruning turns the reach analysis on or off, for tests.
func SetPruning(on bool) { usePruning = on }
