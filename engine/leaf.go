package engine

// This file builds the state after a turn of one part in one pass: the leaves of perft
// and of a search are mostly such states, and copying, applying, clearing the
// continuation and advancing the turn order one after the other reads and checks the
// same fields several times.

// EndPart makes t the state after m, a part that ends the turn, made in s: a copy of s
// (CopyFrom) with m applied (Apply), no piece left to continue the turn (SetCont) and
// the turn order advanced (Advance). t keeps its storage; it must not be s.
func (g *Game) EndPart(t, s *State, m *Move) {
	if useLeafPath && g.endPlain(t, s, m) {
		return
	}
	t.CopyFrom(s)
	g.Apply(t, m)
	if t.Cont != NoLoc {
		g.SetCont(t, NoLoc, NoMoveType)
	}
	g.Advance(t)
}

// useLeafPath turns endPlain on; tests turn it off to compare.
var useLeafPath = true

// endPlain is EndPart for a plain state (no dialect values, stacks or external state,
// storage of the same sizes) and a part that applyPlain takes, in a turn order where
// nobody is out and no goto is pending. It reports false, having changed nothing, for
// anything else.
func (g *Game) endPlain(t, s *State, m *Move) bool {
	ch := m.Changes
	if !usePlainApply || len(ch) == 0 || ch[0].Op != OpMove || m.Pass || g.Ext != nil || g.Options.RecycleCaptures ||
		s.Jump != 0 || s.Out != 0 || s.Cont != NoLoc ||
		len(t.Cells) != len(s.Cells) || len(t.Stock) != len(s.Stock) ||
		s.Vals != nil || t.Vals != nil || s.Under != nil || t.Under != nil || s.Ext != nil || t.Ext != nil {
		return false
	}
	for i := 1; i < len(ch); i++ {
		switch ch[i].Op {
		case OpCapture, OpType, OpAttr:
		default:
			return false
		}
	}
	z := g.zobrist()
	cells := t.Cells
	copy(cells, s.Cells)
	copy(t.Stock, s.Stock)
	h := s.Hash
	mv := &ch[0]
	c := cells[mv.From]
	h ^= z.cellHash(mv.From, c)
	cells[mv.From] = Empty
	h ^= z.cellHash(mv.To, cells[mv.To]) ^ z.cellHash(mv.To, c)
	cells[mv.To] = c
	// The other changes in the order of Apply's groups: captures, types, attributes.
	if len(ch) > 1 {
		for i := 1; i < len(ch); i++ {
			if e := &ch[i]; e.Op == OpCapture && !cells[e.To].IsEmpty() {
				h ^= z.cellHash(e.To, cells[e.To])
				cells[e.To] = Empty
			}
		}
		for i := 1; i < len(ch); i++ {
			if e := &ch[i]; e.Op == OpType && !cells[e.To].IsEmpty() {
				old := cells[e.To]
				cells[e.To] = old.WithKind(e.Kind)
				h ^= z.cellHash(e.To, old) ^ z.cellHash(e.To, cells[e.To])
			}
		}
		for i := 1; i < len(ch); i++ {
			if e := &ch[i]; e.Op == OpAttr && !cells[e.To].IsEmpty() {
				old := cells[e.To]
				cells[e.To] = old.WithAttr(int(e.Attr), e.Val)
				h ^= z.cellHash(e.To, old) ^ z.cellHash(e.To, cells[e.To])
			}
		}
	}
	// Advance with nobody out and no goto: the next entry of the turn order.
	turn := s.Turn
	h ^= z.turn[turn]
	if turn++; turn >= len(g.TurnOrder.Entries) {
		turn = g.TurnOrder.Repeat
	}
	h ^= z.turn[turn]
	t.Turn, t.Ply, t.LastFrom, t.LastTo, t.Cont, t.ContType = turn, s.Ply+1, mv.From, mv.To, NoLoc, s.ContType
	t.Out, t.Hash, t.Jump, t.Passes = 0, h, 0, s.Passes
	return true
}
