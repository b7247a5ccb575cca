package engine

// The unexported paths that the external tests of this package (package engine_test,
// which share internal/enginetest's positions and parts with eval's tests) compare with
// the general path.
var (
	EndPlain   = (*Game).endPlain
	ApplyPlain = (*Game).applyPlain
	ValuesPart = (*Game).valuesPart
	ValuesGame = valuesGame
)
