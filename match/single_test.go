package match_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// afterHashes returns the hashes of the states after the turns of m's Legal that move a
// piece, in order.
func afterHashes(m *match.Match) []uint64 {
	var hs []uint64
	for _, t := range m.Legal() {
		if !t.Parts[0].Pass {
			hs = append(hs, t.After.Hash)
		}
	}
	return hs
}

// TestLazyCandidates plays random games of Go (superko and simple ko) in two explorers
// of the same match, one lazy and playing by PlayCandidate, and checks in every position
// that the candidates PlayCandidate plays are the turns of the other's Legal that move a
// piece, in order; that both agree on the end of the game; and, undoing every turn,
// that the lazy explorer's Legal, listed afresh, is the other's at each position back.
func TestLazyCandidates(t *testing.T) {
	compared := 0
	for _, title := range []string{"Go 9x9", "Go 9x9, simple ko"} {
		g := loadGo(t, title)
		for seed := range uint64(3) {
			m, err := match.New(g, nil)
			if err != nil {
				t.Fatal(err)
			}
			n, l := m.Explore(), m.Explore()
			l.SetLazy(true)
			r := rand.New(rand.NewPCG(seed, 11))
			for ply := 0; ply < 250 && !n.Over(); ply++ {
				want := afterHashes(n)
				parts, ok, err := l.Candidates()
				if err != nil || !ok {
					t.Fatalf("%s ply %d: no candidates", title, ply)
				}
				var got []uint64
				for i := range parts {
					played, err := l.PlayCandidate(i)
					if err != nil {
						t.Fatal(err)
					}
					if played {
						got = append(got, l.State().Hash)
						l.Undo()
						if _, ok, _ := l.Candidates(); !ok {
							t.Fatal("no candidates after Undo")
						}
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s seed %d ply %d: PlayCandidate played %d turns, Legal has %d", title, seed, ply, len(got), len(want))
				}
				compared++
				k := r.IntN(len(n.Legal()))
				turn := n.Legal()[k]
				if err := n.Play(k); err != nil {
					t.Fatal(err)
				}
				if turn.Parts[0].Pass {
					j := slices.IndexFunc(l.Legal(), func(t2 eval.Turn) bool { return t2.Parts[0].Pass })
					if err := l.Play(j); err != nil {
						t.Fatal(err)
					}
				} else {
					i := slices.Index(want, turn.After.Hash)
					// the candidate whose turn is the i-th legal one
					c := -1
					for j, seen := 0, 0; j < len(parts) && c < 0; j++ {
						played, err := l.PlayCandidate(j)
						if err != nil {
							t.Fatal(err)
						}
						if played {
							if seen == i {
								c = j
								break
							}
							seen++
							l.Undo()
							l.Candidates()
						}
					}
					if c < 0 {
						t.Fatalf("%s ply %d: turn %d not played", title, ply, i)
					}
				}
				if l.State().Hash != n.State().Hash || l.Decided() && !n.Over() {
					t.Fatalf("%s ply %d: the explorers differ", title, ply)
				}
			}
			if l.Over() != n.Over() || l.Result().String() != n.Result().String() {
				t.Fatalf("%s seed %d: results %v and %v", title, seed, l.Result(), n.Result())
			}
			for n.Undo() {
				if !l.Undo() {
					t.Fatal("the lazy explorer has fewer turns")
				}
				if !slices.Equal(afterHashes(l), afterHashes(n)) || l.MustPass() != n.MustPass() {
					t.Fatalf("%s: after Undo the legal turns differ", title)
				}
			}
		}
	}
	if compared < 500 {
		t.Errorf("%d positions compared, want at least 500", compared)
	}
}
