package ai_test

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/zoggo/zoggo/ai"
)

// TestMargins: the points margins of each bot in each seat, and the pairs of games
// with the sides swapped compared by total points, worked out by hand for a run of
// six games of Thud's seats where the sixth failed (its pair is left out).
func TestMargins(t *testing.T) {
	info := &ai.RunInfo{Game: "Thud", Players: []string{"Dwarfs", "Trolls"}, Bots: []string{"A", "B"},
		Games: 6, Score: "rules"}
	pts := func(x float64) *float64 { return &x }
	game := func(n int, dwarfs, trolls float64) ai.Record {
		// Seats alternate: A plays the Dwarfs in the odd games, the Trolls in the even.
		d, tr := "A", "B"
		if n%2 == 0 {
			d, tr = "B", "A"
		}
		return ai.Record{Game: n, Result: ai.ResultStopped, Turns: 150, Ended: "stopped", Seats: []ai.Seat{
			{Player: "Dwarfs", Bot: d, Outcome: "draw", Points: pts(dwarfs)},
			{Player: "Trolls", Bot: tr, Outcome: "draw", Points: pts(trolls)}}}
	}
	recs := []ai.Record{
		game(4, 6, 24), game(1, 5, 32), game(3, 4, 28), game(2, 3, 32), game(5, 10, 20),
		{Game: 6, Result: ai.ResultFailed, Error: "x", Seats: []ai.Seat{{Player: "Dwarfs", Bot: "B"}, {Player: "Trolls", Bot: "A"}}},
	}
	st := ai.Tally(info, recs)
	sd := func(xs ...float64) float64 {
		m := 0.0
		for _, x := range xs {
			m += x
		}
		m /= float64(len(xs))
		ss := 0.0
		for _, x := range xs {
			ss += (x - m) * (x - m)
		}
		return math.Sqrt(ss / float64(len(xs)-1))
	}
	margin := func(bot, player string, xs ...float64) ai.Margin {
		m := 0.0
		for _, x := range xs {
			m += x
		}
		m /= float64(len(xs))
		s := sd(xs...)
		h := 1.96 * s / math.Sqrt(float64(len(xs)))
		return ai.Margin{Agent: bot, Player: player, Games: len(xs), Mean: m, SD: s, Low: m - h, High: m + h}
	}
	want := []ai.Margin{
		margin("A", "Dwarfs", -27, -24, -10), // games 1, 3 and 5
		margin("A", "Trolls", 29, 18),        // games 2 and 4
		margin("B", "Dwarfs", -29, -18),
		margin("B", "Trolls", 27, 24, 10),
	}
	near := cmpopts.EquateApprox(0, 1e-9)
	if d := cmp.Diff(want, st.Margins, near); d != "" {
		t.Errorf("margins mismatch (-want +got):\n%s", d)
	}
	// Pair 1 (games 1 and 2): A -27 then +29, ahead by 2; pair 2 (games 3 and 4): A
	// -24 then +18, behind by 6; pair 3 has the failed game.
	s := sd(2, -6)
	h := 1.96 * s / math.Sqrt(2)
	wantPairs := &ai.Pairs{Agent: "A", Other: "B", Pairs: 2, Wins: 1, Losses: 1, Score: 0.5, Mean: -2, SD: s,
		MLow: -2 - h, MHigh: -2 + h}
	if d := cmp.Diff(wantPairs, st.Pairs, near, cmpopts.IgnoreFields(ai.Pairs{}, "Low", "High")); d != "" {
		t.Errorf("pairs mismatch (-want +got):\n%s", d)
	}
	if st.Pairs.Low >= 0.5 || st.Pairs.High <= 0.5 {
		t.Errorf("pairs' score interval %v-%v does not hold 0.5", st.Pairs.Low, st.Pairs.High)
	}

	// Without points there are neither; with fixed seats, margins but no pairs.
	plain := *info
	plain.Score = ""
	if st := ai.Tally(&plain, nil); st.Margins != nil || st.Pairs != nil {
		t.Errorf("a run without --score has margins %v and pairs %v", st.Margins, st.Pairs)
	}
	fixed := *info
	fixed.FixedSeats = true
	if st := ai.Tally(&fixed, []ai.Record{game(1, 5, 32)}); len(st.Margins) != 2 || st.Pairs != nil {
		t.Errorf("fixed seats: margins %v, pairs %v; want two margins and no pairs", st.Margins, st.Pairs)
	}
}
