package ai_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// race is a game of goals: White's runners walk north to row 5, Black's south to row 1,
// and a player left without runners loses.
const race = `
(game
   (title "Race")
   (players White Black)
   (turn-order White Black)
   (board
      (grid
         (start-rectangle 0 0 40 40)
         (dimensions ("a/b/c" (40 0)) ("5/4/3/2/1" (0 40)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)))
      (symmetry Black (n s) (s n))
      (zone (name goal) (players White) (positions a5 b5 c5))
      (zone (name goal) (players Black) (positions a1 b1 c1)))
   (piece (name Runner)
      (moves (n (verify empty?) add) (n (verify enemy?) add)))
   (board-setup (White (Runner a1 b1 c1)) (Black (Runner a5 b5 c5)))
   (win-condition (White Black) (absolute-config Runner (goal)))
   (loss-condition (White Black) (pieces-remaining 0)))
`

// at returns the start of g with only the given runners on the board.
func at(t *testing.T, g *eval.Game, white, black []string) *engine.State {
	t.Helper()
	s := g.NewState().Clone()
	clear(s.Cells)
	k := g.KindIndex("Runner")
	for p, locs := range [][]string{white, black} {
		for _, name := range locs {
			l := g.Board.LocIndex(name)
			if l == engine.NoLoc {
				t.Fatalf("no position %q", name)
			}
			s.Cells[l] = engine.MakeCell(engine.Player(p), k, g.DefaultAttrs(k))
		}
	}
	return s
}

// TestGameTerms: the terms found in the rules of each game.
func TestGameTerms(t *testing.T) {
	for _, tt := range []struct {
		name     string
		g        *eval.Game
		mobility bool
		reach    int
		remain   int
	}{
		{"chess", evaltest.Load(t, "../games/chess.zrf"), true, 0, 0},       // checkmated, repetition: no goal term
		{"thud", evaltest.Load(t, "../games/thud.zrf"), true, 0, 2},         // (pieces-remaining 0) for each side
		{"race", evaltest.LoadText(t, "race.zrf", race), true, 2, 2},        // a goal zone and a count each
		{"sniper", evaltest.LoadText(t, "sniper.zrf", sniper), false, 1, 1}, // three players: no mobility
	} {
		tm := ai.GameTerms(tt.g)
		if tm.Mobility != tt.mobility || len(tm.Reach) != tt.reach || len(tm.Remain) != tt.remain {
			t.Errorf("%s: mobility %v, %d reach and %d remain goals; want %v, %d and %d",
				tt.name, tm.Mobility, len(tm.Reach), len(tm.Remain), tt.mobility, tt.reach, tt.remain)
		}
	}
}

// TestGoalProximity: with material equal, a position whose runner stands nearer its goal
// scores higher for its owner, step by step, and lower for the other; and a player
// nearer its loss by pieces-remaining scores lower by more than material alone says.
func TestGoalProximity(t *testing.T) {
	g := evaltest.LoadText(t, "race.zrf", race)
	v, tm := ai.PieceValues(g), ai.GameTerms(g)
	white, black := engine.Player(0), engine.Player(1)
	prev := 0.0
	for i, sq := range []string{"a1", "a2", "a3", "a4"} {
		s := at(t, g, []string{sq}, []string{"c5"})
		w, b := ai.Positional(g, v, tm, s, white), ai.Positional(g, v, tm, s, black)
		if w != -b {
			t.Errorf("runner on %s: %v for White but %v for Black", sq, w, b)
		}
		if i > 0 && w-prev != ai.GoalWeight {
			t.Errorf("runner from row %d to %s: White's score %v to %v, want a step of %v", i, sq, prev, w, ai.GoalWeight)
		}
		prev = w
	}
	// One runner each against three each: material is even in both, the count is not.
	few := at(t, g, []string{"a2"}, []string{"a4"})
	if e := ai.Evaluate(g, v, few, white); e != 0 {
		t.Fatalf("material of a mirrored position: %v", e)
	}
	if p := ai.Positional(g, v, tm, few, white); p != 0 {
		t.Errorf("a mirrored position scores %v for White", p)
	}
	three := at(t, g, []string{"a2", "b2", "c2"}, []string{"a4"})
	two := at(t, g, []string{"a2", "b2"}, []string{"a4"})
	// Material says two runners ahead against one; the count says a runner is worth more
	// to the side that has fewer.
	gainMat := ai.Evaluate(g, v, three, white) - ai.Evaluate(g, v, two, white)
	gainPos := ai.Positional(g, v, tm, three, white) - ai.Positional(g, v, tm, two, white)
	if gainPos <= gainMat {
		t.Errorf("a third runner adds %v with the terms, %v by material alone: want more with the terms", gainPos, gainMat)
	}
	lossMat := ai.Evaluate(g, v, two, white) - ai.Evaluate(g, v, at(t, g, []string{"a2"}, []string{"a4"}), white)
	lossPos := ai.Positional(g, v, tm, two, white) - ai.Positional(g, v, tm, at(t, g, []string{"a2"}, []string{"a4"}), white)
	if lossPos-lossMat <= gainPos-gainMat {
		t.Errorf("the count term adds %v for a second runner and %v for a third: want more for the second", lossPos-lossMat, gainPos-gainMat)
	}
}

// TestMobilityTerm: at depth 2 from the start of chess, where no turn wins material, the
// search with the positional terms opens lines: whatever Black answers, White then has
// at least 26 turns (a knight move leaves 22, most pawn moves 20 to 22; e4, e3 and d4
// give 28 to 30).
func TestMobilityTerm(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	for seed := uint64(1); seed <= 4; seed++ {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, err := ai.Parse("search:2:eval=full", g)
		if err != nil {
			t.Fatal(err)
		}
		i, err := a.Choose(m, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
		least := 1 << 30
		for j := range m.Legal() {
			x := m.Clone()
			if err := x.Play(j); err != nil {
				t.Fatal(err)
			}
			least = min(least, len(x.Legal()))
		}
		if least < 26 {
			t.Errorf("seed %d: White's turn leaves it %d turns after Black's best answer, want 26 or more", seed, least)
		}
	}
}
