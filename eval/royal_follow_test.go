package eval_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// TestFollowRoyalOneKing checks that the one-royal-piece path of the royal check
// (followRoyal1) follows the royal piece exactly as the general followRoyal does, on
// the turns of random positions of chess, shogi and corpus chess variants with unusual
// pieces.
func TestFollowRoyalOneKing(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
	}{
		{"games/chess.zrf", "", 4, 150},
		{"games/chess.zrf", "Kiwipete", 4, 100},
		{"corpus/dagazproject-zrf/ChuShogi/Chu_Shogi_Advanced_v1.3.zrf", "Heisei Setup (+Drop Once rule)", 2, 30},
		{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 4, 80},
		{"corpus/dagazproject-zrf/GenesisChess/GenesisChess.zrf", "Two Kings", 3, 40},
		{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 4, 80},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadRow(t, tt.file, tt.variant)
			ws := g.NewWorkspace()
			followed := 0
			for seed := uint64(1); seed <= uint64(tt.seeds); seed++ {
				rng := rand.New(rand.NewPCG(seed, 17))
				s := g.NewState()
				for ply := 0; ply < tt.plies; ply++ {
					turns, err := ws.Turns(s)
					if err != nil {
						t.Fatal(err)
					}
					n, err := eval.FollowRoyalAgree(g, s, turns)
					if err != nil {
						t.Fatalf("seed %d ply %d: %v", seed, ply, err)
					}
					followed += n
					if len(turns) == 0 {
						break
					}
					s = turns[rng.IntN(len(turns))].After.Clone()
				}
			}
			t.Logf("%d turns followed", followed)
		})
	}
}
