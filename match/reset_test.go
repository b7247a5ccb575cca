package match_test

// Reset plays game after game in the buffers of one match: these tests check that each
// game goes exactly as in a new match, that a clone made before a Reset is not touched
// by the games after it, and that undoing works in a match that was reset.

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/match"
)

// playRandom plays up to plies random turns chosen with seed, and returns the snapshots
// before each turn and at the end.
func playRandom(t *testing.T, m *match.Match, seed uint64, plies int) []snapshot {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	var snaps []snapshot
	for ply := 0; ply < plies && !m.Over(); ply++ {
		snaps = append(snaps, snap(m))
		if err := m.Play(rng.IntN(len(m.Legal()))); err != nil {
			t.Fatal(err)
		}
	}
	return append(snaps, snap(m))
}

func TestReset(t *testing.T) {
	for _, tt := range reuseGames {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.load(t)
			reused := start(t, g)
			var c *match.Match
			var cSnap snapshot
			var cHist []playedPrint
			// Long games and short ones, so that a game meets chunks of other sizes.
			for i, game := range []struct {
				seed  uint64
				plies int
			}{{1, 150}, {2, 20}, {3, 300}, {4, 60}, {7, 150}} {
				if i > 0 {
					// From the same start state every other game, whose turns the match
					// keeps from the game before, and from a new one between.
					var from *engine.State
					if i%2 == 1 {
						from = reused.Start()
					}
					if err := reused.Reset(from); err != nil {
						t.Fatal(err)
					}
				}
				fresh := start(t, g)
				want := playRandom(t, fresh, game.seed, game.plies)
				got := playRandom(t, reused, game.seed, game.plies)
				if d := cmp.Diff(want, got); d != "" {
					t.Fatalf("game %d (seed %d) after %d resets (-new match +reset one):\n%s", i+1, game.seed, i, d)
				}
				if d := cmp.Diff(printHistory(g, fresh), printHistory(g, reused)); d != "" {
					t.Fatalf("game %d (seed %d): history (-new match +reset one):\n%s", i+1, game.seed, d)
				}
				if i == 0 {
					c, cSnap, cHist = reused.Clone(), snap(reused), printHistory(g, reused)
				}
				if i == 3 {
					// Undo the game to its start in the reset match.
					for k := len(got) - 2; k >= 0; k-- {
						if !reused.Undo() {
							t.Fatalf("game %d: nothing to undo at turn %d", i+1, k+1)
						}
						if d := cmp.Diff(got[k], snap(reused)); d != "" {
							t.Fatalf("game %d: after undoing turn %d (-played +undone):\n%s", i+1, k+1, d)
						}
					}
				}
			}
			// The clone of the first game never saw the games after it.
			if d := cmp.Diff(cSnap, snap(c)); d != "" {
				t.Fatalf("the clone changed as the match was reset and played on (-then +now):\n%s", d)
			}
			if d := cmp.Diff(cHist, printHistory(g, c)); d != "" {
				t.Fatalf("the clone's history changed (-then +now):\n%s", d)
			}
		})
	}
}

// TestResetAllocations checks that a chess game played again after a Reset allocates a
// small fraction of what it does in a new match.
func TestResetAllocations(t *testing.T) {
	g := load(t, "../games/chess.zrf", "")
	playOut := func(m *match.Match) {
		rng := rand.New(rand.NewPCG(5, 11))
		for ply := 0; ply < 200 && !m.Over(); ply++ {
			if err := m.Play(rng.IntN(len(m.Legal()))); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := start(t, g)
	playOut(m)
	fresh := testing.AllocsPerRun(3, func() {
		playOut(start(t, g))
	})
	reused := testing.AllocsPerRun(3, func() {
		if err := m.Reset(nil); err != nil {
			t.Fatal(err)
		}
		playOut(m)
	})
	t.Logf("allocations of a game: %v in a new match, %v after Reset", fresh, reused)
	if reused > fresh/2 {
		t.Errorf("a game after Reset made %v allocations, a new match %v: the buffers are not reused", reused, fresh)
	}
}
