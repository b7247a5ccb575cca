package ai

import (
	"math"
	"testing"
)

// The values below were computed apart from this package: Wilson's ends by bisection on
// (k/n - p)^2 = 1.96^2 p(1-p)/n, the rating differences as 400*log10(s/(1-s)), and the
// combined rating as the maximum of the log-likelihood over a grid of 0.01 points.

func TestEloDiff(t *testing.T) {
	for _, tt := range []struct{ score, want float64 }{
		{0.5, 0}, {0.75, 190.8485}, {0.9, 381.6970}, {0.1, -381.6970}, {0.64, 99.9510},
	} {
		if got := EloDiff(tt.score); math.Abs(got-tt.want) > 1e-3 {
			t.Errorf("EloDiff(%v) = %.4f, want %.4f", tt.score, got, tt.want)
		}
		if got := Expected(EloDiff(tt.score)); math.Abs(got-tt.score) > 1e-12 {
			t.Errorf("Expected(EloDiff(%v)) = %v", tt.score, got)
		}
	}
	if !math.IsInf(EloDiff(0), -1) || !math.IsInf(EloDiff(1), 1) {
		t.Errorf("EloDiff(0), EloDiff(1) = %v, %v: want -Inf, +Inf", EloDiff(0), EloDiff(1))
	}
}

func TestStepRate(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.01 || math.IsInf(a, 0) && a == b }
	inf := math.Inf(1)
	for _, tt := range []struct {
		s               Step
		lo, hi          float64 // the score's interval
		elo, elo1, elo2 float64
	}{
		{Step{Rating: 1500, Wins: 7, Losses: 3}, 0.396773, 0.892211, 1647.1907, 1427.2247, 1867.1567},
		{Step{Rating: 1350, Wins: 3, Losses: 17}, 0.052368, 0.360423, 1048.6689, 846.9698, 1250.3681},
		{Step{Rating: 2000, Wins: 15, Losses: 5}, 0.531295, 0.888140, 2190.8485, 2021.7744, 2359.9226},
		{Step{Rating: 1350, Wins: 10}, 0.722460, 1, inf, 1516.1951, inf},
	} {
		lo, hi := tt.s.Interval()
		if math.Abs(lo-tt.lo) > 1e-5 || math.Abs(hi-tt.hi) > 1e-5 {
			t.Errorf("%+v: interval %.6f-%.6f, want %.6f-%.6f", tt.s, lo, hi, tt.lo, tt.hi)
		}
		elo, l, h := tt.s.Rate()
		if !near(elo, tt.elo) || !near(l, tt.elo1) || !near(h, tt.elo2) {
			t.Errorf("%+v: rating %.4f (%.4f to %.4f), want %.4f (%.4f to %.4f)", tt.s, elo, l, h, tt.elo, tt.elo1, tt.elo2)
		}
		// One step alone: the combined estimate is the step's own.
		e, el, eh := Estimate([]Step{tt.s})
		if !near(e, elo) || !near(el, l) || !near(eh, h) {
			t.Errorf("%+v: Estimate %.4f (%.4f to %.4f), Rate %.4f (%.4f to %.4f)", tt.s, e, el, eh, elo, l, h)
		}
	}
}

func TestEstimate(t *testing.T) {
	steps := []Step{{Rating: 1350, Wins: 6, Losses: 4}, {Rating: 1500, Wins: 3, Losses: 7}, {Rating: 1700, Wins: 1, Losses: 9}}
	elo, lo, hi := Estimate(steps)
	if math.Abs(elo-1375.94) > 0.01 || math.Abs(lo-1238.10) > 0.01 || math.Abs(hi-1514.28) > 0.01 {
		t.Errorf("Estimate = %.2f (%.2f to %.2f), want 1375.94 (1238.10 to 1514.28)", elo, lo, hi)
	}
	// Every game lost: no lower bound; every game won: no upper bound.
	if elo, lo, hi := Estimate([]Step{{Rating: 1350, Losses: 10}}); !math.IsInf(elo, -1) || !math.IsInf(lo, -1) || math.IsInf(hi, 0) || hi >= 1350 {
		t.Errorf("10 losses: %v (%v to %v)", elo, lo, hi)
	}
	if elo, lo, hi := Estimate([]Step{{Rating: 1350, Wins: 4}, {Rating: 2850, Wins: 4}}); !math.IsInf(elo, 1) || !math.IsInf(hi, 1) || lo <= 2850-400 {
		t.Errorf("every game won: %v (%v to %v)", elo, lo, hi)
	}
	if elo, lo, hi := Estimate(nil); !math.IsNaN(elo) || !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("no games: %v (%v to %v)", elo, lo, hi)
	}
	// Draws: 5 wins, 10 draws, 5 losses rate as the opponent, in a narrower interval
	// than 10 wins and 10 losses.
	e1, l1, h1 := Estimate([]Step{{Rating: 1600, Wins: 10, Losses: 10}})
	e2, l2, h2 := Estimate([]Step{{Rating: 1600, Wins: 5, Draws: 10, Losses: 5}})
	if math.Abs(e1-1600) > 0.01 || math.Abs(e2-1600) > 0.01 || !(h2-l2 < h1-l1) {
		t.Errorf("10-0-10: %.2f (%.2f to %.2f); 5-10-5: %.2f (%.2f to %.2f)", e1, l1, h1, e2, l2, h2)
	}
}
