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
		src           string // the rules, when file names no file
	}{
		{"games/checkers.zrf", "", 40, 1000, ""}, // no goal that needs no turn
		{"games/chess.zrf", "", 6, 400, ""},      // repetition draws, royal pieces
		{"games/chess.zrf", "Kiwipete", 3, 100, ""},
		{"games/thud.zrf", "", 2, 80, ""}, // the dialect: it does not sample
		{"corpus/dagazproject-zrf/LittleShogiPack/IkusaShogi.zrf", "", 3, 100, ""},
		{"corpus/dagazproject-zrf/BombChess/Bombs.zrf", "", 3, 100, ""}, // a forced pass turn
		// Steps drawn by counting, with a kind of eight steps, whose moves from a
		// square are counted one by one, beside a kind of three.
		{"kings", "", 30, 300, stepKings},
	} {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			var g *eval.Game
			if tt.src != "" {
				g = loadString(t, tt.src)
				if counted, most := eval.StepKinds(g, 0, 1); !counted || most != 8 {
					t.Fatalf("steps counted %v, most entries of a kind %d: want true, 8", counted, most)
				}
			} else {
				g = loadRow(t, tt.file, tt.variant)
			}
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

// stepKings is a game of draughts on a small board: captures first, their turns of
// several parts, then steps drawn by counting (sampleSteps), those of a king of eight
// directions counted one by one, beside those of a man of three.
const stepKings = "(define step ($1 (verify empty?) add))\n" +
	"(define jump ($1 (verify enemy?) capture $1 (verify empty?) (add-partial jumptype)))\n" +
	`(game (title "Kings") (players A B) (turn-order A B) ` + board5 + `
(move-priorities jumptype normaltype)
(option "pass partial" false)
(loss-condition (A B) stalemated)
(piece (name K) (moves (move-type jumptype) (jump n) (jump s) (jump e) (jump w)
   (move-type normaltype) (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw)))
(piece (name M) (moves (move-type jumptype) (jump n) (jump ne) (jump nw)
   (move-type normaltype) (step n) (step ne) (step nw)))
(board-setup (A (K a1) (M b1 c1 d1 e1)) (B (K e5) (M a5 b5 c5 d5))))`

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
