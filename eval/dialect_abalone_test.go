package eval_test

// Tests of games/abalone.zrf: exact move sets in small positions, worked out by hand
// from the rules.
//
// Board notation (see the file's header): rows a..i from Black's side, numbers along
// each row; a marble on row R number N has neighbours e = R(N+1), w = R(N-1),
// ne = (R+1)(N+1), nw = (R+1)N, se = (R-1)N, sw = (R-1)(N-1). Row a holds a1..a5,
// b b1..b6, c c1..c7, d d1..d8, e e1..e9, f f2..f9, g g3..g9, h h4..h9, i i5..i9.

import (
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// expectShiftAfter makes the turn of spec described as move (without its " x " part)
// and compares the board after it with the pieces of the position spec after.
func expectShiftAfter(t *testing.T, g *eval.Game, spec, move, after string) {
	t.Helper()
	s := position(t, g, spec)
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	want := position(t, g, after)
	for i := range turns {
		if d, _, _ := strings.Cut(describe(g, s, &turns[i]), " x "); d != strings.Split(move, " x ")[0] {
			continue
		}
		got := turns[i].After
		if !slices.Equal(got.Cells, want.Cells) {
			var have []string
			for l, c := range got.Cells {
				if !c.IsEmpty() {
					have = append(have, g.Players[c.Player()].Name+":"+g.Board.Locs[l].Name)
				}
			}
			t.Errorf("%s, after %s:\n got  %v\n want %s", spec, move, have, after)
		}
		return
	}
	t.Errorf("%s: no turn %q", spec, move)
}

// TestAbaloneStart checks the 44 moves of the start position, listed by hand. The
// figure 44 is the one commonly quoted for Abalone's opening position; we could not
// reach a published text that states it (see the report), so the test rests on the
// hand enumeration below, not on a citation.
//
// Black: a1-a5, b1-b6, c3 c4 c5. Nothing touches White yet, so there are no pushes.
//   - 14 single steps: b1 to c1/c2, b2 to c2, b5 to c6, b6 to c6/c7, c3 to c2/d3/d4,
//     c4 to d4/d5, c5 to c6/d5/d6 (every other neighbour is own or off the board).
//   - 20 in-line moves: along row c, c3c4 and c3c4c5 west, c4c5 and c3c4c5 east; up
//     the ne lines a1b2c3, a2b3c4, a3b4c5, b2c3, b3c4, b4c5, a4b5, a5b6; up the nw
//     lines a3b3c3, a4b4c4, a5b5c5, a1b1, a2b2, b3c3, b4c4, b5c5 (the lines that end
//     under an own marble, like a1b2 under c3, cannot move; downwards is off the board).
//   - 10 broadside moves: c3c4, c4c5, c3c4c5 each to nw and ne (row d is empty);
//     b1b2 to nw (c1 c2) and b5b6 to ne (c6 c7); b2c3 to nw (c2 d3) and b5c5 to ne
//     (c6 d6). All others meet an own marble or the edge.
func TestAbaloneStart(t *testing.T) {
	g := loadGame(t, "abalone.zrf")
	expectTurns(t, g, "Black Marble a1 a2 a3 a4 a5 b1 b2 b3 b4 b5 b6 c3 c4 c5;"+
		"White Marble i5 i6 i7 i8 i9 h4 h5 h6 h7 h8 h9 g5 g6 g7; Black to move",
		// single steps
		"b1-c1", "b1-c2", "b2-c2", "b5-c6", "b6-c6", "b6-c7", "c3-c2", "c3-d3", "c3-d4",
		"c4-d4", "c4-d5", "c5-c6", "c5-d5", "c5-d6",
		// in-line along row c
		"c3>c2 c4>c3", "c3>c2 c4>c3 c5>c4", "c4>c5 c5>c6", "c3>c4 c4>c5 c5>c6",
		// in-line up the ne lines
		"a1>b2 b2>c3 c3>d4", "a2>b3 b3>c4 c4>d5", "a3>b4 b4>c5 c5>d6",
		"b2>c3 c3>d4", "b3>c4 c4>d5", "b4>c5 c5>d6", "a4>b5 b5>c6", "a5>b6 b6>c7",
		// in-line up the nw lines
		"a3>b3 b3>c3 c3>d3", "a4>b4 b4>c4 c4>d4", "a5>b5 b5>c5 c5>d5",
		"a1>b1 b1>c1", "a2>b2 b2>c2", "b3>c3 c3>d3", "b4>c4 c4>d4", "b5>c5 c5>d5",
		// broadside
		"c3>d3 c4>d4", "c3>d4 c4>d5", "c4>d4 c5>d5", "c4>d5 c5>d6",
		"c3>d3 c4>d4 c5>d5", "c3>d4 c4>d5 c5>d6",
		"b1>c1 b2>c2", "b5>c6 b6>c7", "b2>c2 c3>d3", "b5>c6 c5>d6")
	n, err := g.Perft(g.NewState(), 1)
	if err != nil || n != 44 {
		t.Errorf("perft(1) = %d, %v; want 44", n, err)
	}
}

func TestAbalonePositions(t *testing.T) {
	g := loadGame(t, "abalone.zrf")

	// 2 push 1. Black e3 e4, White e5 with e6 empty behind it.
	// e3 steps to e2 f3 f4 d3 d2 (e4 is own); e4 steps to f4 f5 d4 d3 (e3 own, e5
	// enemy: one marble cannot push). The pair moves east pushing e5 to e6, or west
	// into e2; sideways it moves to ne, nw, se or sw (all empty).
	expectTurns(t, g, "Black Marble e3 e4; White Marble e5; Black to move",
		"e3-e2", "e3-f3", "e3-f4", "e3-d3", "e3-d2",
		"e4-f4", "e4-f5", "e4-d4", "e4-d3",
		"e3>e4 e4>e5 e5>e6", "e3>e2 e4>e3",
		"e3>f4 e4>f5", "e3>f3 e4>f4", "e3>d3 e4>d4", "e3>d2 e4>d3")
	expectShiftAfter(t, g, "Black Marble e3 e4; White Marble e5; Black to move",
		"e3>e4 e4>e5 e5>e6", "Black Marble e4 e5; White Marble e6")

	// 3 push 2 off the board. Black a1 a2 a3, White a4 a5 on the edge of row a.
	// Singles: each Black marble steps up to nw/ne (b1 b2, b2 b3, b3 b4); a3 cannot
	// step onto a4. Row a is full to the east and ends to the west, so the only
	// in-line move is the three pushing east: a4 goes to a5 and the a5 marble drops
	// off. 2 against 2 (a2 a3) cannot push. Broadside: a1a2, a2a3, a1a2a3 to ne and
	// to nw (se and sw are off the board).
	spec := "Black Marble a1 a2 a3; White Marble a4 a5; Black to move"
	expectTurns(t, g, spec,
		"a1-b1", "a1-b2", "a2-b2", "a2-b3", "a3-b3", "a3-b4",
		"a1>a2 a2>a3 a3>a4 a4>a5 x a5",
		"a1>b2 a2>b3", "a1>b1 a2>b2", "a2>b3 a3>b4", "a2>b2 a3>b3",
		"a1>b2 a2>b3 a3>b4", "a1>b1 a2>b2 a3>b3")
	// Blocked push, own marble behind: Black a1 a2 a3 and a5, White a4. The three
	// cannot push a4 because a5 (own) stands behind it; a2 a3 cannot either. a5 can
	// only step up (b5, b6): a4 is enemy, a6 does not exist. So: singles up, the
	// broadsides up, nothing in-line.
	expectTurns(t, g, "Black Marble a1 a2 a3 a5; White Marble a4; Black to move",
		"a1-b1", "a1-b2", "a2-b2", "a2-b3", "a3-b3", "a3-b4", "a5-b5", "a5-b6",
		"a1>b2 a2>b3", "a1>b1 a2>b2", "a2>b3 a3>b4", "a2>b2 a3>b3",
		"a1>b2 a2>b3 a3>b4", "a1>b1 a2>b2 a3>b3")

	// Blocked push, 3 against 3: Black e1 e2 e3, White e4 e5 e6. No in-line move at all:
	// east meets three (or, for e2 e3, two) White marbles, west is the edge.
	// Singles: e1 to f2 d1 (f1 and d0 do not exist); e2 to f2 f3 d2 d1; e3 to f3 f4
	// d3 d2. Broadsides: e1e2 to ne (f2 f3) and se (d1 d2); e2e3 to ne, nw, se, sw;
	// e1e2e3 to ne and se.
	expectTurns(t, g, "Black Marble e1 e2 e3; White Marble e4 e5 e6; Black to move",
		"e1-f2", "e1-d1", "e2-f2", "e2-f3", "e2-d2", "e2-d1", "e3-f3", "e3-f4", "e3-d3", "e3-d2",
		"e1>f2 e2>f3", "e1>d1 e2>d2",
		"e2>f3 e3>f4", "e2>f2 e3>f3", "e2>d2 e3>d3", "e2>d1 e3>d2",
		"e1>f2 e2>f3 e3>f4", "e1>d1 e2>d2 e3>d3")

	// Broadside, done and blocked: Black a2 a3, White b4. Sideways to nw (b2 b3) is
	// free; to ne (b3 b4) is blocked by b4 -- a broadside never pushes; se and sw are
	// off the board. In-line: east into a4, west into a1. Singles: a2 to a1 b2 b3,
	// a3 to a4 b3 (b4 is enemy).
	expectTurns(t, g, "Black Marble a2 a3; White Marble b4; Black to move",
		"a2-a1", "a2-b2", "a2-b3", "a3-a4", "a3-b3",
		"a2>a3 a3>a4", "a2>a1 a3>a2",
		"a2>b2 a3>b3")
}

// TestAbalonePushOff checks the board after a push that drops a marble off the edge:
// the marble pushed off goes, and the marble behind it takes its cell.
//
// It fails with the engine as it is (see the report): a selected piece that shifts off
// the board is removed by a capture change on its square, and captures are applied
// after the movements, so the capture also removes the marble that has just moved onto
// that square. 3 push 2 loses White's second marble, 2 push 1 loses Black's own front
// marble.
func TestAbalonePushOff(t *testing.T) {
	g := loadGame(t, "abalone.zrf")
	// Black a1 a2 a3 push a4 a5: a5 drops off, the a4 marble goes to a5.
	expectShiftAfter(t, g, "Black Marble a1 a2 a3; White Marble a4 a5; Black to move",
		"a1>a2 a2>a3 a3>a4 a4>a5", "Black Marble a2 a3 a4; White Marble a5")
	// Black a3 a4 push a5 off: Black's a4 marble moves onto a5.
	expectShiftAfter(t, g, "Black Marble a3 a4; White Marble a5; Black to move",
		"a3>a4 a4>a5", "Black Marble a4 a5")
}

// TestAbaloneWin: pushing off the sixth marble (White left with 8) ends the game.
func TestAbaloneWin(t *testing.T) {
	g := loadGame(t, "abalone.zrf")
	// White has 9 marbles; Black a3 a4 push a5 (the end of row a) off, leaving 8.
	const spec = "Black Marble a3 a4; White Marble a5 i5 i6 i7 i8 i9 h4 h5 h6; Black to move"
	if r := shiftOutcome(t, g, spec, "a3>a4 a4>a5"); !r.Over || r.Draw || len(r.Winners) != 1 || r.Winners[0] != g.PlayerIndex("Black") {
		t.Errorf("after the push off: %v, want Black to win", r)
	}
	// A quiet move leaves 9: the game goes on.
	if r := shiftOutcome(t, g, spec, "a3-b3"); r.Over {
		t.Errorf("after a3-b3: %v, want the game to go on", r)
	}
}

// shiftOutcome makes the turn of spec described as move (without its " x " part) and
// returns the result of the goals after it.
func shiftOutcome(t *testing.T, g *eval.Game, spec, move string) eval.Result {
	t.Helper()
	s := position(t, g, spec)
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	_, mover := g.Side(s)
	for i := range turns {
		if d, _, _ := strings.Cut(describe(g, s, &turns[i]), " x "); d == move {
			r, _, err := g.NewWorkspace().Outcome(turns[i].After, mover, 1)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
	}
	t.Fatalf("%s: no turn %q", spec, move)
	return eval.Result{}
}

// expectResult makes the turn of spec described as move and checks what the goals say
// after it: "on" while the game goes on, "draw", the winner's name, or "over" for any
// other end.
func expectResult(t *testing.T, g *eval.Game, spec, move, want string) {
	t.Helper()
	r := shiftOutcome(t, g, spec, move)
	got := "on"
	switch {
	case r.Over && r.Draw:
		got = "draw"
	case r.Over && len(r.Winners) == 1:
		got = g.Players[r.Winners[0]].Name
	case r.Over:
		got = "over"
	}
	if got != want {
		t.Errorf("%s, after %s: %s (%v), want %s", spec, move, got, r, want)
	}
}
