package match_test

// A sampling match draws the turns of random players without listing them all. These
// tests replay its games in a match that lists every position's turns: each turn drawn
// must be legal there, and every position must look the same from both (legal turns,
// counts, result), whether asked about during the game, after a Clone or after Undo.

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
)

// loadVariant loads the variant title of the corpus file rel.
func loadVariant(t *testing.T, rel, title string) *eval.Game {
	t.Helper()
	return loadTitle(t, filepath.Join(testutil.CorpusDir(t), rel), title)
}

// loadTitle loads the game title ("" for the first) of the rules file path.
func loadTitle(t *testing.T, path, title string) *eval.Game {
	t.Helper()
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find(title)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// playSampled plays a game of random players in m, which samples, as ai.Table plays
// it, for at most plies turns. At turn at it clones m and returns the clone's snapshot
// (nil if the game was shorter). It counts the draws that found no legal turn.
func playSampled(t *testing.T, m *match.Match, seed uint64, plies, at int) (clone *snapshot, none int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	for len(m.History()) < plies {
		if len(m.History()) == at && clone == nil {
			s := snap(m.Clone())
			clone = &s
		}
		if m.Pending() {
			played, err := m.PlayRandom(rng.IntN)
			if err != nil {
				t.Fatal(err)
			}
			if !played {
				none++
			}
			continue
		}
		if m.Over() {
			break
		}
		i := 0
		if !m.MustPass() {
			i = rng.IntN(len(m.Legal()))
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	return clone, none
}

func TestSampledGames(t *testing.T) {
	for _, tt := range []struct {
		name  string
		load  func(t *testing.T) *eval.Game
		seeds []uint64
		plies int
	}{
		{"chess", func(t *testing.T) *eval.Game { return load(t, "../games/chess.zrf", "") }, []uint64{1, 7, 12}, 1000}, // today a repetition, a stalemate and a checkmate
		{"checkers", func(t *testing.T) *eval.Game { return load(t, "../games/checkers.zrf", "") }, upTo(4), 300},
		{"three", func(t *testing.T) *eval.Game { return load(t, "three.zrf", three) }, upTo(2), 100}, // does not sample
		{"dobutsu", func(t *testing.T) *eval.Game {
			return loadVariant(t, "dagazproject-zrf/DobutsuShogi/Dobutsu.zrf", "Doubutsu Shogi (with check and mate)")
		}, upTo(8), 200},
		{"simple-shogi", func(t *testing.T) *eval.Game {
			return loadVariant(t, "dagazproject-zrf/LittleShogiPack/SimpleShogi.zrf", "")
		}, upTo(8), 200},
		{"treasure-shogi", func(t *testing.T) *eval.Game {
			return loadVariant(t, "dagazproject-zrf/LittleShogiPack/TreasureShogi.zrf", "")
		}, upTo(8), 200},
		{"andernach", func(t *testing.T) *eval.Game {
			return loadVariant(t, "dagazproject-zrf/CirceAndAndernach/CirceAndAndernach.zrf", "Andernach")
		}, upTo(4), 200},
		{"bombs", func(t *testing.T) *eval.Game { // pass turn forced
			return loadVariant(t, "dagazproject-zrf/BombChess/Bombs.zrf", "")
		}, upTo(3), 200},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.load(t)
			m := start(t, g)
			m.SetSampling(true)
			ended := map[string]int{}
			nones := 0
			for k, seed := range tt.seeds {
				if k > 0 {
					if err := m.Reset(nil); err != nil {
						t.Fatal(err)
					}
				}
				const at = 10
				clone, none := playSampled(t, m, seed, tt.plies, at)
				nones += none
				// Replay in a match that lists every position's turns.
				r := start(t, g)
				var snaps []snapshot
				for k, p := range printHistory(g, m) {
					snaps = append(snaps, snap(r))
					if r.MustPass() != p.Forced {
						t.Fatalf("seed %d turn %d: forced %v, the replay says %v", seed, k+1, p.Forced, r.MustPass())
					}
					i := indexPrint(g, r, p)
					if i < 0 {
						t.Fatalf("seed %d turn %d: the turn drawn is not legal", seed, k+1)
					}
					if err := r.Play(i); err != nil {
						t.Fatal(err)
					}
				}
				snaps = append(snaps, snap(r))
				if clone != nil {
					if d := cmp.Diff(snaps[at], *clone); d != "" {
						t.Fatalf("seed %d: a clone of the sampling match at turn %d (-replay +clone):\n%s", seed, at, d)
					}
				}
				ended[r.Result().Reason]++
				// The end, and every position again on the way back.
				for k := len(snaps) - 1; k >= 0; k-- {
					if d := cmp.Diff(snaps[k], snap(m)); d != "" {
						t.Fatalf("seed %d after %d turns (-replay +sampling match):\n%s", seed, k, d)
					}
					if k > 0 && !m.Undo() {
						t.Fatal("Undo failed")
					}
				}
			}
			t.Logf("endings %v; %d draws found no legal turn", ended, nones)
		})
	}
}

// TestSampledWithoutParts plays the same sampled games in a match that keeps the parts
// of its turns and in one that does not (SetKeepParts), and checks that they are the
// same games, with no parts kept in the second, and undo the same way.
func TestSampledWithoutParts(t *testing.T) {
	turns := 0
	for _, file := range []string{"../games/chess.zrf", "../games/checkers.zrf"} {
		g := load(t, file, "")
		with, without := start(t, g), start(t, g)
		for seed := uint64(1); seed <= 4; seed++ {
			if seed > 1 {
				if err := with.Reset(nil); err != nil {
					t.Fatal(err)
				}
				if err := without.Reset(nil); err != nil {
					t.Fatal(err)
				}
			}
			with.SetSampling(true)
			without.SetSampling(true)
			without.SetKeepParts(false)
			playSampled(t, with, seed, 300, -1)
			playSampled(t, without, seed, 300, -1)
			want, got := printHistory(g, with), printHistory(g, without)
			if len(want) != len(got) {
				t.Fatalf("%s seed %d: %d turns with parts, %d without", file, seed, len(want), len(got))
			}
			for k := range got {
				if got[k].Changes != nil {
					t.Fatalf("%s seed %d turn %d: parts kept", file, seed, k+1)
				}
				want[k].Changes = nil
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("%s seed %d (-with parts +without):\n%s", file, seed, d)
			}
			for k := len(got); k >= 0; k-- {
				if d := cmp.Diff(snap(with), snap(without)); d != "" {
					t.Fatalf("%s seed %d after %d turns (-with parts +without):\n%s", file, seed, k, d)
				}
				if k > 0 && (!with.Undo() || !without.Undo()) {
					t.Fatal("Undo failed")
				}
			}
			turns += len(got)
		}
	}
	if turns < 500 {
		t.Errorf("only %d turns compared", turns)
	}
}

// upTo returns the seeds 1 to n.
func upTo(n uint64) []uint64 {
	var s []uint64
	for i := uint64(1); i <= n; i++ {
		s = append(s, i)
	}
	return s
}

// TestSampledPlayError: an error of the rules' move code met when PlayRandom draws takes
// back the turn that led there, as Play, which met it without sampling, refused it.
func TestSampledPlayError(t *testing.T) {
	g := load(t, "trap.zrf", trap)
	if !g.Sampling() {
		t.Fatal("the trap game does not sample")
	}
	m := start(t, g)
	m.SetSampling(true)
	play(t, m, "a2-b2")
	before := snap(m)
	// Black's only move is c1-c2; then White's man on b2 runs its endless loop, which
	// a sampling match meets only when it draws White's turn.
	if err := m.Play(0); err != nil {
		t.Fatalf("Play: %v", err)
	}
	_, err := m.PlayRandom(func(n int) int { return 0 })
	var ge *eval.GenError
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "trap.zrf:15:35: ") || !strings.Contains(err.Error(), "while loop") {
		t.Fatalf("PlayRandom: %v, want a while-loop error at trap.zrf:15:35", err)
	}
	if d := cmp.Diff(before, snap(m)); d != "" {
		t.Errorf("the failed turn changed the match (-before +after):\n%s", d)
	}
}
