package ai

import (
	"math"
	"testing"
)

// TestScoreInterval checks the score's interval against Wilson's formula worked out by
// hand, at the extremes where the normal approximation collapses to a point, and for the
// narrowing that draws bring.
func TestScoreInterval(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.001 }
	for _, tt := range []struct {
		w, d, l   int
		low, high float64
	}{
		// p = 1/3, n = 6: centre (1/3 + 0.3201)/1.6403 = 0.3983, half 0.3016.
		{2, 0, 4, 0.0968, 0.6999},
		// Every game won: the upper end is exactly 1 and the lower one 0.510, not 1.
		{4, 0, 0, 0.5101, 1},
		{0, 0, 4, 0, 0.4899},
		// Every game drawn: no variance seen, counted as ten coin flips around 1/2.
		{0, 10, 0, 0.2366, 0.7634},
	} {
		low, high := scoreInterval(tt.w, tt.d, tt.l)
		if !near(low, tt.low) || !near(high, tt.high) {
			t.Errorf("%d-%d-%d: interval %.4f-%.4f, want %.4f-%.4f", tt.w, tt.d, tt.l, low, high, tt.low, tt.high)
		}
	}
	if low, high := scoreInterval(0, 0, 0); low != 0 || high != 1 {
		t.Errorf("no games: %v-%v, want 0-1", low, high)
	}
	// Draws halve the variance of 5-10-5 against 10-0-10: the interval is narrower.
	l1, h1 := scoreInterval(10, 0, 10)
	l2, h2 := scoreInterval(5, 10, 5)
	if !(h2-l2 < h1-l1) || !near(l1+h1, 1) || !near(l2+h2, 1) {
		t.Errorf("10-0-10 gives %.3f-%.3f and 5-10-5 %.3f-%.3f: want the second narrower, both around 0.5", l1, h1, l2, h2)
	}
	// Seats swapped mirror the interval, and it always holds the score.
	for w := 0; w <= 6; w++ {
		for d := 0; d <= 6; d++ {
			for l := 0; l <= 6; l++ {
				if w+d+l == 0 {
					continue
				}
				low, high := scoreInterval(w, d, l)
				ml, mh := scoreInterval(l, d, w)
				p := (float64(w) + float64(d)/2) / float64(w+d+l)
				if !near(low, 1-mh) || !near(high, 1-ml) || low > p+1e-9 || high < p-1e-9 {
					t.Fatalf("%d-%d-%d: %.4f-%.4f around %.4f, mirrored %.4f-%.4f", w, d, l, low, high, p, ml, mh)
				}
			}
		}
	}
}
