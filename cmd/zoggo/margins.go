package main

import (
	"fmt"
	"io"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
)

// printMargins prints the points statistics of a run with --score: each bot's margin in
// each seat, and the pairs of games with the sides swapped compared by total points.
func printMargins(w io.Writer, st *ai.Stats) {
	if len(st.Margins) == 0 {
		return
	}
	width := 14
	for _, m := range st.Margins {
		width = max(width, len(m.Agent))
	}
	fmt.Fprintf(w, "\npoints margin by seat (own points minus the other's, mean with its 95%% interval):\n")
	fmt.Fprintf(w, "%-*s %-14s %5s  %-26s %s\n", width, "bot", "player", "games", "margin (95% interval)", "sd")
	for _, m := range st.Margins {
		fmt.Fprintf(w, "%-*s %-14s %5d  %-26s %.2f\n", width, m.Agent, m.Player, m.Games,
			fmt.Sprintf("%+.2f (%+.2f to %+.2f)", m.Mean, m.Low, m.High), m.SD)
	}
	p := st.Pairs
	if p == nil || p.Pairs == 0 {
		return
	}
	fmt.Fprintf(w, "\npairs of games with the sides swapped (games 1 and 2, 3 and 4, ...), by total points:\n")
	fmt.Fprintf(w, "%-*s %5s %5s %5s %5s  %-22s  %s\n", width, "bot", "pairs", "wins", "draws", "losses", "score (95% interval)", "points ahead per pair (95% interval)")
	fmt.Fprintf(w, "%-*s %5d %5d %5d %6d  %.3f (%.3f-%.3f)    %+.2f (%+.2f to %+.2f)\n", width, p.Agent, p.Pairs, p.Wins, p.Draws, p.Losses,
		p.Score, p.Low, p.High, p.Mean, p.MLow, p.MHigh)
	fmt.Fprintf(w, "%-*s %5d %5d %5d %6d  %.3f (%.3f-%.3f)    %+.2f (%+.2f to %+.2f)\n", width, p.Other, p.Pairs, p.Losses, p.Draws, p.Wins,
		1-p.Score, 1-p.High, 1-p.Low, neg(p.Mean), neg(p.MHigh), neg(p.MLow))
}

// neg returns -x, and 0 for 0 (never -0, which prints with its sign).
func neg(x float64) float64 {
	if x == 0 {
		return 0
	}
	return -x
}

// statedValues fills vals with the values g's pieces state ((value N) in the dialect);
// a piece without one counts 0. It fails when no piece states one.
func statedValues(g *eval.Game, vals []float64) error {
	found := false
	for k, p := range g.Pieces {
		if p.Value > 0 {
			vals[k], found = float64(p.Value), true
		}
	}
	if !found {
		return fmt.Errorf("--score rules: %q states no piece values (the zoggo-1 dialect's (value N) in a piece): give NAME=VALUE,... or derived", g.Title)
	}
	return nil
}
