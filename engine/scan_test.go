package engine

import (
	"math/rand/v2"
	"testing"
)

// TestOwns compares Owns with IsEmpty and Player on random cells, and on the cells of
// every owner with the smallest and largest type and no or all attributes.
func TestOwns(t *testing.T) {
	check := func(c Cell) {
		for p := Player(0); p < MaxPlayers; p++ {
			if want := !c.IsEmpty() && c.Player() == p; c.Owns(p) != want {
				t.Fatalf("Cell(%#x).Owns(%d) = %v, want %v", uint32(c), p, !want, want)
			}
		}
	}
	check(Empty)
	for p := Player(0); p < MaxPlayers; p++ {
		for _, k := range []Kind{0, 1, MaxKinds - 2, MaxKinds - 1} {
			check(MakeCell(p, k, 0))
			check(MakeCell(p, k, 1<<MaxAttrs-1))
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		check(Cell(r.Uint32N(1 << (attrShift + MaxAttrs))))
	}
}
