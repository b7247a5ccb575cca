package eval

// SetSampleLazy turns on or off Sample's drawing of turns of one part before their
// states are built, for tests that compare it with completing every candidate first.
func SetSampleLazy(on bool) { sampleLazy = on }
