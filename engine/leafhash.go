package engine

// This file makes the leaves of a move tree by make and unmake: a counter of the tree
// (perft) needs the hash of each state after a last turn, not the state kept. The part
// is applied to one board in place, the hash of the state after it read, and the part
// undone, instead of copying the whole state for every leaf.

// LeafHash returns the hash of the state that EndPart makes from s and m, a part that
// ends the turn. It makes m on cells, which must hold the same pieces as s.Cells, and
// undoes it, so that cells hold them again when it returns. It reports false, having
// changed nothing, for a state or part that EndPart's one pass does not take (endPlain).
func (g *Game) LeafHash(cells []Cell, s *State, m *Move) (uint64, bool) {
	if !g.on(PlainApply|LeafPath) || !g.plainPart(m) ||
		s.Jump != 0 || s.Out != 0 || s.Cont != NoLoc || len(cells) != len(s.Cells) ||
		s.Vals != nil || s.Under != nil || s.External != nil {
		return 0, false
	}
	h := g.plainChanges(cells, s.Hash, m.Changes)
	UndoLeaf(cells, s, m)
	// Advance with nobody out and no goto, as endPlain does.
	_, h = g.nextTurn(s.Turn, h)
	return h, true
}

// LeafBase is what LeafStep reads of a state whose leaves are counted: the state, the
// hash keys, and the state's hash with the turn order already advanced.
type LeafBase struct {
	s *State
	z *Zobrist
	h uint64
}

// SetLeafBase makes b the base of the leaves of s and reports whether LeafStep may be
// used for s: the same states and games as LeafHash's (nobody out or jumped to, no
// piece continuing, no dialect values, stacks or external state, no recycled captures).
func (g *Game) SetLeafBase(b *LeafBase, s *State) bool {
	if !g.on(PlainApply|LeafPath) || g.Ext != nil || g.Options.RecycleCaptures ||
		s.Jump != 0 || s.Out != 0 || s.Cont != NoLoc ||
		s.Vals != nil || s.Under != nil || s.External != nil {
		b.s = nil
		return false
	}
	_, h := g.nextTurn(s.Turn, s.Hash)
	b.s, b.z, b.h = s, g.zobrist(), h
	return true
}

// LeafStep returns what LeafHash returns for the state of b (SetLeafBase) and the part
// that moves the piece on from to to (a change OpMove) and then, when retype, changes
// the type of the piece on to to k (a change OpType), without writing any board.
func (b *LeafBase) LeafStep(from, to Loc, retype bool, k Kind) uint64 {
	z, cells := b.z, b.s.Cells
	c := cells[from]
	dest := cells[to]
	if to == from {
		dest = Empty // plainChanges empties the source first
	}
	h := b.h ^ z.cellHash(from, c) ^ z.cellHash(to, dest) ^ z.cellHash(to, c)
	if retype && !c.IsEmpty() {
		h ^= z.cellHash(to, c) ^ z.cellHash(to, c.WithKind(k))
	}
	return h
}

// LeafPart makes m, a part that LeafHash takes in s, on cells (which must hold s's
// pieces) and sets t to the state after it with the turn going on: what Apply and then
// SetCont(t, t.LastTo, m.Cont) make of a copy of s, with t's cells being cells and its
// stock s's (t must not write them). It returns the hash LeafHash gives for m, that of
// the state if the turn ends after m. UndoLeaf puts cells back. It reports false,
// having changed nothing, where LeafHash does.
func (g *Game) LeafPart(t *State, cells []Cell, s *State, m *Move) (uint64, bool) {
	if !g.on(PlainApply|LeafPath) || !g.plainPart(m) ||
		s.Jump != 0 || s.Out != 0 || s.Cont != NoLoc || len(cells) != len(s.Cells) ||
		s.Vals != nil || s.Under != nil || s.External != nil {
		return 0, false
	}
	h := g.plainChanges(cells, s.Hash, m.Changes)
	mv := &m.Changes[0]
	*t = State{Cells: cells, Stock: s.Stock, Turn: s.Turn, Ply: s.Ply + 1, LastFrom: mv.From, LastTo: mv.To,
		Cont: NoLoc, ContType: s.ContType, Hash: h, Passes: s.Passes}
	g.SetCont(t, mv.To, m.Cont)
	_, h = g.nextTurn(s.Turn, h)
	return h, true
}

// UndoLeaf undoes on cells the part m that LeafHash or LeafPart made there from s.
func UndoLeaf(cells []Cell, s *State, m *Move) {
	// Every square plainChanges wrote is the source or destination of a change.
	for i := range m.Changes {
		c := &m.Changes[i]
		cells[c.To] = s.Cells[c.To]
		if c.Op == OpMove {
			cells[c.From] = s.Cells[c.From]
		}
	}
}
