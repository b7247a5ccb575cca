package ai_test

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
)

// urMatch plays games of games/ur.zrf between the players a and b (seats alternating,
// seeded) and returns a's statistics.
func urMatch(t *testing.T, a, b string, games int, seed uint64) ai.SeatStats {
	t.Helper()
	f, err := eval.LoadFile("../games/ur.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find("")
	if err != nil {
		t.Fatal(err)
	}
	pa, err := ai.Parse(a, g)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := ai.Parse(b, g)
	if err != nil {
		t.Fatal(err)
	}
	agents := []ai.Agent{pa, pb}
	played := ai.Run(g, agents, ai.Options{Games: games, Seed: seed, Jobs: 1, MaxPlies: 5000, Rotate: true})
	st := ai.Summarise(g, agents, played, true, nil)
	if st.Failed > 0 {
		t.Fatalf("%d games failed: %v", st.Failed, st.Errors)
	}
	s := st.Seats[0]
	t.Logf("%s vs %s, %d games: %d wins, %d draws, %d losses, score %.3f (%.3f-%.3f)",
		a, b, games, s.Wins, s.Draws, s.Losses, s.Score, s.Low, s.High)
	return s
}

// TestUrBeatsRandom: the Ur player at level 9 beats random play; the whole 95% interval
// of its score over 40 seeded games lies above one half.
func TestUrBeatsRandom(t *testing.T) {
	if s := urMatch(t, "ur:9", "random", 40, 1); s.Low <= 0.5 {
		t.Errorf("ur:9 against random: score %.3f (%.3f-%.3f), want the interval above 0.5", s.Score, s.Low, s.High)
	}
}

func TestUrParse(t *testing.T) {
	f, err := eval.LoadFile("../games/ur.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := f.Find("")
	for _, spec := range []string{"ur:0", "ur:10", "ur", "ur:x"} {
		if _, err := ai.Parse(spec, g); err == nil || !strings.Contains(err.Error(), "from 1 to 9") {
			t.Errorf("Parse(%q): %v, want an error about the levels", spec, err)
		}
	}
	if p, err := ai.Parse("ur:7", g); err != nil || p.Name() != "ur:7" {
		t.Errorf("Parse(ur:7) = %v, %v", p, err)
	}
	f, err = eval.LoadFile("../games/checkers.zrf")
	if err != nil {
		t.Fatal(err)
	}
	c, _ := f.Find("")
	if _, err := ai.Parse("ur:5", c); err == nil || !strings.Contains(err.Error(), "games/ur.zrf") {
		t.Errorf("Parse(ur:5) in checkers: %v, want an error naming games/ur.zrf", err)
	}
}
