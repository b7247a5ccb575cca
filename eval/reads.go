package eval

// This file says what a compiled condition reads, once, when a game is made: the one
// classification that every shortcut asks before it evaluates a condition some other
// way than gen.test does on a run. Conditions have one meaning, gen.test's (gen.go);
// a shortcut either calls it with the values it has set up (the cursor, the side, a
// turn's facts, a state), or uses a table that gen.test filled, for every value of
// what the condition reads (cellTable, locTable, squareTable), which is why those
// tables can only be made for conditions that read little.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// reads is a set of the things a condition may read.
type reads uint16

const (
	readCell   reads = 1 << iota // the contents of the cursor's square: empty?, friend?, enemy?, neutral?, piece?
	readZone                     // the zones of the cursor's square: in-zone?
	readPos                      // which square the cursor is on: position?
	readAway                     // another square than the cursor's: its contents, its zones, whether it exists
	readAttr                     // a piece's attributes
	readLast                     // the last part's squares: last-from?, last-to?
	readRun                      // what the run has recorded: flags, position flags, the mark, the selection
	readMover                    // the player making the turn: own?, to-move?
	readAttack                   // the other side's moves: attacked?, defended?
	readBoard                    // the whole board: connected?, counts, groups, areas, legal turns
	readPosVal                   // position values of the cursor's square
	readVals                     // other values: variables, piece values, heights, passes
	readTurn                     // the facts of the turn: captures, first and order of captures, mover, parts
	readAcc                      // accumulators of a check
	readOdd                      // a form no shortcut takes (a wrong number of arguments)
)

// Classes of conditions, by what they may read.
const (
	// cellReads: the cursor's square's contents alone (cellTable).
	cellReads = readCell
	// locReads: where the cursor is alone, not what stands there (locTable).
	locReads = readZone | readPos
	// squareReads: the cursor's square, its contents and where it is (squareTable).
	squareReads = readCell | readZone | readPos
	// pureReads: the cursor, the board and the side, so that testing the condition
	// before the run of its block is set up gives what the run would.
	pureReads = squareReads | readAway
	// posValReads: the position values of the cursor's square alone.
	posValReads = readPosVal
	// turnReads: the facts of the turn and the accumulators alone: a check made of
	// such conditions needs no board set up.
	turnReads = readTurn | readAcc
)

// condReads returns what c reads. When attrs is not nil, the position attributes
// read at the cursor are added to it, each once.
func condReads(c *code.Cond, attrs *[]int32) reads {
	switch c.Code {
	case code.CondTrue, code.CondFalse:
		return 0
	case code.CondAnd, code.CondOr, code.CondNot:
		var r reads
		if c.Code == code.CondNot && len(c.Args) != 1 {
			r = readOdd
		}
		for _, a := range c.Args {
			r |= condReads(a, attrs)
		}
		return r
	case code.CondCmp:
		if len(c.Ints) != 2 {
			return readOdd
		}
		return exprReads(c.Ints[0], attrs) | exprReads(c.Ints[1], attrs)
	case code.CondPosition:
		return readPos
	case code.CondFlag, code.CondMarked, code.CondPosFlag, code.CondSelected:
		return readRun
	case code.CondConnected:
		return readBoard
	case code.CondToMove:
		return readMover | readVals
	}
	// A predicate on the square of c.Loc.
	var r reads
	switch c.Loc.Kind {
	case code.LocCursor:
	case code.LocDir, code.LocPos, code.LocOpposite:
		r = readAway
	default:
		return readOdd
	}
	switch c.Code {
	case code.CondEmpty, code.CondFriend, code.CondEnemy, code.CondNeutral, code.CondPiece:
		if r == 0 {
			r = readCell
		}
	case code.CondOnBoard:
		// On the cursor's square it holds: the cursor is always on the board.
	case code.CondInZone:
		if r == 0 {
			r = readZone
		}
	case code.CondAttr:
		r |= readAttr
	case code.CondLastFrom, code.CondLastTo:
		r |= readLast
	case code.CondOwn:
		r |= readAway | readMover
	case code.CondAdjEnemy:
		r |= readAway
	case code.CondAttacked, code.CondDefended:
		r |= readAttack
	default:
		return readOdd
	}
	return r
}

