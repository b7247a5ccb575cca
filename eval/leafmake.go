package eval

// This file makes the leaves of perft's last level by make and unmake: perft needs the
// hash of each state after a last turn, not the state kept. The part is made on one
// board in place, the hash of the state after it read, and the part undone, instead of
// copying the whole state for every leaf. It is made by EndPart's own steps (Apply,
// SetCont, Advance) on a state that is the position but for its cells, which are the
// board (leafState): exactly EndPart's state but for where its cells are, for a part
// that Apply makes on the cells alone (engine.Game.PlainPart: one piece moves, then
// captures, type changes and attributes, in a game without the dialect's state or
// recycled captures), which writes nothing the state shares with the position.

import "github.com/zoggo/zoggo/engine"

// leafState returns s with cells as its cells: the state leafHash and leafPart make a
// part on. It shares every other slice of s, which a plain part does not write.
func leafState(cells []engine.Cell, s *engine.State) engine.State {
	t := *s
	t.Cells = cells
	return t
}

// endLeaf ends the turn on t after its last part, as EndPart does after Apply: no
// piece left to continue it, the turn order advanced.
func (g *Game) endLeaf(t *engine.State) {
	if t.Cont != engine.NoLoc {
		g.SetCont(t, engine.NoLoc, engine.NoMoveType)
	}
	g.Advance(t)
}

// leafHash returns the hash of the state that EndPart makes from s and m, a part that
// ends the turn. It makes m on cells, which must hold the same pieces as s.Cells, and
// undoes it, so that cells hold them again when it returns. It reports false, having
// changed nothing, for a part that Apply makes on more than the cells (PlainPart).
func (g *Game) leafHash(cells []engine.Cell, s *engine.State, m *engine.Move) (uint64, bool) {
	if !g.PlainPart(m) || len(cells) != len(s.Cells) {
		return 0, false
	}
	t := leafState(cells, s)
	g.Apply(&t, m)
	g.endLeaf(&t)
	undoLeaf(cells, s, m)
	return t.Hash, true
}

// leafBase is what leafStep reads of a state whose leaves are counted: the state, the
// hash keys, and the state's hash with the turn ended (endLeaf).
type leafBase struct {
	s *engine.State
	z *engine.Zobrist
	h uint64
}

// setLeafBase makes b the base of the leaves of s and reports whether leafStep may be
// used for s: in a game where leafHash takes a step (no recycled captures, no dialect
// state). The hash of a step's state is then b.h with the step's squares changed:
// ending the turn changes the hash by what it changes of s alone, as Apply changes it
// by the squares alone.
func (g *Game) setLeafBase(b *leafBase, s *engine.State) bool {
	if g.Ext != nil || g.Options.RecycleCaptures {
		b.s = nil
		return false
	}
	t := *s
	g.endLeaf(&t)
	b.s, b.z, b.h = s, g.Zobrist(), t.Hash
	return true
}

// leafStep returns what leafHash returns for the state of b (setLeafBase) and the part
// that moves the piece on from to to (a change OpMove) and then, when retype, changes
// the type of the piece on to to k (a change OpType), without writing any board.
func (b *leafBase) leafStep(from, to engine.Loc, retype bool, k engine.Kind) uint64 {
	z, cells := b.z, b.s.Cells
	c := cells[from]
	dest := cells[to]
	if to == from {
		dest = engine.Empty // Apply empties the source first
	}
	h := b.h ^ z.CellHash(from, c) ^ z.CellHash(to, dest) ^ z.CellHash(to, c)
	if retype && !c.IsEmpty() {
		h ^= z.CellHash(to, c) ^ z.CellHash(to, c.WithKind(k))
	}
	return h
}

// leafPart makes m, a part that leafHash takes in s, on cells (which must hold s's
// pieces) and sets t to the state after it with the turn going on: what Apply and then
// SetCont(t, t.LastTo, m.Cont) make of a copy of s, with t's cells being cells and its
// other slices s's (t must not write them). It returns the hash leafHash gives for m,
// that of the state if the turn ends after m. undoLeaf puts cells back. It reports
// false, having changed nothing, where leafHash does.
func (g *Game) leafPart(t *engine.State, cells []engine.Cell, s *engine.State, m *engine.Move) (uint64, bool) {
	if !g.PlainPart(m) || len(cells) != len(s.Cells) {
		return 0, false
	}
	*t = leafState(cells, s)
	g.Apply(t, m)
	end := *t
	g.endLeaf(&end)
	g.SetCont(t, t.LastTo, m.Cont)
	return end.Hash, true
}

// undoLeaf undoes on cells the part m that leafHash or leafPart made there from s.
func undoLeaf(cells []engine.Cell, s *engine.State, m *engine.Move) {
	// Every square a plain part writes is the source or destination of a change.
	for i := range m.Changes {
		c := &m.Changes[i]
		cells[c.To] = s.Cells[c.To]
		if c.Op == engine.OpMove {
			cells[c.From] = s.Cells[c.From]
		}
	}
}
