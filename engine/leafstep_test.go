package engine

import (
	"testing"
)

// TestLeafStep checks LeafStep against LeafHash on random positions as TestLeafHash
// makes them and random steps: a move of the piece on a square (or of an empty square)
// to any square, the same square too, with or without a change of type. SetLeafBase
// must accept exactly the states LeafHash takes such parts in, and LeafStep must give
// LeafHash's hash.
func TestLeafStep(t *testing.T) {
	g, rng, loc := leafGame(18)
	taken := 0
	var b LeafBase
	for iter := 0; iter < 20000; iter++ {
		s := randomLeafState(g, rng, loc, false, false)
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

// TestLeafPart checks LeafPart against Apply and SetCont on a copy of the state, on
// random parts of random positions as TestLeafHash makes them: it takes the parts
// LeafHash takes and returns LeafHash's hash, its state is the copy's field by field,
// and UndoLeaf leaves the board as it was.
func TestLeafPart(t *testing.T) {
	g, rng, loc := leafGame(19)
	taken := 0
	for iter := 0; iter < 20000; iter++ {
		s := randomLeafState(g, rng, loc, false, true)
		m := randomPart(rng, loc, 3)
		m.Pass = rng.IntN(50) == 0
		m.Cont = MoveType(rng.IntN(2))
		cells := append([]Cell(nil), s.Cells...)
		want, wantOK := g.LeafHash(append([]Cell(nil), s.Cells...), s, &m)
		var got State
		h, ok := g.LeafPart(&got, cells, s, &m)
		if ok != wantOK || ok && h != want {
			t.Fatalf("iteration %d: %v: LeafPart %#x %v, LeafHash %#x %v", iter, m.Changes, h, ok, want, wantOK)
		}
		if !ok {
			continue
		}
		taken++
		after := s.Clone()
		g.Apply(after, &m)
		g.SetCont(after, after.LastTo, m.Cont)
		if d := stateDiff(&got, after); d != "" {
			t.Fatalf("iteration %d: %v: LeafPart's state and Apply's differ in %s", iter, m.Changes, d)
		}
		UndoLeaf(cells, s, &m)
		boardBack(t, iter, &m, cells, s)
	}
	if taken < 7000 {
		t.Errorf("only %d of the parts taken", taken)
	}
}
