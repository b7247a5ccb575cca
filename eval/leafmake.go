package eval

// This file makes the leaves of perft's last level by make and unmake: perft needs the
// hash of each state after a last turn, not the state kept. The part is made on one
// board in place (engine.Game.MakePlain), the hash of the state after it read, and the
// part undone, instead of copying the whole state for every leaf. The states and parts
// taken are those of EndPart's one pass, which builds the same state with the same
// hash: a plain part (engine.Game.PlainPart) in a state engine.Game.OnePass takes
// (nobody out or jumped to, no piece continuing, no dialect values, stacks or
// external state).

import "github.com/zoggo/zoggo/engine"

// leafHash returns the hash of the state that EndPart makes from s and m, a part that
// ends the turn. It makes m on cells, which must hold the same pieces as s.Cells, and
// undoes it, so that cells hold them again when it returns. It reports false, having
// changed nothing, for a state or part that EndPart's one pass does not take.
func (g *Game) leafHash(cells []engine.Cell, s *engine.State, m *engine.Move) (uint64, bool) {
	if !g.OnePass(s) || !g.PlainPart(m) || len(cells) != len(s.Cells) {
		return 0, false
	}
	h := g.MakePlain(cells, s.Hash, m.Changes)
	undoLeaf(cells, s, m)
	// Advance with nobody out and no goto, as the one pass does.
	_, h = g.NextTurn(s.Turn, h)
	return h, true
}

// leafBase is what leafStep reads of a state whose leaves are counted: the state, the
// hash keys, and the state's hash with the turn order already advanced.
type leafBase struct {
	s *engine.State
	z *engine.Zobrist
	h uint64
}

// setLeafBase makes b the base of the leaves of s and reports whether leafStep may be
// used for s: the same states and games as leafHash's (OnePass, no recycled
// captures, no dialect state).
func (g *Game) setLeafBase(b *leafBase, s *engine.State) bool {
	if !g.OnePass(s) || g.Ext != nil || g.Options.RecycleCaptures {
		b.s = nil
		return false
	}
	_, h := g.NextTurn(s.Turn, s.Hash)
	b.s, b.z, b.h = s, g.Zobrist(), h
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
		dest = engine.Empty // MakePlain empties the source first
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
// stock s's (t must not write them). It returns the hash leafHash gives for m, that of
// the state if the turn ends after m. undoLeaf puts cells back. It reports false,
// having changed nothing, where leafHash does.
func (g *Game) leafPart(t *engine.State, cells []engine.Cell, s *engine.State, m *engine.Move) (uint64, bool) {
	if !g.OnePass(s) || !g.PlainPart(m) || len(cells) != len(s.Cells) {
		return 0, false
	}
	h := g.MakePlain(cells, s.Hash, m.Changes)
	mv := &m.Changes[0]
	*t = engine.State{Cells: cells, Stock: s.Stock, Turn: s.Turn, Ply: s.Ply + 1, LastFrom: mv.From, LastTo: mv.To,
		Cont: engine.NoLoc, ContType: s.ContType, Hash: h, Passes: s.Passes}
	g.SetCont(t, mv.To, m.Cont)
	_, h = g.NextTurn(s.Turn, h)
	return h, true
}

// undoLeaf undoes on cells the part m that leafHash or leafPart made there from s.
func undoLeaf(cells []engine.Cell, s *engine.State, m *engine.Move) {
	// Every square MakePlain wrote is the source or destination of a change.
	for i := range m.Changes {
		c := &m.Changes[i]
		cells[c.To] = s.Cells[c.To]
		if c.Op == engine.OpMove {
			cells[c.From] = s.Cells[c.From]
		}
	}
}