// exprReads is condReads for an integer.
func exprReads(e *code.Expr, attrs *[]int32) reads {
	switch e.Code {
	case code.IntConst:
		return 0
	case code.IntPos:
		if e.Loc.Kind != code.LocCursor {
			return readAway | readVals
		}
		if attrs != nil {
			seen := false
			for _, a := range *attrs {
				seen = seen || a == e.A
			}
			if !seen {
				*attrs = append(*attrs, e.A)
			}
		}
		return readPosVal
	case code.IntVar, code.IntPiece, code.IntHeight, code.IntPasses:
		return readVals | readAway
	case code.IntCaptures, code.IntFirst, code.IntOrder, code.IntMover, code.IntParts:
		return readTurn
	case code.IntSub, code.IntDiv, code.IntMod:
		if len(e.Args) != 2 {
			return readOdd
		}
	case code.IntAdd, code.IntMul, code.IntMax, code.IntMin:
		if len(e.Args) == 0 {
			return readOdd
		}
	case code.IntAccMax, code.IntAccMin:
		if len(e.Args) != 1 {
			return readOdd
		}
		// In a check the accumulator; elsewhere its argument.
		return readAcc | exprReads(e.Args[0], attrs)
	case code.IntCond:
		return condReads(e.Cond, attrs)
	case code.IntCount, code.IntMoves, code.IntLiberties, code.IntGroup, code.IntArea:
		return readBoard
	default:
		return readOdd
	}
	var r reads
	for _, a := range e.Args {
		r |= exprReads(a, attrs)
	}
	return r
}

// readsOnly reports whether c reads nothing outside the set class.
func readsOnly(c *code.Cond, class reads) bool { return condReads(c, nil)&^class == 0 }

// pureCond reports whether c reads only the cursor, the board and the side (pureReads).
func pureCond(c *code.Cond) bool { return readsOnly(c, pureReads) }

// cellOnly reports whether c reads only the contents of the cursor's square.
func cellOnly(c *code.Cond) bool { return readsOnly(c, cellReads) }

// locOnly reports whether c reads only where the cursor is, not what stands there:
// zones, positions, the board's edge under the cursor.
func locOnly(c *code.Cond) bool { return readsOnly(c, locReads) }

// turnOnlyCond reports whether c reads only the facts of the turn and accumulators.
func turnOnlyCond(c *code.Cond) bool { return readsOnly(c, turnReads) }

// posCondOK reports whether c reads only the position values of the cursor's square
// (what sparseBody's conditions may read).
func posCondOK(c *code.Cond) bool { return readsOnly(c, posValReads) }

// squareCond is a condition of squareReads as a table that gen.test filled: its value
// for pieces of side on square l holding c is bits[(side*n+l)*w+cellIndex(c)].
type squareCond struct {
	bits []uint64
	n, w int
	nk   int
}

// maxSquareTable bounds the entries of a squareCond (a bit each).
const maxSquareTable = 1 << 22

// squareTable returns c, a condition of squareReads, as a squareCond; ok is false when
// c reads more or its table would be too large.
func (g *Game) squareTable(c *code.Cond) (sc squareCond, ok bool) {
	if !readsOnly(c, squareReads) {
		return sc, false
	}
	nk, n, np := len(g.Pieces), len(g.Board.Locs), len(g.Players)
	w := 3 * (nk + 1)
	size := np * n * w
	if size > maxSquareTable {
		return sc, false
	}
	sc = squareCond{bits: make([]uint64, (size+63)/64), n: n, w: w, nk: nk}
	cells := make([]engine.Cell, n)
	x := &gen{g: g, b: g.Board, nd: len(g.Board.Dirs), attackAt: engine.NoLoc, at: -1, cells: cells}
	for p := 0; p < np; p++ {
		x.side, x.nbr = engine.Player(p), g.Board.Neighbor[p]
		for l := 0; l < n; l++ {
			x.cursor = engine.Loc(l)
			for rel := 0; rel < 3; rel++ {
				for k := -1; k < nk; k++ {
					if (rel == 0) != (k < 0) {
						continue
					}
					cells[l] = engine.Empty
					if rel > 0 {
						// A piece of the side, or of another player.
						q := engine.Player(p)
						if rel == 2 {
							q = engine.Player((p + 1) % max(np, 2))
						}
						cells[l] = engine.MakeCell(q, engine.Kind(k), 0)
					}
					if x.test(c) {
						i := (p*n+l)*w + rel*(nk+1) + k + 1
						sc.bits[i>>6] |= 1 << (uint(i) & 63)
					}
				}
			}
			cells[l] = engine.Empty
		}
	}
	return sc, true
}

// at is the value of the condition for pieces of side on square l holding c.
func (sc *squareCond) at(cells []engine.Cell, side engine.Player, l engine.Loc) bool {
	i := (int(side)*sc.n+int(l))*sc.w + cellIndex(cells[l], side, sc.nk)
	return sc.bits[i>>6]>>(uint(i)&63)&1 != 0
}

// atEmpty is the value of the condition for pieces of side on square l when it is
// empty: for a condition of locReads, its value whatever stands there.
func (sc *squareCond) atEmpty(side engine.Player, l engine.Loc) bool {
	i := (int(side)*sc.n + int(l)) * sc.w
	return sc.bits[i>>6]>>(uint(i)&63)&1 != 0
}
