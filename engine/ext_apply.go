package engine

// This file applies the most common parts of the dialect's draughts in one pass: in a
// game whose only extra state is variables and position values (valuesApply), a part
// that moves one piece and then only captures, changes types, sets attributes and sets
// values changes the cells as a plain part does (plainChanges, which passes over the
// values) and the values as valuesApply does, which reads nothing the cells' changes
// could alter but the emptiness of a square for a piece value, and the game has none.
// The effects of actions (the same changes without the movement) go the same way.

// valuesPart reports whether applyValues takes m: g's only extra state is variables and
// position values, captured pieces are not recycled, and m is no pass and only
// captures, changes types, sets attributes and sets values, after moving one piece
// first or not.
func (g *Game) valuesPart(m *Move) bool {
	e := g.Ext
	if e == nil || len(e.PieceInts) > 0 || e.StackCap > 0 || !g.on(ValuesOnly) || g.Options.RecycleCaptures || m.Pass {
		return false
	}
	ch := m.Changes
	if len(ch) == 0 {
		return false
	}
	for i := range ch {
		switch ch[i].Op {
		case OpCapture, OpType, OpAttr, OpVal:
		case OpMove:
			if i > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// applyValues is Apply for a part that valuesPart takes; it reports false, having
// changed nothing, for any other part.
func (g *Game) applyValues(s *State, m *Move) bool {
	if !g.on(ValuesPlain) || !g.valuesPart(m) {
		return false
	}
	g.valuesChanges(s, m)
	return true
}

// valuesChanges makes the changes of m, a part that valuesPart takes, on s.
func (g *Game) valuesChanges(s *State, m *Move) {
	var h uint64
	if ch := m.Changes; ch[0].Op == OpMove {
		h = g.plainChanges(s.Cells, s.Hash, ch)
		s.LastFrom, s.LastTo = ch[0].From, ch[0].To
	} else {
		h = g.effectChanges(s.Cells, s.Hash, ch)
		s.LastFrom, s.LastTo = NoLoc, NoLoc
	}
	h ^= g.valuesApply(s, m)
	s.Ply++
	s.Hash = h
}

// effectChanges is plainChanges for changes without a movement (the effects of the
// dialect's actions): the captures, the type changes and the attributes, each in the
// order of the changes, as Apply's groups reduce to; value changes are passed over.
func (g *Game) effectChanges(cells []Cell, h uint64, ch []Change) uint64 {
	z := g.zobrist()
	for i := range ch {
		if e := &ch[i]; e.Op == OpCapture && !cells[e.To].IsEmpty() {
			h ^= z.cellHash(e.To, cells[e.To])
			cells[e.To] = Empty
		}
	}
	for i := range ch {
		if e := &ch[i]; e.Op == OpType && !cells[e.To].IsEmpty() {
			old := cells[e.To]
			cells[e.To] = old.WithKind(e.Kind)
			h ^= z.cellHash(e.To, old) ^ z.cellHash(e.To, cells[e.To])
		}
	}
	for i := range ch {
		if e := &ch[i]; e.Op == OpAttr && !cells[e.To].IsEmpty() {
			old := cells[e.To]
			cells[e.To] = old.WithAttr(int(e.Attr), e.Val)
			h ^= z.cellHash(e.To, old) ^ z.cellHash(e.To, cells[e.To])
		}
	}
	return h
}

// EndValues makes t the state after m, a part that ends the turn, made in s, as
// EndPart does (copy, Apply, no continuation, Advance), for a part that applyValues
// takes; it copies s into t's storage without writing a pointer. It reports false,
// having changed nothing, when m or the states are of another kind (storage of other
// sizes, stacks, an external state, a piece to continue the turn).
func (g *Game) EndValues(t, s *State, m *Move) bool {
	if !g.on(ValuesPlain) || !g.valuesPart(m) || s.Cont != NoLoc ||
		len(t.Cells) != len(s.Cells) || len(t.Stock) != len(s.Stock) || len(t.Vals) != len(s.Vals) ||
		s.Vals == nil || t.Vals == nil || s.Under != nil || t.Under != nil || s.External != nil || t.External != nil {
		return false
	}
	copy(t.Cells, s.Cells)
	copy(t.Stock, s.Stock)
	copy(t.Vals, s.Vals)
	t.Turn, t.Ply, t.LastFrom, t.LastTo, t.Cont, t.ContType = s.Turn, s.Ply, s.LastFrom, s.LastTo, s.Cont, s.ContType
	t.Out, t.Hash, t.Jump, t.Passes = s.Out, s.Hash, s.Jump, s.Passes
	g.valuesChanges(t, m)
	g.Advance(t)
	return true
}
