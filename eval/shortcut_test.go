package eval_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// TestShortcutsChangeNothing plays random games of games with royal pieces and board
// walks and checks that, in every position, the legal turns are the same turns in the
// same order with the run-time shortcuts (the royal-piece fast path of royal.go, the
// skipped walks of walk.go and the walks followed by the reach analysis) as without
// them.
func TestShortcutsChangeNothing(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
	}{
		{"games/chess.zrf", "", 3, 120},
		{"games/chess.zrf", "Kiwipete", 3, 80},
		// Without the shortcut a position of Gwangsanghui takes about a second.
		{"corpus/glukkazan-zog/Rules/Gwangsanghui.zrf", "", 1, 6},
		{"corpus/dagazproject-zrf/ChuShogi/Chu_Shogi_Advanced_v1.3.zrf", "Heisei Setup (+Drop Once rule)", 3, 20},
		{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 3, 60},
		{"corpus/dagazproject-zrf/GenesisChess/GenesisChess.zrf", "Two Kings", 3, 20},
		{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 3, 60},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			// Two loads of the game: each makes its reach table the first time it needs
			// it, with shortcuts (which follow board walks there too) or without.
			g, general := loadRow(t, tt.file, tt.variant), loadRow(t, tt.file, tt.variant)
			general.SetOff(eval.AllShortcuts, 0)
			fast, slow := g.NewWorkspace(), general.NewWorkspace()
			positions := 0
			for seed := uint64(1); seed <= uint64(tt.seeds); seed++ {
				rng := rand.New(rand.NewPCG(seed, 16))
				s := g.NewState()
				for ply := 0; ply < tt.plies; ply++ {
					positions++
					want, err := fast.Turns(s)
					if err != nil {
						t.Fatal(err)
					}
					got, err := slow.Turns(s)
					if err != nil {
						t.Fatal(err)
					}
					if d := diffTurns(want, got); d != "" {
						t.Fatalf("seed %d ply %d: with every shortcut and without: %s", seed, ply, d)
					}
					if len(want) == 0 {
						break
					}
					s = want[rng.IntN(len(want))].After.Clone()
				}
			}
			if positions < atLeast(tt.seeds, tt.plies) {
				t.Fatalf("compared %d positions, fewer than %d", positions, atLeast(tt.seeds, tt.plies))
			}
			t.Logf("%d positions compared", positions)
		})
	}
}
