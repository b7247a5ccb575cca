package eval_test

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// The Royal Game of Ur in Dmitry Skiryuk's reconstruction (games/ur.zrf), as the Dagaz
// article on Ur (seed 003) tells it: three two-sided dice move a piece 1, 2 or 3
// squares for as many white faces, 4 for none; rosettes (a1 a3 d2 g1 g3) give another
// move; camps (b1 d1 b3 d3 g2) hold up to 4 pieces of one side and bar the enemy;
// sanctuaries (c2 f2) hold up to 4 pieces of either side, last in first out, and nobody
// captures there; novices turn into veterans on passing h1 (White) or h3 (Black), and
// only pieces of the same face capture each other; a veteran on a2 is safe; captured
// pieces go back to the reserve; pieces leave from a2 with the exact throw; no move
// passes the turn. Every expected set below was worked out by hand from those rules.
//
// A position's dice are pieces of ?Dice on x1 x2 x3, Up for a white face; the helpers
// throw N builds them (N = 4 for no white face).

// urDice is the dice clause of a position where the throw is n (1 to 4).
func urDice(n int) string {
	faces := []string{"Down", "Down", "Down"}
	for i := 0; i < n && n < 4; i++ {
		faces[i] = "Up"
	}
	return "?Dice " + faces[0] + " x1, " + faces[1] + " x2, " + faces[2] + " x3"
}

// urTurns checks the turns of spec with throw n.
func urTurns(t *testing.T, g *eval.Game, spec string, n int, want ...string) {
	t.Helper()
	expectTurns(t, g, spec+"; "+urDice(n), want...)
}

// urAfter makes the turn of spec (throw n) described as move and returns the state after.
func urAfter(t *testing.T, g *eval.Game, spec string, n int, move string) *engine.State {
	t.Helper()
	s := position(t, g, spec+"; "+urDice(n))
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	for i := range turns {
		if d := describe(g, s, &turns[i]); d == move {
			return turns[i].After
		}
	}
	t.Fatalf("%s, throw %d: no turn %q among %v", spec, n, move, turnList(t, g, s))
	return nil
}

func TestUrThrows(t *testing.T) {
	g := loadGame(t, "ur.zrf")
	// The start: ?Dice throws first, one move per face combination (8 equally likely).
	if got := len(turnList(t, g, g.NewState())); got != 8 {
		t.Errorf("the first turn has %d throws, want 8", got)
	}
	// One move per throw from the full reserve: the last reserve piece enters, 1 to 4
	// squares along d1 c1 b1 a1.
	start := "White Novice rw1 rw2 rw3 rw4 rw5 rw6 rw7; Black Novice rb1 rb2 rb3 rb4 rb5 rb6 rb7; White to move"
	urTurns(t, g, start, 1, "rw7-d1")
	urTurns(t, g, start, 2, "rw7-c1")
	urTurns(t, g, start, 3, "rw7-b1")
	urTurns(t, g, start, 4, "rw7-a1")
	// Black's track runs on rank 3.
	start = strings.Replace(start, "White to move", "Black to move", 1)
	urTurns(t, g, start, 3, "rb7-b3")
	// A piece jumps over whatever stands between (e2 of either side).
	urTurns(t, g, "White Novice d2 e2; Black Novice a3; White to move", 2, "d2-f2", "e2-g2")
	urTurns(t, g, "White Novice d2; Black Novice e2 a3; White to move", 2, "d2-f2")
}

func TestUrRosettes(t *testing.T) {
	g := loadGame(t, "ur.zrf")
	// A piece that stops on a rosette gives its player another throw: the turn order
	// goes back to White's throw (entry 0), not on to Black's (entry 2).
	for _, tt := range []struct {
		spec string
		n    int
		move string
		next int // turn-order entry after the move
	}{
		{"White Novice rw1; Black Novice rb1; White to move", 4, "rw1-a1", 0},
		{"White Novice rw1; Black Novice rb1; White to move", 3, "rw1-b1", 2},
		{"White Novice b2; Black Novice rb1; White to move", 2, "b2-d2", 0},
		{"White Novice e2; Black Novice rb1; White to move", 3, "e2-g1", 0},
		{"White Veteran h2; Black Novice rb1; White to move", 2, "h2-g3", 0},
		{"White Novice rw1; Black Novice rb1; Black to move", 4, "rb1-a3", 2},
		{"White Novice rw1; Black Novice rb1; Black to move", 1, "rb1-d3", 0},
	} {
		after := urAfter(t, g, tt.spec, tt.n, tt.move)
		if after.Turn != tt.next {
			t.Errorf("%s, throw %d, %s: turn-order entry %d, want %d", tt.spec, tt.n, tt.move, after.Turn, tt.next)
		}
		if _, m := g.Side(after); g.Players[m].Name != "?Dice" {
			t.Errorf("%s, throw %d, %s: %s moves next, want ?Dice", tt.spec, tt.n, tt.move, g.Players[m].Name)
		}
	}
}

func TestUrCamps(t *testing.T) {
	g := loadGame(t, "ur.zrf")
	// A camp holds up to four pieces of its side, on each other: the piece entering on
	// d1 stands on the one there.
	urTurns(t, g, "White Novice rw1 rw2 d1; Black Novice rb1; White to move", 1,
		"d1-c1", "rw2-d1_2")
	// Only the top of a column moves; a full camp (4) takes no fifth piece.
	urTurns(t, g, "White Novice rw1 d1 d1_2 d1_3 d1_4; Black Novice rb1; White to move", 1,
		"d1_4-c1")
	// While g2 holds an enemy piece, no piece may stop there; passing over is allowed.
	urTurns(t, g, "White Novice e2; Black Novice g2 rb1; White to move", 2, "pass")
	urTurns(t, g, "White Novice e2; Black Novice g2 rb1; White to move", 3, "e2-g1")
	urTurns(t, g, "White Veteran h3; Black Veteran g2 rb1; White to move", 2, "pass")
	urTurns(t, g, "White Veteran h3; Black Veteran g2 rb1; White to move", 3, "h3-f2")
	// The camp of its own side takes it, on top.
	urTurns(t, g, "White Novice e2 g2; Black Novice rb1; White to move", 2,
		"e2-g2_2", "g2-h1")
	// A veteran coming back stands on its side's novice in g2 (the novice, passing h1,
	// would stop on its own veteran on h2).
	urTurns(t, g, "White Veteran h2; White Novice g2; Black Novice rb1; White to move", 3,
		"h2-g2_2")
}

