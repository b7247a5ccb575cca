package eval

// This file finishes some move blocks of dialect games without the interpreter: the
// quiet moves of the draughts, which are most of the leaves of their move trees.
//
// Add tails. A block whose head (blockHead: a step and verifies of the square reached)
// is followed by a single add, as a man's step (nw (verify empty?) add), makes one
// move when its head passes: its piece goes from its square to the square the step
// reached. The run would record no effect before the add (a step and verifies record
// none), select no group, run no permutation and name no capture side, so the add
// makes the movement alone, then the type changes its kinds list: what emit writes.
//
// Slide tails. A block that is exactly a step and a loop over empty squares that adds
// and steps on, as a king's slide (ne (while empty? add ne)), makes one move for each
// empty square along the line from the piece until the first square that is not empty
// or the board's edge. The loop's bound is never reached when every line of the board
// in that direction ends within it (linesEnd), so the interpreter would raise no error
// either.
//
// Both need a game without stacks (an add fixes the takes of a stack's moves), and
// the generator outside a capture test (runPieceBlocks). A block that moves only other
// players' pieces, or of another move type, is left out as runBlocks leaves it out.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// blockTail says how a move block ends, when it can be finished without the
// interpreter: dtailAdd after its head, a single add (add); dtailSlide, the whole block a
// slide in direction dir whose loop adds add.
type blockTail struct {
	kind uint8
	dir  int32
	add  *code.Op
}

const (
	dtailNone uint8 = iota
	dtailAdd
	dtailSlide
)

// initTails proves the tails of the move blocks of g's code, with the heads of f
// already made, and reports whether it found one.
func (g *Game) initTails(f *dialectFast) bool {
	p := g.code
	if g.Ext != nil && g.Ext.StackCap > 0 || len(g.Board.Locs) > MaxWhileSteps {
		return false
	}
	tails := make([][]blockTail, len(p.Moves))
	found := false
	for k, bl := range p.Moves {
		tails[k] = make([]blockTail, len(bl))
		for i := range bl {
			t := g.tailOf(bl[i].Ops, &f.heads[k][i])
			if t.kind != dtailNone {
				tails[k][i] = t
				found = true
			}
		}
	}
	if found {
		f.tails = tails
	}
	return found
}

// tailOf returns the tail of a block of ops whose head is h.
func (g *Game) tailOf(ops []code.Op, h *blockHead) blockTail {
	if h.ok && h.rest == len(ops)-1 && ops[h.rest].Code == code.OpAdd {
		return blockTail{kind: dtailAdd, add: &ops[h.rest]}
	}
	if len(ops) != 2 || ops[0].Code != code.OpStep || ops[1].Code != code.OpWhile {
		return blockTail{}
	}
	d, w := ops[0].A, &ops[1]
	c := w.Cond
	if c.Code != code.CondEmpty || c.Neg || c.Loc.Kind != code.LocCursor || len(w.Body) != 2 ||
		w.Body[0].Code != code.OpAdd || w.Body[1].Code != code.OpStep || w.Body[1].A != d || !g.linesEnd(d) {
		return blockTail{}
	}
	return blockTail{kind: dtailSlide, dir: d, add: &w.Body[0]}
}

// runs reports whether runBlocks would run block b for a part of move type typ.
func (x *gen) runs(b *code.Block, typ engine.MoveType) bool {
	return runsFor(0, b.Type, b.Owner, typ, ^uint64(0), x.skipOwner())
}

// runAddTail finishes block b, an add tail t whose head passed with the step on to,
// for the piece on l.
func (x *gen) runAddTail(b *code.Block, t *blockTail, l, to engine.Loc, piece engine.Cell, typ engine.MoveType) {
	if !x.runs(b, typ) {
		return
	}
	x.cursor = to
	x.emit(b, t.add, l, piece, nil)
}

// runSlide runs block b, a slide tail t, for the piece on l.
func (x *gen) runSlide(b *code.Block, t *blockTail, l engine.Loc, piece engine.Cell, typ engine.MoveType) {
	if !x.runs(b, typ) {
		return
	}
	nbr, nd, d := x.nbr, x.nd, int(t.dir)
	for c := nbr[int(l)*nd+d]; c != engine.NoLoc && cellHolds(code.CondEmpty, x.cells[c], x.side); c = nbr[int(c)*nd+d] {
		x.cursor = c
		x.emit(b, t.add, l, piece, nil)
	}
}
