package eval_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
)

// TestPlayoutShortcutsChangeNothing plays random games on an ai.Table (as zoggo run and
// the playout benchmarks play them: sampled turns, goals checked in two steps, the
// squares of each position hinted by the turn before) with every shortcut and again with
// UsePlayout off, seed by seed: the games must be the same turn for turn, with the same
// states and results. With the shortcut on, the bit scan checks every set of squares it
// did not sort itself against the board (SetCheckSquares).
func TestPlayoutShortcutsChangeNothing(t *testing.T) {
	for _, tt := range []struct {
		file, variant string
		seeds, plies  int
	}{
		{"games/checkers.zrf", "", 40, 1000}, // no goal that needs no turn
		{"games/chess.zrf", "", 6, 400},      // repetition draws, royal pieces
		{"games/chess.zrf", "Kiwipete", 3, 100},
		{"games/thud.zrf", "", 2, 80}, // the dialect: it does not sample
		{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 3, 100},
		{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 3, 100}, // a forced pass turn
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := loadRow(t, tt.file, tt.variant)
			play := func(off eval.Shortcut, seed uint64, table *ai.Table) []string {
				g.SetOff(off, 0)
				eval.SetCheckSquares(g, off == 0)
				defer eval.SetCheckSquares(g, false)
				rec, err := table.Play(randomSeats(g), seed, tt.plies)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				return playedGame(g, rec)
			}
			on, off := ai.NewTable(g), ai.NewTable(g)
			plies := 0
			for seed := uint64(1); seed <= uint64(tt.seeds); seed++ {
				a := play(0, seed, on)
				b := play(eval.UsePlayout, seed, off)
				if d := cmp.Diff(b, a); d != "" {
					t.Fatalf("seed %d (-UsePlayout off +on):\n%s", seed, d)
				}
				plies += len(a) - 1
			}
			g.SetOff(0, 0)
			if plies < tt.seeds*10 {
				t.Fatalf("%d plies compared over %d games: too few", plies, tt.seeds)
			}
			t.Logf("%d plies compared", plies)
		})
	}
}

// randomSeats is a seat of no agent (a random player) for each player of g.
func randomSeats(g *eval.Game) []ai.Agent { return make([]ai.Agent, len(g.Players)) }

// playedGame writes each turn of a game played on a Table (its parts and the state
// after it) and the result.
func playedGame(g *eval.Game, rec *ai.Game) []string {
	var out []string
	for _, p := range rec.Match.History() {
		s := fmt.Sprintf("%d forced=%v hash=%#x full=%#x", p.Num, p.Forced, p.Turn.After.Hash, g.FullHash(p.Turn.After))
		for _, m := range p.Turn.Parts {
			s += fmt.Sprintf(" %v", m.Changes)
		}
		out = append(out, s)
	}
	return append(out, rec.Result.String())
}
