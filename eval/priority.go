package eval

// This file decides when the legal turns of a position may be computed one move
// priority at a time. With (move-priorities jumptype normaltype), a position where a
// capture exists keeps only the captures, and computing every step and the state after
// it only to throw them away is most of the work of draughts. The turns of the first
// listed type are computed first; the next type is tried only when they are none.
//
// That gives exactly the turns that computing all of them and then applying the
// priorities keeps, when:
//   - every move block has a listed type, there are no drops, and the turn-order entry
//     does not restrict the type (checked at run time): no turn escapes the priorities;
//   - the blocks of each piece type come in the order of their priorities, and no block
//     moves another piece than its own (no from, no cascade): merging keeps the first of
//     the turns from one square that reach the same position, and duplicate parts are
//     dropped after the first of them, so a turn of a lower priority never hides one of
//     a higher priority; one that hides a later turn of its own type, when its own turns
//     are all removed because they leave a royal piece attacked, hides one that would
//     be removed too, since it reaches the same position;
//   - the game is plain ZRF (no dialect, no extensions), whose turns pass no other
//     filter that compares turns with each other before the priorities.
//
// An error that only a block of a lower priority would raise (a while loop past its
// bound) is not raised when a turn of a higher priority exists.

import "github.com/zoggo/zoggo/internal/code"

// initPhases sets g.phased.
func (g *Game) initPhases() {
	p := g.code
	if p == nil || p.Dialect != nil || g.Ext != nil || len(g.MovePriorities) < 2 {
		return
	}
	for _, d := range p.Drops {
		if len(d) > 0 {
			return
		}
	}
	for _, blocks := range p.Moves {
		last := 0
		for i := range blocks {
			r := g.priorityRank(blocks[i].Type)
			if r < last || otherPiece(blocks[i].Ops) {
				return
			}
			last = r
		}
	}
	g.phased = true
}

// otherPiece reports whether ops may move another piece than the block's own.
func otherPiece(ops []code.Op) bool {
	for i := range ops {
		o := &ops[i]
		if o.Code == code.OpFrom || o.Code == code.OpCascade || otherPiece(o.Body) || otherPiece(o.Else) {
			return true
		}
	}
	return false
}
