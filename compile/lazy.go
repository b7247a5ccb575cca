package compile

// Blocks whose expansion was deferred. LoadFile expands a file with zrf.LoadLazy, which
// leaves the inside of move blocks to be expanded when asked for (zrf/lazy.go): a
// compiler reads a block's instructions only after forcing it, which Program does for
// all of a game's blocks before it compiles them, and the load-time comparisons of
// blocks (pieceCode, sameBodies) for the blocks they compare.

import (
	"github.com/zoggo/zoggo/zrf"
)

// forceBlocks expands every deferred block of the game c compiles, adding the errors
// expansion meets there to errs, and reports whether it met any error: a file that
// expands with errors is not compiled, as it is not when they are found at load.
func (c *compiler) forceBlocks(errs *zrf.ErrorList) bool {
	failed := false
	for _, kinds := range [2][][]srcBlock{c.srcMoves, c.srcDrops} {
		for _, blocks := range kinds {
			for _, b := range blocks {
				if err := c.ex.Force(b.Body); err != nil {
					list := zrf.AsList(err)
					*errs = append(*errs, list...)
					failed = failed || list.Err() != nil
				}
			}
		}
	}
	if failed {
		errs.Sort()
	}
	return failed
}

// forced reports whether block b could be expanded: its instructions can be read.
func (c *compiler) forced(b srcBlock) bool {
	return zrf.AsList(c.ex.Force(b.Body)).Err() == nil
}