func TestUrSanctuaries(t *testing.T) {
	g := loadGame(t, "ur.zrf")
	// A sanctuary takes pieces of either side on each other: no capture there.
	urTurns(t, g, "White Novice b2; Black Novice c2 rb1; White to move", 1, "b2-c2_2")
	// Last in, first out: the black novice under the white one cannot move, so with
	// no other piece Black passes.
	urTurns(t, g, "White Novice c2_2; Black Novice c2; Black to move", 1, "pass")
	urTurns(t, g, "White Novice c2_2; Black Novice c2; White to move", 1, "c2_2-d2")
	// Four is the most: nothing stops on a full f2, and the move that would is not made.
	urTurns(t, g, "White Novice d2 f2_2 f2_4; Black Novice f2 f2_3 rb1; White to move", 2,
		"f2_4-g1")
	// Veterans go the other way out of a sanctuary: f2 to e2.
	urTurns(t, g, "White Veteran f2_2; Black Novice f2 rb1; White to move", 1, "f2_2-e2")
}

func TestUrFacesAndCaptures(t *testing.T) {
	g := loadGame(t, "ur.zrf")
	// A novice stopping on h1 is still a novice; it turns on leaving h1.
	urTurns(t, g, "White Novice g1; Black Novice rb1; White to move", 1, "g1-h1")
	urTurns(t, g, "White Novice h1; Black Novice rb1; White to move", 1, "h1-h2 =Veteran")
	// Black turns on leaving h3.
	urTurns(t, g, "White Novice rw1; Black Novice h3; Black to move", 1, "h3-h2 =Veteran")
	// Passing h1 in the middle of a move turns it too.
	urTurns(t, g, "White Novice g2; Black Novice rb1; White to move", 3, "g2-h2 =Veteran")
	// The article's case: the white novice on h1 cannot take the black novice on h3
	// (it is a veteran by then), but takes the black veteran on h2, turning on the way.
	urTurns(t, g, "White Novice h1; Black Novice h3; Black Veteran h2; White to move", 1,
		"h1-h2 x h2 =Veteran")
	urTurns(t, g, "White Novice h1; Black Novice h3; Black Veteran h2; White to move", 2, "pass")
	// A novice takes a novice (a2 protects veterans only), and the piece taken goes
	// back to its owner's reserve, on its first empty square.
	spec := "White Novice c1; Black Novice a2 rb1; White to move"
	urTurns(t, g, spec, 3, "c1-a2 x a2")
	after := urAfter(t, g, spec, 3, "c1-a2 x a2")
	if c := after.Cells[g.Board.LocIndex("rb2")]; c.IsEmpty() || g.Players[c.Player()].Name != "Black" || g.Pieces[c.Kind()].Name != "Novice" {
		t.Errorf("%s, c1-a2: rb2 holds %v, want a black novice", spec, c)
	}
	// A novice never takes a veteran, nor a veteran a novice.
	urTurns(t, g, "White Novice d2; Black Veteran e2 rb1; White to move", 1, "pass")
	urTurns(t, g, "White Veteran e2; Black Novice d2 rb1; White to move", 1, "pass")
	// Veterans take veterans, but not on a2.
	urTurns(t, g, "White Veteran c2_2; Black Veteran b2 c2 rb1; White to move", 1, "c2_2-b2 x b2")
	urTurns(t, g, "White Veteran b2; Black Veteran a2 rb1; White to move", 1, "pass")
	// A piece never stops on its own.
	urTurns(t, g, "White Novice a1 b2; Black Novice rb1; White to move", 2, "b2-d2")
}

func TestUrLeaving(t *testing.T) {
	g := loadGame(t, "ur.zrf")
	// A veteran leaves from a2 with a 1, from b2 with a 2: the exact throw.
	urTurns(t, g, "White Veteran a2 d2; Black Novice rb1; White to move", 1, "a2-out", "d2-c2")
	urTurns(t, g, "White Veteran a2 b2; Black Novice rb1; White to move", 2, "b2-out")
	urTurns(t, g, "White Veteran a2; Black Novice rb1; White to move", 3, "pass")
	spec := "White Veteran a2 b2; Black Novice rb1; White to move; " + urDice(1)
	r := shiftOutcome(t, g, spec, "a2-out")
	if r.Over {
		t.Errorf("%s, a2-out: %v, want the game to go on", spec, r)
	}
	// The last piece off wins.
	spec = "White Veteran a2; Black Novice rb1; White to move; " + urDice(1)
	r = shiftOutcome(t, g, spec, "a2-out")
	if !r.Over || len(r.Winners) != 1 || g.Players[r.Winners[0]].Name != "White" {
		t.Errorf("%s, a2-out: %v, want White to win", spec, r)
	}
	after := urAfter(t, g, "White Veteran a2 b2; Black Novice rb1; White to move", 1, "a2-out")
	if c := after.Cells[g.Board.LocIndex("out")]; !c.IsEmpty() {
		t.Errorf("a2-out leaves %v on out, want it empty", c)
	}
}
