package eval_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// TestBitScan checks which games make first checks on words of bits (bitscan.go):
// checkers does; international draughts has 100 squares, and chess runs fast.go's
// blocks.
func TestBitScan(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
	}{
		{"games/checkers.zrf", true},
		{"games/international.zrf", false},
		{"games/chess.zrf", false},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", true},
	} {
		if got := eval.BitScan(loadRow(t, tt.file, "")); got != tt.want {
			t.Errorf("%s: bit scan %v, want %v", tt.file, got, tt.want)
		}
	}
}

// TestBitScanChangesNothing fills the boards of the games that make first checks on
// words of bits with pieces at random (any owner, any type, on any square, either
// player to move), and checks that the legal turns, merged and all of them, are the
// same turns in the same order, with their states after, with the shortcuts as
// without them. Random boards reach what games rarely do: kings on every edge, men on
// the far row, pieces of a player the position does not let move.
func TestBitScanChangesNothing(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		boards        int
	}{
		{"games/checkers.zrf", "", 3000},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 1000},
		{"corpus/glukkazan-zog/Rules/Makyek.zrf", "", 1000},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "Alquerque III", 500},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Checkers", 1000},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Persian Checkers", 500},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Ossetian Checkers", 500},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Senegalese Checkers", 500},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Khakass Tobit", 500},
		{"corpus/dagazproject-zrf/ShafranCheckers/shafran.zrf", "", 500},
		{"corpus/glukkazan-zog/Rules/PyonPyonShogi.zrf", "Pyon Pyon Shogi", 500},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadRow(t, tt.file, tt.variant)
			if !eval.BitScan(g) {
				t.Fatalf("%s makes no first check on words of bits", tt.file)
			}
			fast, slow := g.NewWorkspace(), g.NewWorkspace()
			rng := rand.New(rand.NewPCG(16, 2026))
			start := g.NewState()
			moved := 0
			for i := 0; i < tt.boards; i++ {
				s := start.Clone()
				fill := rng.IntN(3) + 1 // a quarter of the squares up to three quarters
				for l := range s.Cells {
					s.Cells[l] = engine.Empty
					if rng.IntN(4) < fill {
						p := engine.Player(rng.IntN(len(g.Players)))
						k := engine.Kind(rng.IntN(len(g.Pieces)))
						s.Cells[l] = engine.MakeCell(p, k, g.DefaultAttrs(k))
					}
				}
				s.Turn = rng.IntN(len(g.TurnOrder.Entries))
				s.Hash = g.FullHash(s)
				for _, all := range []bool{false, true} {
					g.SetOff(0, 0)
					want, errW := turnsOf(fast, s, all)
					g.SetOff(eval.AllShortcuts, 0)
					got, errG := turnsOf(slow, s, all)
					if (errW != nil) != (errG != nil) {
						t.Fatalf("board %d: error %v with the shortcuts, %v without", i, errW, errG)
					}
					if d := diffTurns(want, got); d != "" {
						t.Fatalf("board %d (all turns %v): %s", i, all, d)
					}
					if len(want) > 0 {
						moved++
					}
				}
			}
			t.Logf("%d boards, %d with turns", tt.boards, moved/2)
		})
	}
}

// TestHintedSquares runs perft, which hands each position's squares on to the next
// (hintSquares), with every hinted set checked against the board it is for, in the
// games of the bit scan; the counts are those without the shortcuts.
func TestHintedSquares(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		depth         int
	}{
		{"games/checkers.zrf", "", 7},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "", 10},
		{"corpus/glukkazan-zog/Rules/alquerque.zrf", "Alquerque III", 5},
		{"corpus/glukkazan-zog/Rules/Makyek.zrf", "", 3},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Italian Checkers", 6},
		{"corpus/glukkazan-zog/Rules/CheckersCollection.zrf", "Khakass Tobit", 5},
		{"corpus/dagazproject-zrf/ShafranCheckers/shafran.zrf", "", 5},
		{"corpus/glukkazan-zog/Rules/PyonPyonShogi.zrf", "Pyon Pyon Shogi", 3},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadRow(t, tt.file, tt.variant)
			var counts [2]int64
			for i, on := range []bool{true, false} {
				g.SetOff(offWhen(on, eval.AllShortcuts), 0)
				eval.SetCheckSquares(g, on)
				n, err := g.Perft(g.NewState(), tt.depth)
				if err != nil {
					t.Fatalf("shortcuts %v: %v", on, err)
				}
				counts[i] = n
			}
			if counts[0] != counts[1] {
				t.Errorf("perft(%d) %d with the shortcuts, %d without", tt.depth, counts[0], counts[1])
			}
			t.Logf("perft(%d) %d", tt.depth, counts[0])
		})
	}
}
