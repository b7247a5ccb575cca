package eval

// This file proves, for some games, that no two parts generated from one position can be
// the same, so that the generator need not remember the parts it made to drop repeats
// (gen.duplicate). The proof holds when every move block of the game moves its own
// piece along a fixed path of steps and adds at most one move at its end:
//
//   - such a block's move starts with the movement of its piece from the square it
//     stands on, so moves of different pieces differ in their first change;
//   - the block's add is its last op (or one of the two branches of an if that is its
//     last op), so one run adds at most once, and the moves one add makes of its
//     changes (kindMove: one for each kind it lists) differ from each other, as
//     distinctKinds checks on kindMove's own moves;
//   - two blocks of one piece type end their paths on different squares from every
//     square, for every player's directions (or one of them leaves the board), so their
//     moves differ in where the piece goes.
//
// Drops, the dialect and the extensions are left out.

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// maxNoDupBlocks bounds the blocks of a piece type the proof compares pairwise.
const maxNoDupBlocks = 64

// initNoDup sets g.noDup.
func (g *Game) initNoDup() {
	p := g.code
	if p == nil || p.Dialect != nil || g.Ext != nil {
		return
	}
	for _, d := range p.Drops {
		if len(d) > 0 {
			return
		}
	}
	nd := len(g.Board.Dirs)
	var ends []engine.Loc
	for _, blocks := range p.Moves {
		if len(blocks) > maxNoDupBlocks {
			return
		}
		paths := make([][]int32, len(blocks))
		for i := range blocks {
			path, ok := singleAdd(blocks[i].Ops)
			if !ok {
				return
			}
			paths[i] = path
		}
		for _, nbr := range g.Board.Neighbor {
			for l := range g.Board.Locs {
				ends = ends[:0]
				for _, path := range paths {
					c := engine.Loc(l)
					for _, d := range path {
						if c = nbr[int(c)*nd+int(d)]; c == engine.NoLoc {
							break
						}
					}
					if c == engine.NoLoc {
						continue
					}
					if slices.Contains(ends, c) {
						return
					}
					ends = append(ends, c)
				}
			}
		}
	}
	g.noDup = true
}

// singleAdd returns the directions of the steps of a block that moves its piece along
// them and adds at most once, at its end; ok is false for any other block.
func singleAdd(ops []code.Op) (path []int32, ok bool) {
	for i := range ops {
		o := &ops[i]
		last := i == len(ops)-1
		switch o.Code {
		case code.OpStep:
			path = append(path, o.A)
		case code.OpVerify, code.OpCapture, code.OpChangeType, code.OpChangeOwner, code.OpFlip, code.OpSetAttr,
			code.OpSetFlag, code.OpSetPosFlag:
		case code.OpAdd:
			if !last || !distinctKinds(o) {
				return nil, false
			}
		case code.OpIf:
			switch {
			case effectsOnly(o.Body) && effectsOnly(o.Else):
			case last && oneAdd(o.Body) && (len(o.Else) == 0 || oneAdd(o.Else)):
			default:
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return path, true
}

// oneAdd reports whether ops are a single add whose kinds do not repeat.
func oneAdd(ops []code.Op) bool {
	return len(ops) == 1 && ops[0].Code == code.OpAdd && distinctKinds(&ops[0])
}

// distinctKinds reports whether the moves the add o makes of the same changes all
// differ.
func distinctKinds(o *code.Op) bool {
	// The moves kindMove makes of one movement, compared pairwise: what they differ
	// in is what made makes of the add's kinds, not read again here.
	arena := []engine.Change{{Op: engine.OpMove, From: 0, To: 1}}
	var moves [][]engine.Change
	for i, more := 0, true; more; i++ {
		var s int
		arena, s, more = kindMove(arena, o, i, 0, 1, 1)
		m := arena[s:len(arena):len(arena)]
		for _, n := range moves {
			if slices.Equal(m, n) {
				return false
			}
		}
		moves = append(moves, m)
	}
	return true
}
