package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/enginetest"
)

// TestApplyPlain applies random parts to random positions of enginetest.LineGame with applyPlain
// and with the general path of Apply, and checks that both leave the same state. The
// parts move one piece (or none, or two), then capture, change types, set attributes,
// and now and then make a change applyPlain leaves to the general path.
func TestApplyPlain(t *testing.T) {
	t.Parallel()
	g := enginetest.LineGame()
	rng := rand.New(rand.NewPCG(7, 7))
	n := len(g.Board.Locs)
	loc := func() engine.Loc { return engine.Loc(rng.IntN(n)) }
	plain := 0
	for iter := 0; iter < 20000; iter++ {
		s := g.NewState()
		for l := range s.Cells {
			if rng.IntN(3) > 0 {
				s.Cells[l] = engine.MakeCell(engine.Player(rng.IntN(2)), engine.Kind(rng.IntN(2)), uint32(rng.IntN(4)))
			}
		}
		s.Hash = g.FullHash(s)
		m := enginetest.RandomPart(rng, loc, 2)
		a, b := s.Clone(), s.Clone()
		if engine.ApplyPlain(g, s.Clone(), &m) {
			plain++
		}
		g.Off = 0
		g.Apply(a, &m)
		g.Off = engine.PlainApply
		g.Apply(b, &m)
		if !slices.Equal(a.Cells, b.Cells) || a.Hash != b.Hash || a.LastFrom != b.LastFrom || a.LastTo != b.LastTo || a.Ply != b.Ply {
			t.Fatalf("iteration %d: %v: applyPlain gives %v (hash %x), Apply %v (hash %x)", iter, m.Changes, a.Cells, a.Hash, b.Cells, b.Hash)
		}
		if a.Hash != g.FullHash(a) {
			t.Fatalf("iteration %d: %v: the hash is not the full hash", iter, m.Changes)
		}
	}
	if plain < 10000 {
		t.Errorf("only %d of the parts took applyPlain", plain)
	}
}
