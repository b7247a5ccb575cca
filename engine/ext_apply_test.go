package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/enginetest"
)

// TestApplyValues applies random parts to random positions of a game whose only extra
// state is variables and position values, with applyValues and with the general path
// of Apply, and checks that both leave the same state, with the hash computed from
// scratch. The parts are enginetest.RandomPart's, with value changes mixed in, so that most take
// applyValues and some are left to the general path.
func TestApplyValues(t *testing.T) {
	t.Parallel()
	g := engine.ValuesGame()
	rng := rand.New(rand.NewPCG(5, 9))
	n := len(g.Board.Locs)
	loc := func() engine.Loc { return engine.Loc(rng.IntN(n)) }
	fast := 0
	for iter := range 20000 {
		s := randomValues(g, rng)
		s.Jump, s.Passes = int32(rng.IntN(2)), int32(rng.IntN(3))
		s.Hash = g.FullHash(s)
		m := enginetest.RandomPart(rng, loc, 2)
		for range rng.IntN(4) {
			c := engine.Change{Op: engine.OpVal, To: loc(), Attr: uint8(rng.IntN(2)), Value: int32(rng.IntN(4) - 1)}
			c.Class = []engine.ValClass{engine.ValVar, engine.ValPos, engine.ValPos, engine.ValTurn}[rng.IntN(4)]
			if c.Class == engine.ValTurn {
				c.Value = int32(rng.IntN(len(g.TurnOrder.Entries)))
			}
			i := rng.IntN(len(m.Changes) + 1)
			m.Changes = append(m.Changes[:i], append([]engine.Change{c}, m.Changes[i:]...)...)
		}
		m.Pass = rng.IntN(20) == 0
		if engine.ValuesPart(g, &m) {
			fast++
		}
		a, b := s.Clone(), s.Clone()
		g.Off = 0
		g.Apply(a, &m)
		g.Off = engine.ValuesPlain
		g.Apply(b, &m)
		if !equalStates(a, b) {
			t.Fatalf("iteration %d: Apply %+v: applyValues differs from Apply (-general +applyValues):\n%s", iter, m.Changes, cmp.Diff(b, a))
		}
		if a.Hash != g.FullHash(a) {
			t.Fatalf("iteration %d: Apply %+v: incremental hash %x, full hash %x", iter, m.Changes, a.Hash, g.FullHash(a))
		}
	}
	if fast < 5000 {
		t.Errorf("only %d of the parts took applyValues", fast)
	}
}

// TestEndValues makes random parts that end the turn in random positions of a game of
// values with EndValues, into a state that held another position, and with the
// general path of Apply and Advance on a copy, and checks that both give the same
// state.
func TestEndValues(t *testing.T) {
	t.Parallel()
	g := enginetest.LineGame()
	g.Ext = &engine.Ext{
		Vars:    []engine.IntVar{{Name: "score", Init: 2}},
		PosInts: []engine.IntVar{{Name: "taken"}},
	}
	g.Prepare()
	rng := rand.New(rand.NewPCG(11, 3))
	n := len(g.Board.Locs)
	loc := func() engine.Loc { return engine.Loc(rng.IntN(n)) }
	random := func() *engine.State {
		s := randomValues(g, rng)
		s.Turn, s.Ply, s.Jump = rng.IntN(len(g.TurnOrder.Entries)), rng.IntN(50), int32(rng.IntN(2))
		s.LastFrom, s.LastTo = loc(), loc()
		s.Hash = g.FullHash(s)
		return s
	}
	made := 0
	for iter := range 20000 {
		s := random()
		m := enginetest.RandomPart(rng, loc, 2)
		if rng.IntN(2) == 0 {
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpVal, Class: engine.ValPos, To: loc(), Value: int32(rng.IntN(2))})
		}
		a, b := random(), s.Clone()
		if !g.EndValues(a, s, &m) {
			continue
		}
		made++
		g.Off = engine.ValuesPlain
		g.Apply(b, &m)
		g.Advance(b)
		g.Off = 0
		if !equalStates(a, b) {
			t.Fatalf("iteration %d: %+v: EndValues differs from Apply and Advance (-general +EndValues):\n%s", iter, m.Changes, cmp.Diff(b, a))
		}
		if a.Hash != g.FullHash(a) {
			t.Fatalf("iteration %d: %+v: incremental hash %x, full hash %x", iter, m.Changes, a.Hash, g.FullHash(a))
		}
	}
	if made < 5000 {
		t.Errorf("only %d of the parts took EndValues", made)
	}
}

// randomValues is a new state of g with random pieces on two squares in three and
// random values in one value in three.
func randomValues(g *engine.Game, rng *rand.Rand) *engine.State {
	s := g.NewState()
	for l := range s.Cells {
		if rng.IntN(3) > 0 {
			s.Cells[l] = engine.MakeCell(engine.Player(rng.IntN(2)), engine.Kind(rng.IntN(2)), uint32(rng.IntN(4)))
		}
	}
	for i := range s.Vals {
		if rng.IntN(3) == 0 {
			s.Vals[i] = int32(rng.IntN(3))
		}
	}
	return s
}

// equalStates reports whether a and b are equal in every field (what cmp.Diff compares,
// without its cost in a loop of many thousands).
func equalStates(a, b *engine.State) bool {
	return a.Turn == b.Turn && a.Ply == b.Ply && a.LastFrom == b.LastFrom && a.LastTo == b.LastTo &&
		a.Cont == b.Cont && a.ContType == b.ContType && a.Out == b.Out && a.Hash == b.Hash &&
		a.Jump == b.Jump && a.External == b.External && a.Passes == b.Passes && slices.Equal(a.Cells, b.Cells) &&
		slices.Equal(a.Stock, b.Stock) && slices.Equal(a.Vals, b.Vals) && slices.Equal(a.Under, b.Under)
}
