package eval

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLeafCount plays random games and computes the turns of every position in a
// counting workspace (perft's last level, leafcount.go: steps and chain ends counted)
// and in an ordinary one. The turns returned plus those counted must be as many as
// the ordinary turns, and the hashes of the states after them (counted: as logged;
// made on the board: leafHash's; others: their state's) must be the ordinary turns'
// hashes, as a multiset; the board copy must be as it was.
func TestLeafCount(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
		counts        bool // leafCountOK holds
		some          bool // and some turns are counted
	}{
		{"games/checkers.zrf", "", 20, 150, true, true},
		{"games/international.zrf", "", 2, 100, false, false},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Khakass Tobit", 6, 120, true, true},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Damone", 6, 120, true, true},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Checkers", 4, 120, false, false},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 6, 120, true, false},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadLeafGame(t, tt.file, tt.variant)
			if got := g.leafCountOK(); got != tt.counts {
				t.Fatalf("leafCountOK %v, want %v (bits %v, leaf turns %v, noDup %v, maximal %d)", got, tt.counts, g.bits != nil, g.leafTurnsOK(), g.noDup, g.Options.MaximalCaptures)
			}
			cw, plain := g.newWorkspace(), g.newWorkspace()
			cw.leaves = &leafWork{count: g.leafCountOK()}
			var log []uint64
			cw.leaves.log = &log
			counted := 0
			for seed := uint64(1); seed <= uint64(tt.seeds); seed++ {
				rng := rand.New(rand.NewPCG(seed, 98))
				s := g.NewState()
				for ply := 0; ply < tt.plies; ply++ {
					cw.leaves.board = append(cw.leaves.board[:0], s.Cells...)
					log = log[:0]
					ct, err := g.turns(s, cw)
					if err != nil {
						t.Fatal(err)
					}
					pt, err := g.turns(s, plain)
					if err != nil {
						t.Fatal(err)
					}
					if len(ct)+cw.leaves.n != len(pt) || len(log) != cw.leaves.n {
						t.Fatalf("seed %d ply %d: %d turns and %d counted (%d logged) against %d", seed, ply, len(ct), cw.leaves.n, len(log), len(pt))
					}
					got := slices.Clone(log)
					for i := range ct {
						a := &ct[i]
						if a.After != nil {
							got = append(got, a.After.Hash)
							continue
						}
						h, ok := g.leafHash(cw.leaves.board, s, &a.Parts[0])
						if !ok {
							t.Fatalf("seed %d ply %d turn %d: no state and no leaf hash", seed, ply, i)
						}
						got = append(got, h)
					}
					var want []uint64
					for i := range pt {
						want = append(want, pt[i].After.Hash)
					}
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("seed %d ply %d: the hashes after the turns differ:\n%x\n%x", seed, ply, got, want)
					}
					if !slices.Equal(cw.leaves.board, s.Cells) {
						t.Fatalf("seed %d ply %d: the copy of the board changed", seed, ply)
					}
					counted += cw.leaves.n
					if len(pt) == 0 {
						break
					}
					s = pt[rng.IntN(len(pt))].After.Clone()
				}
			}
			if tt.some != (counted > 0) {
				t.Errorf("%d turns counted, want some: %v", counted, tt.some)
			}
			t.Logf("%d turns counted", counted)
		})
	}
}

// TestLeafCountPerft compares perft with and without counted turns, and with a state
// built for every leaf (PerftStates), to a depth that takes well under a second.
func TestLeafCountPerft(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		depth         int
	}{
		{"games/checkers.zrf", "", 6},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Khakass Tobit", 5},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Damone", 4},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 4},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadLeafGame(t, tt.file, tt.variant)
			var n [2]int64
			for i, on := range []bool{false, true} {
				g.off = 0
				if !on {
					g.off = UseLeafCount
				}
				var err error
				if n[i], err = g.Perft(g.NewState(), tt.depth); err != nil {
					t.Fatal(err)
				}
			}
			if n[0] != n[1] {
				t.Errorf("perft(%d) %d counting steps, %d without", tt.depth, n[1], n[0])
			}
			if states, err := g.PerftStates(g.NewState(), tt.depth); err != nil || states != n[1] {
				t.Errorf("perft(%d) %d counting steps, %d with leaf states (%v)", tt.depth, n[1], states, err)
			}
		})
	}
}

// loadLeafGame loads a game of games/ or, named corpus/..., of the corpus (skipping
// without it).
func loadLeafGame(t *testing.T, file, variant string) *Game {
	t.Helper()
	path := filepath.Join("..", file)
	if rest, ok := cutCorpus(file); ok {
		dir := os.Getenv("ZOGGO_CORPUS")
		if dir == "" {
			t.Skip("ZOGGO_CORPUS is not set")
		}
		path = filepath.Join(dir, rest)
	}
	f, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find(variant)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
