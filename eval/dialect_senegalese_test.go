package eval_test

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// Senegalese draughts (games/senegalese.zrf) on a board of 6 files and 5 ranks, every
// square used; White plays up the board. Men step and capture straight forward or
// sideways and go on capturing while they can; captured men leave at once; capture is
// compulsory, the choice among captures free; there is no promotion: a man whose move
// ends on the last rank leaves the board; when the player to move cannot move, the
// player with more men wins. Every expected set was worked out by hand from those
// rules (seed 004, and the Zillions version for the board).

func TestSenegaleseMoves(t *testing.T) {
	g := loadGame(t, "senegalese.zrf")

	// The start: only c3 and d3 are empty. e3 steps west to d3, c2 and d2 step forward.
	expectTurns(t, g, "White Man a1 b1 c1 d1 e1 f1 a2 b2 c2 d2 e2 f2 e3 f3; "+
		"Black Man a5 b5 c5 d5 e5 f5 a4 b4 c4 d4 e4 f4 a3 b3; White to move",
		"c2-c3", "d2-d3", "e3-d3")

	// Men step forward or sideways, never backward.
	expectTurns(t, g, "White Man c2; Black Man f5; White to move",
		"c2-b2", "c2-c3", "c2-d2")

	// Men capture forward or sideways, never backward, and must: c3 takes d3 (landing
	// on e3); c2 behind it, with c1 empty, is safe.
	expectTurns(t, g, "White Man c3; Black Man c2 d3 f5; White to move",
		"c3-e3 x d3")

	// Black's forward is south: d3 takes d2 landing on d1, the last rank of Black, and
	// leaves the board there.
	spec := "Black Man d3; White Man d2 a1; Black to move"
	expectTurns(t, g, spec, "d3-d1 x d2")
	expectGone(t, g, spec, "d3-d1", "d1")

	// A capture goes on while it can, but the player chooses among the captures: a2
	// takes a3 and b4 (a2-a4-c4), f2 takes only f3; both are legal, and a2 may not
	// stop on a4.
	expectTurns(t, g, "White Man a2 f2; Black Man a3 b4 f3; White to move",
		"a2-a4-c4 x a3 b4", "f2-f4 x f3")
}

func TestSenegaleseLastRank(t *testing.T) {
	g := loadGame(t, "senegalese.zrf")

	// No promotion: a man that steps onto the last rank leaves the board; a quiet
	// move, so the sideways steps are legal beside it.
	spec := "White Man c4; Black Man b5 e5; White to move"
	expectTurns(t, g, spec, "c4-b4", "c4-c5", "c4-d4")
	expectGone(t, g, spec, "c4-c5", "c5")

	// Reaching the last rank in the middle of a capture, the man goes on sideways:
	// c3 takes c4 landing on c5, then d5 landing on e5, and leaves the board there.
	spec = "White Man c3; Black Man c4 d5 a5; White to move"
	expectTurns(t, g, spec, "c3-c5-e5 x c4 d5")
	expectGone(t, g, spec, "c3-c5-e5", "e5")
}

func TestSenegaleseEnd(t *testing.T) {
	g := loadGame(t, "senegalese.zrf")
	result := func(spec, move, want string) { t.Helper(); expectResult(t, g, spec, move, want) }
	// The men can no longer capture each other once every Black man stands below every
	// White man (White men only go up, Black men down). After d4-d3 the Black men b2
	// and d3 are below the White men on rank 4: the game is over and White, three men
	// to two, wins. After d4-c4 the Black man stands beside b4: the game goes on.
	spec := "White Man a4 b4 f4; Black Man b2 d4; Black to move"
	result(spec, "d4-d3", "White")
	result(spec, "d4-c4", "on")
	// The same with two men each: a draw.
	result("White Man a4 f4; Black Man b2 d4; Black to move", "d4-d3", "draw")
	// Black's last man leaves the board: White, with a man left, wins. Had it stepped
	// sideways to b2, above the White man b1, the game would go on.
	result("White Man b1; Black Man a2; Black to move", "a2-a1", "White")
	result("White Man b1; Black Man a2; Black to move", "a2-b2", "on")
	// A player who cannot move: after f4-f3 White's men on rank 1 are all blocked, and
	// Black, 12 men to 6, wins.
	result("White Man a1 b1 c1 d1 e1 f1; Black Man a2 b2 c2 d2 e2 f2 a3 b3 c3 d3 e3 f4; Black to move",
		"f4-f3", "Black")
}

// expectGone makes the turn of spec described as move and checks that the square is
// empty after it.
func expectGone(t *testing.T, g *eval.Game, spec, move, square string) {
	t.Helper()
	s := position(t, g, spec)
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	for i := range turns {
		if d, _, _ := strings.Cut(describe(g, s, &turns[i]), " x "); d == move {
			if c := turns[i].After.Cells[g.Board.LocIndex(square)]; !c.IsEmpty() {
				t.Errorf("%s, after %s: %s holds a piece, want it empty", spec, move, square)
			}
			return
		}
	}
	t.Fatalf("%s: no turn %q", spec, move)
}
