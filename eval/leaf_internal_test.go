package eval

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLeafTurns plays random games and computes the turns of every position in a leaf
// workspace (perft's last level: states of one-part turns made and undone on a copy of
// the board) and in an ordinary one. The turns must be the same, in the same order,
// part by part; those the leaf workspace made without a state must be turns of one
// part whose hash made on the board is that of their state in the ordinary workspace;
// and the copy of the board must be as it was.
func TestLeafTurns(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
	}{
		{"games/checkers.zrf", "", 10, 150},
		{"games/international.zrf", "", 6, 150},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Checkers", 4, 120},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Pool Checkers", 4, 120},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 4, 120},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadLeafGame(t, tt.file, tt.variant)
			if !g.leafTurnsOK() {
				t.Fatalf("%s: no leaf turns", tt.file)
			}
			leaf, plain := g.newWorkspace(), g.newWorkspace()
			lw := &leafWork{}
			made := 0
			for seed := uint64(1); seed <= uint64(tt.seeds); seed++ {
				rng := rand.New(rand.NewPCG(seed, 99))
				s := g.NewState()
				for ply := 0; ply < tt.plies; ply++ {
					lw.board = append(lw.board[:0], s.Cells...)
					lt, err := g.turnsWith(s, leaf, lw)
					if err != nil {
						t.Fatal(err)
					}
					pt, err := g.turns(s, plain)
					if err != nil {
						t.Fatal(err)
					}
					if len(lt) != len(pt) {
						t.Fatalf("seed %d ply %d: %d turns against %d", seed, ply, len(lt), len(pt))
					}
					for i := range lt {
						a, b := &lt[i], &pt[i]
						if len(a.Parts) != len(b.Parts) {
							t.Fatalf("seed %d ply %d turn %d: %d parts against %d", seed, ply, i, len(a.Parts), len(b.Parts))
						}
						for j := range a.Parts {
							if !a.Parts[j].Equal(&b.Parts[j]) {
								t.Fatalf("seed %d ply %d turn %d part %d differs", seed, ply, i, j)
							}
						}
						if a.After == nil {
							if len(a.Parts) != 1 {
								t.Fatalf("seed %d ply %d turn %d: no state after %d parts", seed, ply, i, len(a.Parts))
							}
							h, ok := g.leafHash(lw.board, s, &a.Parts[0])
							if !ok || h != b.After.Hash {
								t.Fatalf("seed %d ply %d turn %d: hash %#x (made %v), the state's %#x", seed, ply, i, h, ok, b.After.Hash)
							}
							made++
						} else if a.After.Hash != b.After.Hash {
							t.Fatalf("seed %d ply %d turn %d: the states after differ", seed, ply, i)
						}
					}
					if !slices.Equal(lw.board, s.Cells) {
						t.Fatalf("seed %d ply %d: the copy of the board changed", seed, ply)
					}
					if len(pt) == 0 {
						break
					}
					s = pt[rng.IntN(len(pt))].After.Clone()
				}
			}
			if made == 0 {
				t.Error("no turn made on the board")
			}
			t.Logf("%d turns made on the board", made)
		})
	}
}

// cutCorpus returns the path under the corpus of a file named corpus/...
func cutCorpus(file string) (string, bool) {
	const p = "corpus/"
	if len(file) > len(p) && file[:len(p)] == p {
		return file[len(p):], true
	}
	return "", false
}
