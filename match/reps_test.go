package match_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/match"
)

// TestRepetitionsCounted checks Repetitions against a count of its own: the positions of
// the history (the start and the state after each turn) with the hash of the position
// now, after every turn of random games and on the way back by Undo, in a game whose
// goals read the count (chess: the match counts in a map) and in one whose goals do not
// (checkers: the match counts the frames' keys when asked). Both must meet positions
// that occurred before.
func TestRepetitionsCounted(t *testing.T) {
	for _, tt := range []struct {
		file   string
		counts bool
	}{
		{"../games/chess.zrf", true},
		{"../games/checkers.zrf", false},
	} {
		t.Run(tt.file, func(t *testing.T) {
			g := load(t, tt.file, "")
			if g.ReadsRepetitions() != tt.counts {
				t.Fatalf("ReadsRepetitions %v, want %v", g.ReadsRepetitions(), tt.counts)
			}
			want := func(m *match.Match) int {
				n := 0
				if m.Start().Hash == m.State().Hash {
					n++
				}
				for _, p := range m.History() {
					if p.Turn.After.Hash == m.State().Hash {
						n++
					}
				}
				return n
			}
			checked, repeated := 0, 0
			m := start(t, g)
			for seed := uint64(1); seed <= 30; seed++ {
				if err := m.Reset(nil); err != nil {
					t.Fatal(err)
				}
				m.SetSampling(seed%2 == 0)
				rng := rand.New(rand.NewPCG(seed, 9))
				for ply := 0; ply < 400 && !m.Over(); ply++ {
					if m.Pending() {
						if _, err := m.PlayRandom(rng.IntN); err != nil {
							t.Fatal(err)
						}
					} else if err := m.Play(rng.IntN(len(m.Legal()))); err != nil {
						t.Fatal(err)
					}
					if got, w := m.Repetitions(), want(m); got != w {
						t.Fatalf("seed %d turn %d: %d repetitions, want %d", seed, len(m.History()), got, w)
					}
					checked++
					if w := want(m); w > 1 {
						repeated++
					}
				}
				for k := 0; k < 50 && m.Undo(); k++ {
					if got, w := m.Repetitions(), want(m); got != w {
						t.Fatalf("seed %d, back to turn %d: %d repetitions, want %d", seed, len(m.History()), got, w)
					}
					checked++
				}
			}
			if checked < 1000 || repeated < 10 {
				t.Fatalf("%d positions checked, %d of them repeated: too few", checked, repeated)
			}
			t.Logf("%d positions checked, %d of them repeated", checked, repeated)
		})
	}
}
