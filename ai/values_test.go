package ai_test

import (
	"math"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestStatedValues: where the rules state what pieces are worth, the search plays by
// those values in the units of the derived ones (the same mean over the pieces that
// state one, the stated ratios), and a piece that states none keeps its derived value.
func TestStatedValues(t *testing.T) {
	thud := evaltest.Load(t, "../games/thud.zrf")
	v := ai.PieceValues(thud).Kind
	dwarf, troll := thud.KindIndex("Dwarf"), thud.KindIndex("Troll")
	if r := v[troll] / v[dwarf]; math.Abs(r-4) > 1e-9 {
		t.Errorf("Thud: a troll is worth %.3f dwarfs to the search, want 4 (values %v)", r, v)
	}

	// Two pieces that move alike, one stating 3 points and the other nothing, and a
	// third stating 1: the derived values are equal, so the stated pieces share out
	// twice that value in the ratio 3:1.
	const src = `(version "zoggo-1")
(game (title "Stated")
   (players A B)
   (turn-order A B)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (piece (name Big) (value 3) (moves (n (verify empty?) add) (e (verify empty?) add)))
   (piece (name Plain) (moves (n (verify empty?) add) (e (verify empty?) add)))
   (piece (name Small) (value 1) (moves (n (verify empty?) add) (e (verify empty?) add)))
   (board-setup (A (Big a1) (Plain b1) (Small c1)) (B (Big a4))))`
	g := evaltest.LoadText(t, "stated.zrf", src)
	got := ai.PieceValues(g).Kind
	plain := got[g.KindIndex("Plain")]
	if plain <= 1 {
		t.Fatalf("Plain's derived value %v, want more than 1", plain)
	}
	want := []float64{1.5 * plain, plain, 0.5 * plain}
	for k := range want {
		if math.Abs(got[k]-want[k]) > 1e-9 {
			t.Errorf("%s: value %v, want %v", g.Pieces[k].Name, got[k], want[k])
		}
	}
}
