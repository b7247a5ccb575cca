package ai_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// pitfall is a race to the far row in which White's man runs an endless loop in its move
// code when it stands on c2 with c3 empty, a square that random play reaches in some games
// only.
const pitfall = `(game
   (title "Pitfall")
   (players White Black)
   (turn-order White Black)
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions ("a/b/c/d" (40 0)) ("4/3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
      (zone (name pit) (players White) (positions c2)))
   (piece (name Man) (moves
      (n (verify empty?) add)
      (e (verify empty?) add)
      (w (verify empty?) add)
      ((verify (in-zone? pit)) n (while empty? mark))))
   (board-setup (White (Man a1)) (Black (Man d4)))
   (win-condition (White) (absolute-config Man (a4 b4 c4 d4))))
`

// checkRun checks that every game of a run is either counted in the statistics or failed.
func checkRun(t *testing.T, g *eval.Game, games []*ai.Game, st *ai.Stats, n int) {
	t.Helper()
	if st.Games+st.Failed != n {
		t.Errorf("%d games played and %d failed, want %d in all", st.Games, st.Failed, n)
	}
	ended := 0
	for _, k := range st.Endings {
		ended += k
	}
	if ended != st.Games || len(st.Lengths) != st.Games {
		t.Errorf("%d endings and %d lengths for %d games played", ended, len(st.Lengths), st.Games)
	}
	for _, row := range st.Seats {
		if row.Wins+row.Draws+row.Losses != st.Games {
			t.Errorf("%s: %d wins, %d draws, %d losses for %d games played", row.Agent, row.Wins, row.Draws, row.Losses, st.Games)
		}
	}
	failed := 0
	for _, rec := range games {
		if rec.Err != nil {
			failed++
		}
	}
	if failed != st.Failed || len(st.Errors) != min(failed, ai.MaxErrors) {
		t.Errorf("%d games have an error; Stats says %d failed and keeps %d errors", failed, st.Failed, len(st.Errors))
	}
}

// TestRunErrors: a rules file whose move code fails in some positions fails the games
// that reach one; the others are played and counted.
func TestRunErrors(t *testing.T) {
	g := evaltest.LoadText(t, "pitfall.zrf", pitfall)
	where := regexp.MustCompile(`^turn \d+: (search:1 \((White|Black)\): )?\S*pitfall\.zrf:15:34: while loop ran more than 100000 times`)
	for _, tt := range []struct {
		name   string
		agents []ai.Agent
		failed int // -1: some but not all
	}{
		// Random play reaches the pit in 7 games of 20 (deterministic for the seeds).
		{"random", []ai.Agent{ai.Random{}, ai.Random{}}, 7},
		// A search also meets the error while looking ahead, in the games it plays White.
		{"search", []ai.Agent{ai.NewSearch(1), ai.Random{}}, -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			games := ai.Run(g, tt.agents, ai.Options{Games: 20, Seed: 1, Jobs: 2, MaxPlies: 100, Rotate: true})
			st := ai.Summarise(g, tt.agents, games, true, nil)
			checkRun(t, g, games, st, 20)
			if tt.failed >= 0 && st.Failed != tt.failed || st.Failed == 0 || st.Failed == 20 {
				t.Errorf("%d games failed, want %d", st.Failed, tt.failed)
			}
			for _, e := range st.Errors {
				if !where.MatchString(e.Err) {
					t.Errorf("game %d: error %q does not name the while loop at pitfall.zrf:15:34", e.Game, e.Err)
				}
			}
		})
	}
}

// panicky plays at random, and fails with an index out of range on the 15th turn it is
// asked for, whichever game that is in.
type panicky struct{ calls *atomic.Int32 }

func (panicky) Name() string { return "panicky" }

func (p panicky) Choose(m *match.Match, r *rand.Rand) (int, error) {
	var none []int
	if p.calls.Add(1) == 15 {
		return none[len(m.Legal())], nil
	}
	return r.IntN(len(m.Legal())), nil
}

// TestRunPanic: a panic fails its game only, reported as an internal error with the
// function and line that panicked.
func TestRunPanic(t *testing.T) {
	g := evaltest.Load(t, "../games/checkers.zrf")
	agents := []ai.Agent{panicky{new(atomic.Int32)}, ai.Random{}}
	games := ai.Run(g, agents, ai.Options{Games: 6, Seed: 1, Jobs: 2, MaxPlies: 40})
	st := ai.Summarise(g, agents, games, false, nil)
	checkRun(t, g, games, st, 6)
	if st.Failed != 1 {
		t.Fatalf("%d games failed, want 1", st.Failed)
	}
	want := regexp.MustCompile(`^turn \d+: panicky \(\w+\): internal error: runtime error: index out of range \[\d+\] with length 0 \(in github\.com/zoggo/zoggo/ai_test\.panicky\.Choose at run_test\.go:\d+\)$`)
	if e := st.Errors[0].Err; !want.MatchString(e) {
		t.Errorf("error %q, want it to match %s", e, want)
	}
	for _, rec := range games {
		if rec.Err != nil && rec.Match == nil {
			t.Errorf("the failed game lost its turns before the panic")
		}
		if rec.Err == nil && !strings.Contains(rec.Result.String(), "(") {
			t.Errorf("game %d has no result: %v", rec.Seed, rec.Result)
		}
	}
}
