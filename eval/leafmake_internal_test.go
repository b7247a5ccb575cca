package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/enginetest"
)

// The tests of leafmake.go, on the random positions and parts of engine's tests of
// EndPart (internal/enginetest): a line of five squares with three players and a turn
// order that repeats from its second entry.

// TestLeafHash checks leafHash against EndPart on random parts of random positions: it
// takes exactly the parts EndPart's one pass takes, gives the hash of EndPart's state
// for them and leaves the board as it was; elsewhere it changes nothing.
func TestLeafHash(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafLineGame(17)
	taken, refused := 0, 0
	for iter := 0; iter < 20000; iter++ {
		s := enginetest.RandomLeafState(g.Game, rng, loc, false, false)
		m := enginetest.RandomPart(rng, loc, 3)
		m.Pass = rng.IntN(50) == 0
		cells := append([]engine.Cell(nil), s.Cells...)
		h, ok := g.leafHash(cells, s, &m)
		enginetest.BoardBack(t, iter, &m, cells, s)
		// The parts EndPart's one pass takes (TestEndPart holds engine's endPlain to
		// OnePass and PlainPart): no more, no fewer.
		if one := g.OnePass(s) && g.PlainPart(&m); ok != one {
			t.Fatalf("iteration %d: %v: leafHash takes it %v, the one pass %v", iter, m.Changes, ok, one)
		}
		if !ok {
			refused++
			continue
		}
		taken++
		after := g.NewState()
		g.EndPart(after, s, &m)
		if h != after.Hash {
			t.Fatalf("iteration %d: %v: hash %#x, EndPart's state has %#x", iter, m.Changes, h, after.Hash)
		}
	}
	if taken < 7000 || refused < 2000 {
		t.Errorf("%d of the parts taken and %d refused", taken, refused)
	}
}

// TestLeafStep checks leafStep against leafHash on random positions and random steps: a
// move of the piece on a square (or of an empty square) to any square, the same square
// too, with or without a change of type. setLeafBase must accept exactly the states
// leafHash takes such parts in, and leafStep must give leafHash's hash.
func TestLeafStep(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafLineGame(18)
	taken := 0
	var b leafBase
	for iter := 0; iter < 20000; iter++ {
		s := enginetest.RandomLeafState(g.Game, rng, loc, false, false)
		from, to := loc(), loc()
		if rng.IntN(8) == 0 {
			to = from
		}
		retype, k := rng.IntN(2) == 0, engine.Kind(rng.IntN(2))
		m := engine.Move{Changes: []engine.Change{{Op: engine.OpMove, From: from, To: to}}}
		if retype {
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpType, To: to, Kind: k})
		}
		cells := append([]engine.Cell(nil), s.Cells...)
		want, ok := g.leafHash(cells, s, &m)
		if got := g.setLeafBase(&b, s); got != ok {
			t.Fatalf("iteration %d: %v: setLeafBase %v, leafHash takes it %v", iter, m.Changes, got, ok)
		}
		if !ok {
			continue
		}
		taken++
		if h := b.leafStep(from, to, retype, k); h != want {
			t.Fatalf("iteration %d: %v: leafStep %#x, leafHash %#x", iter, m.Changes, h, want)
		}
	}
	if taken < 12000 {
		t.Errorf("only %d of the steps taken", taken)
	}
}

// TestLeafPart checks leafPart against Apply and SetCont on a copy of the state, on
// random parts of random positions: it takes the parts leafHash takes and returns
// leafHash's hash, its state is the copy's field by field, and undoLeaf leaves the
// board as it was.
func TestLeafPart(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafLineGame(19)
	taken := 0
	for iter := 0; iter < 20000; iter++ {
		s := enginetest.RandomLeafState(g.Game, rng, loc, false, true)
		m := enginetest.RandomPart(rng, loc, 3)
		m.Pass = rng.IntN(50) == 0
		m.Cont = engine.MoveType(rng.IntN(2))
		cells := append([]engine.Cell(nil), s.Cells...)
		want, wantOK := g.leafHash(append([]engine.Cell(nil), s.Cells...), s, &m)
		var got engine.State
		h, ok := g.leafPart(&got, cells, s, &m)
		if ok != wantOK || ok && h != want {
			t.Fatalf("iteration %d: %v: leafPart %#x %v, leafHash %#x %v", iter, m.Changes, h, ok, want, wantOK)
		}
		if !ok {
			continue
		}
		taken++
		after := s.Clone()
		g.Apply(after, &m)
		g.SetCont(after, after.LastTo, m.Cont)
		if d := enginetest.StateDiff(&got, after); d != "" {
			t.Fatalf("iteration %d: %v: leafPart's state and Apply's differ in %s", iter, m.Changes, d)
		}
		undoLeaf(cells, s, &m)
		enginetest.BoardBack(t, iter, &m, cells, s)
	}
	if taken < 7000 {
		t.Errorf("only %d of the parts taken", taken)
	}
}

// leafLineGame is enginetest.LeafGame as a game of this package.
func leafLineGame(seed uint64) (*Game, *rand.Rand, func() engine.Loc) {
	g, rng, loc := enginetest.LeafGame(seed)
	return &Game{Game: g}, rng, loc
}
