package engine

import (
	"math/rand/v2"
	"testing"
)

// TestLeafStep checks LeafStep against LeafHash on random positions as TestLeafHash
// makes them and random steps: a move of the piece on a square (or of an empty square)
// to any square, the same square too, with or without a change of type. SetLeafBase
// must accept exactly the states LeafHash takes such parts in, and LeafStep must give
// LeafHash's hash.
func TestLeafStep(t *testing.T) {
	g := lineGame("White", "Black", "Red")
	g.TurnOrder.Repeat = 1
	rng := rand.New(rand.NewPCG(16, 18))
	n := len(g.Board.Locs)
	loc := func() Loc { return Loc(rng.IntN(n)) }
	taken := 0
	var b LeafBase
	for iter := 0; iter < 20000; iter++ {
		s := g.NewState()
		for l := range s.Cells {
			if rng.IntN(3) > 0 {
				s.Cells[l] = MakeCell(Player(rng.IntN(3)), Kind(rng.IntN(2)), uint32(rng.IntN(4)))
			}
		}
		s.Turn, s.Ply = rng.IntN(3), rng.IntN(50)
		switch rng.IntN(12) {
		case 0:
			s.Cont, s.ContType = loc(), MoveType(rng.IntN(2))
		case 1:
			s.Out = 1 << uint(rng.IntN(3))
		case 2:
			s.Jump = int32(1 + rng.IntN(3))
		}
		s.Hash = g.FullHash(s) ^ uint64(rng.IntN(2))<<40
		from, to := loc(), loc()
		if rng.IntN(8) == 0 {
			to = from
		}
		retype, k := rng.IntN(2) == 0, Kind(rng.IntN(2))
		m := Move{Changes: []Change{{Op: OpMove, From: from, To: to}}}
		if retype {
			m.Changes = append(m.Changes, Change{Op: OpType, To: to, Kind: k})
		}
		cells := append([]Cell(nil), s.Cells...)
		want, ok := g.LeafHash(cells, s, &m)
		if got := g.SetLeafBase(&b, s); got != ok {
			t.Fatalf("iteration %d: %v: SetLeafBase %v, LeafHash takes it %v", iter, m.Changes, got, ok)
		}
		if !ok {
			continue
		}
		taken++
		if h := b.LeafStep(from, to, retype, k); h != want {
			t.Fatalf("iteration %d: %v: LeafStep %#x, LeafHash %#x", iter, m.Changes, h, want)
		}
	}
	if taken < 12000 {
		t.Errorf("only %d of the steps taken", taken)
	}
}
