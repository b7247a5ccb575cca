package engine

import (
	"math/rand/v2"
	"testing"
)

// TestEndPart builds the state after random parts of random positions of lineGame
// (three players, a turn order that repeats from its second entry) with EndPart's one
// pass and with CopyFrom, Apply, SetCont and Advance, and checks that both give the
// same state. The positions have pieces with attributes, now and then a piece that must
// go on, a player out, a goto pending or stock; the parts move one piece (or none, or
// two), capture, change types, set attributes, and now and then make a change the one
// pass leaves to the general path. The target starts as an unrelated state.
func TestEndPart(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafGame(16)
	fast := 0
	for iter := 0; iter < 20000; iter++ {
		s := randomLeafState(g, rng, loc, true, true)
		m := randomPart(rng, loc, 3)
		m.Pass = rng.IntN(50) == 0
		junk := g.NewState()
		junk.Turn, junk.Ply, junk.Out, junk.Jump, junk.Hash, junk.Passes = 2, 99, 4, 3, 12345, 7
		a, b := junk.Clone(), junk.Clone()
		if g.endPlain(junk.Clone(), s, &m) {
			fast++
		}
		g.Off = 0
		g.EndPart(a, s, &m)
		g.Off = LeafPath
		g.EndPart(b, s, &m)
		if d := stateDiff(a, b); d != "" {
			t.Fatalf("iteration %d: %v from %+v: the one pass and the general path differ in %s", iter, m.Changes, *s, d)
		}
	}
	if fast < 8000 {
		t.Errorf("only %d of the parts took the one pass", fast)
	}
}

// stateDiff names the first field in which a and b differ, or returns "".
func stateDiff(a, b *State) string {
	switch {
	case len(a.Cells) != len(b.Cells):
		return "the number of cells"
	case len(a.Stock) != len(b.Stock):
		return "the number of stock counts"
	}
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return "Cells"
		}
	}
	for i := range a.Stock {
		if a.Stock[i] != b.Stock[i] {
			return "Stock"
		}
	}
	switch {
	case a.Turn != b.Turn:
		return "Turn"
	case a.Ply != b.Ply:
		return "Ply"
	case a.LastFrom != b.LastFrom || a.LastTo != b.LastTo:
		return "LastFrom or LastTo"
	case a.Cont != b.Cont || a.ContType != b.ContType:
		return "Cont or ContType"
	case a.Out != b.Out:
		return "Out"
	case a.Hash != b.Hash:
		return "Hash"
	case a.Jump != b.Jump:
		return "Jump"
	case a.Passes != b.Passes:
		return "Passes"
	}
	return ""
}

// randomPart makes a random part for the tests of the plain paths: most move one piece
// (some none), then up to three changes among captures, type and attribute changes,
// second movements, flips and changes of owner to one of players.
func randomPart(rng *rand.Rand, loc func() Loc, players int) Move {
	var m Move
	if rng.IntN(10) > 0 {
		m.Changes = append(m.Changes, Change{Op: OpMove, From: loc(), To: loc(), Player: Player(rng.IntN(players))})
	}
	for range rng.IntN(4) {
		switch rng.IntN(9) {
		case 0, 1:
			m.Changes = append(m.Changes, Change{Op: OpCapture, To: loc()})
		case 2, 3:
			m.Changes = append(m.Changes, Change{Op: OpType, To: loc(), Kind: Kind(rng.IntN(2))})
		case 4, 5:
			m.Changes = append(m.Changes, Change{Op: OpAttr, To: loc(), Attr: uint8(rng.IntN(2)), Val: rng.IntN(2) == 0})
		case 6:
			m.Changes = append(m.Changes, Change{Op: OpMove, From: loc(), To: loc()})
		case 7:
			m.Changes = append(m.Changes, Change{Op: OpFlip, To: loc()})
		default:
			m.Changes = append(m.Changes, Change{Op: OpOwner, To: loc(), Player: Player(rng.IntN(players))})
		}
	}
	return m
}

// leafGame is the game of the leaf tests, lineGame with three players and a turn
// order that repeats from its second entry, with a random source of stream seed and a
// random square of its board.
func leafGame(seed uint64) (*Game, *rand.Rand, func() Loc) {
	g := lineGame("White", "Black", "Red")
	g.TurnOrder.Repeat = 1
	rng := rand.New(rand.NewPCG(16, seed))
	n := len(g.Board.Locs)
	return g, rng, func() Loc { return Loc(rng.IntN(n)) }
}

// boardBack fails the test if cells, the board m was made on and undone, is not s's.
func boardBack(t *testing.T, iter int, m *Move, cells []Cell, s *State) {
	t.Helper()
	for l := range cells {
		if cells[l] != s.Cells[l] {
			t.Fatalf("iteration %d: %v: square %d is %#x after, was %#x", iter, m.Changes, l, cells[l], s.Cells[l])
		}
	}
}

// randomLeafState is a random position of lineGame for the leaf tests: pieces with
// attributes on two squares in three, now and then a piece that must go on, a player
// out or a goto pending, and with stock its stock and with last its last move and
// passes. Its hash is the full hash, or off by one bit: the paths under test update the
// hash, never recompute it.
func randomLeafState(g *Game, rng *rand.Rand, loc func() Loc, stock, last bool) *State {
	s := g.NewState()
	for l := range s.Cells {
		if rng.IntN(3) > 0 {
			s.Cells[l] = MakeCell(Player(rng.IntN(3)), Kind(rng.IntN(2)), uint32(rng.IntN(4)))
		}
	}
	if stock {
		for i := range s.Stock {
			s.Stock[i] = int32(rng.IntN(3)) - 1
		}
	}
	s.Turn, s.Ply = rng.IntN(3), rng.IntN(50)
	if last {
		s.LastFrom, s.LastTo = loc(), loc()
		s.Passes = int32(rng.IntN(2))
	}
	switch rng.IntN(12) {
	case 0:
		s.Cont, s.ContType = loc(), MoveType(rng.IntN(2))
	case 1:
		s.Out = 1 << uint(rng.IntN(3))
	case 2:
		s.Jump = int32(1 + rng.IntN(3))
	default:
		if last {
			s.ContType = MoveType(rng.IntN(2))
		}
	}
	s.Hash = g.FullHash(s) ^ uint64(rng.IntN(2))<<40
	return s
}
