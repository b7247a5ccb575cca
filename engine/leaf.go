package engine

// This file builds the state after a turn of one part in one pass: the leaves of perft
// and of a search are mostly such states, and copying, applying, clearing the
// continuation and advancing the turn order one after the other reads and checks the
// same fields several times.

// EndPart makes t the state after m, a part that ends the turn, made in s: a copy of s
// (CopyFrom) with m applied (Apply), no piece left to continue the turn (SetCont) and
// the turn order advanced (Advance). t keeps its storage; it must not be s.
func (g *Game) EndPart(t, s *State, m *Move) {
	if g.endPlain(t, s, m) {
		return
	}
	t.CopyFrom(s)
	g.Apply(t, m)
	if t.Cont != NoLoc {
		g.SetCont(t, NoLoc, NoMoveType)
	}
	g.Advance(t)
}

// OnePass reports whether EndPart makes the state after a part of s in one pass
// (endPlain) when PlainPart takes the part and the target is a state of the game
// without values, stacks or external state: the shortcuts the pass rests on are on
// (LeafPath, PlainApply), s is plain and nobody is out, jumped to or continuing. eval
// makes perft's leaves in place for exactly these states and parts.
func (g *Game) OnePass(s *State) bool {
	return g.Off&(LeafPath|PlainApply) == 0 && s.Jump == 0 && s.Out == 0 && s.Cont == NoLoc &&
		s.Vals == nil && s.Under == nil && s.External == nil
}

// NextTurn returns the entry of the turn order after turn and h with the hash of turn
// swapped for the next's, as Advance makes them with nobody out and no goto pending.
func (g *Game) NextTurn(turn int, h uint64) (int, uint64) { return g.nextTurn(turn, h) }

// nextTurn returns the entry of the turn order after turn, as Advance makes it with
// nobody out and no goto pending, and h with the hash of turn swapped for the next's.
func (g *Game) nextTurn(turn int, h uint64) (int, uint64) {
	z := g.zobrist()
	h ^= z.turn[turn]
	if turn++; turn >= len(g.TurnOrder.Entries) {
		turn = g.TurnOrder.Repeat
	}
	return turn, h ^ z.turn[turn]
}

// endPlain is EndPart in one pass for the states OnePass takes, a part that
// applyPlain takes and a target with storage of s's sizes and no values, stacks or
// external state. It reports false, having changed nothing, for anything else.
func (g *Game) endPlain(t, s *State, m *Move) bool {
	if !g.OnePass(s) || !g.plainPart(m) ||
		len(t.Cells) != len(s.Cells) || len(t.Stock) != len(s.Stock) ||
		t.Vals != nil || t.Under != nil || t.External != nil {
		return false
	}
	copy(t.Cells, s.Cells)
	copy(t.Stock, s.Stock)
	h := g.plainChanges(t.Cells, s.Hash, m.Changes)
	turn, h := g.nextTurn(s.Turn, h)
	mv := &m.Changes[0]
	t.Turn, t.Ply, t.LastFrom, t.LastTo, t.Cont, t.ContType = turn, s.Ply+1, mv.From, mv.To, NoLoc, s.ContType
	t.Out, t.Hash, t.Jump, t.Passes = 0, h, 0, s.Passes
	return true
}
