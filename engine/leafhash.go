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
	if !usePlainApply || !useLeafPath || !g.plainPart(m) ||
		s.Jump != 0 || s.Out != 0 || s.Cont != NoLoc || len(cells) != len(s.Cells) ||
		s.Vals != nil || s.Under != nil || s.Ext != nil {
		return 0, false
	}
	h := g.plainChanges(cells, s.Hash, m.Changes)
	// Undo: every square plainChanges wrote is the source or destination of a change.
	for i := range m.Changes {
		c := &m.Changes[i]
		cells[c.To] = s.Cells[c.To]
		if c.Op == OpMove {
			cells[c.From] = s.Cells[c.From]
		}
	}
	// Advance with nobody out and no goto, as endPlain does.
	z := g.zobrist()
	turn := s.Turn
	h ^= z.turn[turn]
	if turn++; turn >= len(g.TurnOrder.Entries) {
		turn = g.TurnOrder.Repeat
	}
	return h ^ z.turn[turn], true
}
