package eval

// This file proves, for some games, that no two parts generated from one position can be
// the same, so that the generator need not remember the parts it made to drop repeats
// (gen.duplicate). The proof holds when every move block of the game moves its own
// piece from the square it stands on, first to a square it reaches by a fixed path of
// steps or along a line (its key square), and adds one move there at a time:
//
//   - such a block's move starts with the movement of its piece from the square it
//     stands on (made writes movements before effects, and a cascade commits the
//     piece's movement before the next one starts), so moves of different pieces
//     differ in their first change, and moves of one piece that differ in where that
//     movement ends differ;
//   - a block of a fixed path reaches its key square by steps, and back (to the start:
//     the block has no mark) starts the path again; its add is its last op (or one of
//     the two branches of an if that is its last op), so one run adds at most once;
//     after a cascade, which ends the first movement on the cursor's square, the block
//     may step, start and end movements as it likes, but still adds only at its end;
//   - a block along a line (a slide) steps by a fixed path, then loops: each turn of
//     the loop adds once, then steps once in one direction; after the loop it adds at
//     most once more, at its end, on the square where the loop stopped, without
//     stepping. The lines of that direction end without looping (linesEnd), so the
//     adds of one run are on different squares of the line: those of the loop on the
//     squares it walked over, the last one on the square it stopped on;
//   - the moves one add makes of its changes (kindMove: one for each kind it lists)
//     differ from each other, as distinctKinds checks on kindMove's own moves;
//   - two blocks of one piece type have key squares that differ from every square,
//     for every player's directions (or one of them leaves the board), or the two
//     blocks cannot both add in one position: one verifies that its key square is
//     empty and the other that it is not (with a condition on the cursor's square
//     after its last step: conditions read the position, which a block does not
//     change while it runs). A block along a line may add on any square of its line.
//
// Drops, marks, the dialect and the extensions are left out.

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// maxNoDupBlocks bounds the blocks of a piece type the proof compares pairwise.
const maxNoDupBlocks = 64

// maxNoDupWork bounds the squares the proof visits (the key squares of every block from
// every square, lines included), for every player's directions.
const maxNoDupWork = 1 << 24

// keyCond is what a block verifies of its key square before it adds there.
type keyCond uint8

const (
	keyAny      keyCond = 1 << iota // nothing known: it may be empty or not
	keyEmpty                        // the key square is empty
	keyOccupied                     // the key square holds a piece
)

// dupShape is what the proof knows of a block: the path of steps from the start to its
// key square and what the block verifies there, or, for a block along a line, the
// direction of its line (line >= 0), which starts at the end of path.
type dupShape struct {
	path []int32
	line int32
	key  keyCond
}

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
	n := len(g.Board.Locs)
	// claims[c] holds the keyConds of the blocks already ending on c from the square
	// looked at, stamped with that square and player (stamp) so as not to be cleared.
	claims, stamps := make([]keyCond, n), make([]int32, n)
	stamp, work := int32(0), 0
	for _, blocks := range p.Moves {
		if len(blocks) > maxNoDupBlocks {
			return
		}
		shapes := make([]dupShape, len(blocks))
		for i := range blocks {
			s, ok := g.shapeOf(blocks[i].Ops)
			if !ok {
				return
			}
			shapes[i] = s
		}
		for _, nbr := range g.Board.Neighbor {
			for l := range g.Board.Locs {
				stamp++
				for _, s := range shapes {
					c := engine.Loc(l)
					for _, d := range s.path {
						if c = nbr[int(c)*nd+int(d)]; c == engine.NoLoc {
							break
						}
					}
					for c != engine.NoLoc {
						if work++; work > maxNoDupWork {
							return
						}
						if stamps[c] != stamp {
							stamps[c], claims[c] = stamp, 0
						}
						if !claimable(claims[c], s.key) {
							return
						}
						claims[c] |= s.key
						if s.line < 0 {
							break
						}
						c = nbr[int(c)*nd+int(s.line)]
					}
				}
			}
		}
	}
	g.noDup = true
}

// claimable reports whether a block that verifies k of a key square can add there when
// blocks that verify had can: only when each of them verifies the opposite.
func claimable(had, k keyCond) bool {
	switch k {
	case keyEmpty:
		return had&^keyOccupied == 0
	case keyOccupied:
		return had&^keyEmpty == 0
	}
	return had == 0
}

// shapeOf returns the shape of a block of the kinds the proof knows (see the top of the
// file); ok is false for any other block.
func (g *Game) shapeOf(ops []code.Op) (s dupShape, ok bool) {
	s.line, s.key = -1, keyAny
	cascaded, looped := false, false
	for i := range ops {
		o := &ops[i]
		last := i == len(ops)-1
		switch o.Code {
		case code.OpStep:
			switch {
			case looped:
				return s, false
			case !cascaded:
				s.path, s.key = append(s.path, o.A), keyAny
			}
		case code.OpBack:
			// Without a mark, back returns to the start.
			switch {
			case looped:
				return s, false
			case !cascaded:
				s.path, s.key = s.path[:0], keyAny
			}
		case code.OpVerify:
			if !cascaded && !looped && s.key == keyAny {
				s.key = cursorKey(o.Cond)
			}
		case code.OpCapture, code.OpChangeType, code.OpChangeOwner, code.OpFlip, code.OpSetAttr,
			code.OpSetFlag, code.OpSetPosFlag:
		case code.OpCascade:
			if looped {
				return s, false
			}
			cascaded = true
		case code.OpFrom, code.OpTo:
			// Only after the piece's own movement has been committed.
			if !cascaded {
				return s, false
			}
		case code.OpWhile:
			if cascaded || looped {
				return s, false
			}
			dir, ok := addThenStep(o.Body)
			if !ok || !g.linesEnd(dir) {
				return s, false
			}
			looped, s.line, s.key = true, dir, keyAny
		case code.OpAdd:
			if !last || !distinctKinds(o) {
				return s, false
			}
		case code.OpIf:
			switch {
			case effectsOnly(o.Body) && effectsOnly(o.Else):
			case last && oneAdd(o.Body) && (len(o.Else) == 0 || oneAdd(o.Else)):
			default:
				return s, false
			}
		default:
			return s, false
		}
	}
	return s, true
}

// cursorKey returns what the condition c says of the cursor's square when it holds:
// empty, occupied, or keyAny when it says neither.
func cursorKey(c *code.Cond) keyCond {
	if c == nil || c.Loc.Kind != code.LocCursor {
		return keyAny
	}
	switch {
	case c.Code == code.CondEmpty && !c.Neg:
		return keyEmpty
	case c.Code == code.CondEmpty,
		(c.Code == code.CondFriend || c.Code == code.CondEnemy) && !c.Neg:
		return keyOccupied
	}
	return keyAny
}

// addThenStep returns the direction of a loop body that adds once, at its top level and
// with kinds that do not repeat, then steps once in that direction as its last op, and
// otherwise only records captures; ok is false for any other body.
func addThenStep(body []code.Op) (dir int32, ok bool) {
	if len(body) < 2 || body[len(body)-1].Code != code.OpStep {
		return -1, false
	}
	adds := 0
	for i := range body[:len(body)-1] {
		o := &body[i]
		switch {
		case o.Code == code.OpAdd && distinctKinds(o):
			adds++
		case effectsOnly(body[i : i+1]):
		default:
			return -1, false
		}
	}
	return body[len(body)-1].A, adds == 1
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
