package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// playListed plays a game of random players as Table played it before it sampled: every
// position's legal turns listed, a turn drawn by its index among them.
func playListed(t *testing.T, g *eval.Game, seed uint64, maxPlies int) *ai.Game {
	t.Helper()
	rec := &ai.Game{Seed: seed}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec.Match = m
	for !m.Over() {
		i := 0
		if !m.MustPass() {
			i = rng.IntN(len(m.Legal()))
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
		if n := len(m.History()); maxPlies > 0 && n >= maxPlies {
			rec.Capped = true
			rec.Result = eval.Result{Over: true, Draw: true, Reason: fmt.Sprintf("stopped after %d turns (--max-plies)", maxPlies)}
			return rec
		}
	}
	rec.Result = m.Result()
	return rec
}

// TestTableSampleKeepsGames checks that where no candidate turn can be illegal (no royal
// pieces), or where the rules do not let the turns be sampled, a seed plays the game it
// played before Table sampled.
func TestTableSampleKeepsGames(t *testing.T) {
	for _, tt := range []struct {
		file     string
		sampling bool
	}{
		{"../games/checkers.zrf", true},
		{"../games/international.zrf", false}, // maximal captures
		{"../games/splut.zrf", false},         // four players
		{"../games/thud.zrf", false},          // the dialect
	} {
		t.Run(tt.file, func(t *testing.T) {
			g := evaltest.Load(t, tt.file)
			if g.Sampling() != tt.sampling {
				t.Fatalf("Sampling is %v", g.Sampling())
			}
			table := ai.NewTable(g)
			for seed := uint64(1); seed <= 5; seed++ {
				want := printGame(g, playListed(t, g, seed, 200))
				rec, err := table.Play(make([]ai.Agent, len(g.Players)), seed, 200)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(want, printGame(g, rec)); d != "" {
					t.Fatalf("seed %d (-listed +table):\n%s", seed, d)
				}
			}
		})
	}
}

// TestTableSampleSeeds checks that in chess, where the Table samples and its games
// differ from the listed ones, a seed still plays one game: on two Tables, with random
// agents or none, and as Play plays it.
func TestTableSampleSeeds(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	a, b := ai.NewTable(g), ai.NewTable(g)
	random := []ai.Agent{ai.Random{}, ai.Random{}}
	differ := 0
	for seed := uint64(1); seed <= 4; seed++ {
		rec, err := a.Play(make([]ai.Agent, 2), seed, 200)
		if err != nil {
			t.Fatal(err)
		}
		want := printGame(g, rec)
		if !cmp.Equal(want, printGame(g, playListed(t, g, seed, 200))) {
			differ++
		}
		rec, err = b.Play(random, seed, 200)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, printGame(g, rec)); d != "" {
			t.Fatalf("seed %d: another Table, random agents (-first +second):\n%s", seed, d)
		}
		rec, err = ai.Play(g, make([]ai.Agent, 2), seed, 200)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, printGame(g, rec)); d != "" {
			t.Fatalf("seed %d: Play (-table +play):\n%s", seed, d)
		}
	}
	if differ == 0 {
		t.Error("every sampled game is the listed one: does the Table sample?")
	}
}
