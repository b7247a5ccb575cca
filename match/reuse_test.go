package match_test

// A match that does not explore computes the legal turns of every position in two
// workspaces of its own, used again and again: these tests check that what it hands out
// (the turns played, the positions before them, a clone's legal turns) never changes
// when it plays on, and that undoing through frames whose legal turns went stale gives
// them back exactly, repetition rule included.

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// playedPrint is what a played turn holds, by value.
type playedPrint struct {
	Before, After uint64 // full hashes
	Changes       [][]engine.Change
	Num           int
	Forced        bool
}

func printPlayed(g *eval.Game, p match.Played) playedPrint {
	pp := playedPrint{Before: g.FullHash(p.Before), After: g.FullHash(p.Turn.After), Num: p.Num, Forced: p.Forced}
	for _, part := range p.Turn.Parts {
		pp.Changes = append(pp.Changes, append([]engine.Change(nil), part.Changes...))
	}
	return pp
}

func printHistory(g *eval.Game, m *match.Match) []playedPrint {
	var out []playedPrint
	for _, p := range m.History() {
		out = append(out, printPlayed(g, p))
	}
	return out
}

// reuseGames are the games of the tests of reused buffers: chess, checkers (partial
// moves) and Go with both kos (the match's repetition rules).
var reuseGames = []reuseGame{
	{"chess", "../games/chess.zrf", ""},
	{"checkers", "../games/checkers.zrf", ""},
	{"go", "", "Go 9x9"},
	{"go-simple-ko", "", "Go 9x9, simple ko"},
}

type reuseGame struct{ name, file, title string }

// load loads the game: a Go variant by title, another by its file.
func (r reuseGame) load(t *testing.T) *eval.Game {
	if r.title != "" {
		return loadGo(t, r.title)
	}
	return load(t, r.file, "")
}

func TestReusedWorkspaces(t *testing.T) {
	for _, tt := range reuseGames {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.load(t)
			for seed := uint64(1); seed <= 2; seed++ {
				m := start(t, g)
				rng := rand.New(rand.NewPCG(seed, 7))
				var snaps []snapshot
				var prints []playedPrint
				var c *match.Match
				var cSnap snapshot
				var cHist []playedPrint
				for ply := 0; ply < 120 && !m.Over(); ply++ {
					snaps = append(snaps, snap(m))
					if err := m.Play(rng.IntN(len(m.Legal()))); err != nil {
						t.Fatal(err)
					}
					h := m.History()
					prints = append(prints, printPlayed(g, h[len(h)-1]))
					if ply == 40 {
						c, cSnap, cHist = m.Clone(), snap(m), printHistory(g, m)
					}
				}
				// Every turn played still holds what it held when it was played.
				if d := cmp.Diff(prints, printHistory(g, m)); d != "" {
					t.Fatalf("seed %d: the history changed as the match played on (-when played +now):\n%s", seed, d)
				}
				if c == nil {
					t.Fatalf("seed %d: the game ended before the clone", seed)
				}
				// The clone, made 40 turns ago, is as it was, and undoes to the start.
				if d := cmp.Diff(cSnap, snap(c)); d != "" {
					t.Fatalf("seed %d: the match playing on changed its clone (-then +now):\n%s", seed, d)
				}
				if d := cmp.Diff(cHist, printHistory(g, c)); d != "" {
					t.Fatalf("seed %d: the clone's history changed (-then +now):\n%s", seed, d)
				}
				for i := len(cHist) - 1; i >= 0; i-- {
					if !c.Undo() {
						t.Fatalf("seed %d: the clone has nothing to undo at turn %d", seed, i+1)
					}
					if d := cmp.Diff(snaps[i], snap(c)); d != "" {
						t.Fatalf("seed %d: the clone after undoing turn %d (-played +undone):\n%s", seed, i+1, d)
					}
				}
				// Undo half way, play again the same turns, and undo to the start.
				n := len(snaps)
				for i := n - 1; i >= n/2; i-- {
					m.Undo()
				}
				for i := n / 2; i < n; i++ {
					if d := cmp.Diff(snaps[i], snap(m)); d != "" {
						t.Fatalf("seed %d: replaying turn %d (-first time +again):\n%s", seed, i+1, d)
					}
					j := indexPrint(g, m, prints[i])
					if j < 0 {
						t.Fatalf("seed %d: turn %d is not legal again", seed, i+1)
					}
					if err := m.Play(j); err != nil {
						t.Fatal(err)
					}
				}
				if d := cmp.Diff(prints, printHistory(g, m)); d != "" {
					t.Fatalf("seed %d: the history played again differs (-first +again):\n%s", seed, d)
				}
				for i := n - 1; i >= 0; i-- {
					m.Undo()
					if d := cmp.Diff(snaps[i], snap(m)); d != "" {
						t.Fatalf("seed %d: after undoing turn %d (-before it +after undo):\n%s", seed, i+1, d)
					}
				}
			}
		})
	}
}

// indexPrint finds the legal turn with the parts and the position after it of p.
func indexPrint(g *eval.Game, m *match.Match, p playedPrint) int {
	for i, t := range m.Legal() {
		if g.FullHash(t.After) != p.After || len(t.Parts) != len(p.Changes) {
			continue
		}
		same := true
		for k := range t.Parts {
			same = same && cmp.Equal(t.Parts[k].Changes, p.Changes[k], cmpopts.EquateEmpty())
		}
		if same {
			return i
		}
	}
	return -1
}
