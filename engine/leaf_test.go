package engine_test

import (
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/enginetest"
)

// TestEndPart builds the state after random parts of random positions of
// enginetest.LeafGame (three players, a turn order that repeats from its second entry)
// with EndPart's one pass and with CopyFrom, Apply, SetCont and Advance, and checks that
// both give the same state, and that the one pass takes exactly the parts PlainPart
// takes in the states OnePass takes (eval's leaves in place rest on that). The
// positions have pieces with attributes, now and then a piece that must go on, a
// player out, a goto pending or stock; the parts move one piece (or none, or two),
// capture, change types, set attributes, and now and then make a change the one pass
// leaves to the general path. The target starts as an unrelated state.
func TestEndPart(t *testing.T) {
	t.Parallel()
	g, rng, loc := enginetest.LeafGame(16)
	fast, refused := 0, 0
	for iter := 0; iter < 20000; iter++ {
		s := enginetest.RandomLeafState(g, rng, loc, true, true)
		m := enginetest.RandomPart(rng, loc, 3)
		m.Pass = rng.IntN(50) == 0
		junk := g.NewState()
		junk.Turn, junk.Ply, junk.Out, junk.Jump, junk.Hash, junk.Passes = 2, 99, 4, 3, 12345, 7
		a, b := junk.Clone(), junk.Clone()
		g.Off = 0
		one := engine.EndPlain(g, junk.Clone(), s, &m)
		if want := g.OnePass(s) && g.PlainPart(&m); one != want {
			t.Fatalf("iteration %d: %v from %+v: the one pass takes it %v, OnePass and PlainPart %v", iter, m.Changes, *s, one, want)
		}
		if one {
			fast++
		} else {
			refused++
		}
		g.EndPart(a, s, &m)
		g.Off = engine.LeafPath
		g.EndPart(b, s, &m)
		if d := enginetest.StateDiff(a, b); d != "" {
			t.Fatalf("iteration %d: %v from %+v: the one pass and the general path differ in %s", iter, m.Changes, *s, d)
		}
	}
	if fast < 8000 || refused < 2000 {
		t.Errorf("%d of the parts took the one pass and %d did not", fast, refused)
	}
}
