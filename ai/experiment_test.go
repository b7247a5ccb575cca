//go:build long

package ai_test

import (
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
)

// TestStrength runs the strength experiments of make test-long: 100 games each, seats
// alternating, win 1 and draw 1/2.
func TestStrength(t *testing.T) {
	for _, tt := range []struct {
		file        string
		bot, versus string
		want        float64
	}{
		{"chess.zrf", "search:3", "random", 0.95},
		{"checkers.zrf", "search:3", "random", 0.95},
		{"thud.zrf", "search:3", "random", 0.95},
		{"checkers.zrf", "search:4", "search:2", 0.65},
	} {
		t.Run(tt.file+"/"+tt.bot+"-vs-"+tt.versus, func(t *testing.T) {
			f, err := eval.LoadFile("../games/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			g, _ := f.Find("")
			a, _ := ai.Parse(tt.bot, g)
			b, _ := ai.Parse(tt.versus, g)
			agents := []ai.Agent{a, b}
			games := ai.Run(g, agents, ai.Options{Games: 100, Seed: 1, Jobs: 2, MaxPlies: 400, Rotate: true})
			st := ai.Summarise(g, agents, games, true, nil)
			if st.Failed > 0 {
				t.Fatalf("%d games failed: %v", st.Failed, st.Errors)
			}
			s := st.Seats[0]
			t.Logf("%s %s vs %s: %d wins, %d draws, %d losses, score %.3f (%.3f-%.3f)",
				tt.file, tt.bot, tt.versus, s.Wins, s.Draws, s.Losses, s.Score, s.Low, s.High)
			if s.Score < tt.want {
				t.Errorf("score %.3f, want at least %.2f", s.Score, tt.want)
			}
		})
	}
}
