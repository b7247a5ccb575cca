package eval_test

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/engine"
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

// TestEachShortcutAlone turns each shortcut of the run-time and of the engine off alone
// and compares the legal turns of the positions of random games, merged and all of them
// (compareOff), and perft to a small depth, with those of the game with every shortcut
// on: a shortcut that changes an answer is named. The dialect's fast paths are turned
// off alone in the games of the dialect. Each subtest loads its own games, so they run
// in parallel.
func TestEachShortcutAlone(t *testing.T) {
	type off struct {
		eval eval.Shortcut
		eng  engine.Shortcut
	}
	var offs []off
	for _, s := range eval.Shortcuts() {
		offs = append(offs, off{eval: s})
	}
	for s := engine.PlainApply; s&engine.AllShortcuts != 0; s <<= 1 {
		offs = append(offs, off{eng: s})
	}
	if len(offs) < 18 {
		t.Fatalf("%d shortcuts listed", len(offs))
	}
	dialectOnly := 0
	for _, tt := range []struct {
		file, variant       string
		seeds, plies, depth int
		dialect             bool // a game of the dialect, whose fast paths it runs
	}{
		{"games/chess.zrf", "", 2, 60, 3, false},
		{"games/chess.zrf", "Kiwipete", 1, 40, 2, false},
		{"games/checkers.zrf", "", 3, 80, 6, false},
		{"games/international.zrf", "", 1, 60, 3, false},
		{"games/russian.zrf", "", 2, 60, 4, true},
		{"games/thud.zrf", "", 1, 12, 2, false},
		{"games/surakarta.zrf", "", 1, 30, 2, false},
		{"games/fanorona.zrf", "", 1, 40, 3, true},
	} {
		for _, o := range offs {
			if o.eval&eval.UseDialectPaths != 0 && !tt.dialect {
				// Only a game of the dialect has them: off, nothing could differ.
				continue
			}
			if o.eval&eval.UseDialectPaths != 0 {
				dialectOnly++
			}
			name := o.eval.String()
			if o.eng != 0 {
				name = "engine " + o.eng.String()
			}
			t.Run(tt.file+"/"+tt.variant+"/"+name, func(t *testing.T) {
				t.Parallel()
				g := loadRow(t, tt.file, tt.variant)
				compareOff(t, g, o.eval, o.eng, comparison{seeds: tt.seeds, plies: tt.plies, stream: 2511, min: atLeast(tt.seeds, tt.plies), all: true})
				want, err := g.Perft(g.NewState(), tt.depth)
				if err != nil {
					t.Fatal(err)
				}
				g.SetOff(o.eval, o.eng)
				got, err := g.Perft(g.NewState(), tt.depth)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("perft(%d) %d with every shortcut, %d with %s off", tt.depth, want, got, name)
				}
			})
		}
	}
	if n := bits.OnesCount32(uint32(eval.UseDialectPaths)); dialectOnly < 2*n {
		t.Errorf("the dialect's fast paths were turned off alone %d times, want each in two games", dialectOnly)
	}
}
