package eval_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/zoggo/zoggo/eval"
)

// TestFastUnitsChangeNothing plays random games and checks that, in every position, the
// legal turns (whose royal-piece checks run capture tests on the fast blocks) are the
// same turns in the same order with the units of fastray.go as with the fast blocks run
// one by one, and with the guards of the blocks on the general path (fast.go) as
// without them. The rows are the games of TestFastBlocksChangeNothing; with the build tag
// long every rules file of the corpus is played too.
func TestFastUnitsChangeNothing(t *testing.T) {
	defer eval.SetFastUnits(true)
	type row struct {
		file, variant string
		seeds, plies  int
	}
	rows := []row{
		{"games/chess.zrf", "", 6, 150},
		{"games/chess.zrf", "Kiwipete", 6, 100},
		{"games/checkers.zrf", "", 3, 100},
		{"games/international.zrf", "", 2, 60},
		{"games/thud.zrf", "", 2, 20},
		{"games/surakarta.zrf", "", 2, 40},
		{"corpus/glukkazan-zog/Rules/Gwangsanghui.zrf", "", 1, 6},
		{"corpus/dagazproject-zrf/ChuShogi/Chu_Shogi_Advanced_v1.3.zrf", "Heisei Setup (+Drop Once rule)", 2, 20},
		{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 2, 60},
		{"corpus/dagazproject-zrf/GenesisChess/GenesisChess.zrf", "Two Kings", 2, 20},
		{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 2, 60},
	}
	if longTests {
		_, files := corpusRules(t)
		for _, f := range files {
			rows = append(rows, row{"corpus/" + f, "", 1, 30})
		}
	}
	for _, tt := range rows {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			var g *eval.Game
			if tt.variant == "" && filepath.Dir(tt.file) != "games" {
				f, err := eval.LoadFile(rowPath(t, tt.file))
				if err != nil {
					t.Skip(err)
				}
				if g, err = f.Default(); err != nil || g.Axiom() {
					t.Skip("not a plain ZRF game")
				}
			} else {
				g = loadRow(t, tt.file, tt.variant)
			}
			units, blocks := eval.FastUnits(g)
			n := compareUnits(t, g, tt.seeds, tt.plies, 20*time.Second)
			t.Logf("%d units of %d blocks, %d positions compared", units, blocks, n)
		})
	}
	g := loadRow(t, "games/chess.zrf", "")
	if units, blocks := eval.FastUnits(g); units != 6 || blocks != 62 {
		// One per piece type: the pawn's pushes, takes and en passant (6 blocks), the
		// knight's leaps (8), the bishop's slides (4), the rook's rays (28), the queen's
		// slides (8), the king's steps (8); castling is not a fast block.
		t.Errorf("chess: %d units of %d blocks, want 6 of 62", units, blocks)
	}
}

// compareUnits plays seeds random games of up to plies plies of g and compares the turns
// of every position with and without the units, and returns how many positions it
// compared.
func compareUnits(t *testing.T, g *eval.Game, seeds, plies int, limit time.Duration) (n int) {
	with, without := g.NewWorkspace(), g.NewWorkspace()
	deadline := time.Now().Add(limit)
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		rng := rand.New(rand.NewPCG(seed, 67))
		s := g.NewState()
		for ply := 0; ply < plies && time.Now().Before(deadline); ply++ {
			eval.SetFastUnits(true)
			want, err := with.Turns(s)
			eval.SetFastUnits(false)
			got, err2 := without.Turns(s)
			n++
			if (err == nil) != (err2 == nil) {
				t.Fatalf("seed %d ply %d: error %v with units, %v without", seed, ply, err, err2)
			}
			if err != nil {
				break
			}
			if len(got) != len(want) {
				t.Fatalf("seed %d ply %d: %d turns with units, %d without", seed, ply, len(want), len(got))
			}
			for i := range want {
				if !sameTurn(&want[i], &got[i]) {
					t.Fatalf("seed %d ply %d: turn %d differs with units", seed, ply, i)
				}
			}
			if len(want) == 0 {
				break
			}
			s = want[rng.IntN(len(want))].After.Clone()
		}
	}
	return n
}
