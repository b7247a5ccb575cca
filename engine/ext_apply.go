package engine

// This file applies the most common parts of the dialect's draughts in one pass: in a
// game whose only extra state is variables and position values (valuesApply), a part
// that moves one piece and then only captures, changes types, sets attributes and sets
// values changes the cells as a plain part does (plainChanges, which passes over the
// values) and the values as valuesApply does, which reads nothing the cells' changes
// could alter but the emptiness of a square for a piece value, and the game has none.

// useValuesPlain turns applyValues on; tests turn it off to compare.
var useValuesPlain = true

// valuesPart reports whether applyValues takes m: g's only extra state is variables and
// position values, captured pieces are not recycled, and m is no pass, moves one piece
// first and then only captures, changes types, sets attributes and sets values.
func (g *Game) valuesPart(m *Move) bool {
	e := g.Ext
	if e == nil || len(e.PieceInts) > 0 || e.StackCap > 0 || !useValuesOnly || g.Options.RecycleCaptures || m.Pass {
		return false
	}
	ch := m.Changes
	if len(ch) == 0 || ch[0].Op != OpMove {
		return false
	}
	for i := 1; i < len(ch); i++ {
		switch ch[i].Op {
		case OpCapture, OpType, OpAttr, OpVal:
		default:
			return false
		}
	}
	return true
}

// applyValues is Apply for a part that valuesPart takes; it reports false, having
// changed nothing, for any other part.
func (g *Game) applyValues(s *State, m *Move) bool {
	if !useValuesPlain || !g.valuesPart(m) {
		return false
	}
	h := g.plainChanges(s.Cells, s.Hash, m.Changes)
	h ^= g.valuesApply(s, m)
	s.LastFrom, s.LastTo = m.Changes[0].From, m.Changes[0].To
	s.Ply++
	s.Hash = h
	return true
}
