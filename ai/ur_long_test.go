//go:build long

package ai_test

import (
	"fmt"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
)

// TestUrLevels is the strength experiment of the Ur player (make test-long): each level
// k+1 meets level k over 200 games, seats alternating, and its score's 95% interval must
// reach one half at least (it is not shown weaker than level k); the scores are logged.
func TestUrLevels(t *testing.T) {
	for k := 1; k < ai.UrLevels; k++ {
		a, b := fmt.Sprintf("ur:%d", k+1), fmt.Sprintf("ur:%d", k)
		t.Run(a+"-vs-"+b, func(t *testing.T) {
			if s := urMatch(t, a, b, 200, 1); s.High < 0.5 {
				t.Errorf("%s against %s: score %.3f (%.3f-%.3f), weaker", a, b, s.Score, s.Low, s.High)
			}
		})
	}
}

// TestUrLevelsVersusRandom logs each level's score against random play over 200 games
// and checks that from level 2 on every level wins more than it loses.
func TestUrLevelsVersusRandom(t *testing.T) {
	for k := 1; k <= ai.UrLevels; k++ {
		a := fmt.Sprintf("ur:%d", k)
		t.Run(a, func(t *testing.T) {
			if s := urMatch(t, a, "random", 200, 1); k >= 2 && s.Low <= 0.5 {
				t.Errorf("%s against random: score %.3f (%.3f-%.3f), want above 0.5", a, s.Score, s.Low, s.High)
			}
		})
	}
}

// TestUrLevelsVersusMCTS logs each level's score against MCTS with a small budget (10
// playouts of at most 200 turns a move: level 1 of mcts is 150 and takes over half a
// minute of CPU a game), 12 games each. It checks nothing but that the games end
// without error.
func TestUrLevelsVersusMCTS(t *testing.T) {
	f, err := eval.LoadFile("../games/ur.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := f.Find("")
	for k := 1; k <= ai.UrLevels; k++ {
		u, err := ai.NewUr(k, g)
		if err != nil {
			t.Fatal(err)
		}
		agents := []ai.Agent{u, &ai.MCTS{Iterations: 10, MaxPlayout: 200}}
		games := ai.Run(g, agents, ai.Options{Games: 12, Seed: 1, Jobs: 2, MaxPlies: 5000, Rotate: true})
		st := ai.Summarise(g, agents, games, true, nil)
		if st.Failed > 0 {
			t.Fatalf("ur:%d: %d games failed: %v", k, st.Failed, st.Errors)
		}
		s := st.Seats[0]
		t.Logf("ur:%d vs mcts (10 playouts), 12 games: %d wins, %d losses, score %.3f (%.3f-%.3f)",
			k, s.Wins, s.Losses, s.Score, s.Low, s.High)
	}
}
