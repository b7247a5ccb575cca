package eval_test

import (
	"slices"
	"testing"
)

// Kens (games/kens.zrf) on the 8x8 board, every square used: Ossetian Kena narrowed by
// the two rules the Dagaz article (seed 004, box "On Kens") quotes from Sultan Ratrout:
// a man never jumps a friend backward, and never two friends in a row. Black starts on
// ranks 2-3 and plays up the board (north), White down. Men step forward or sideways and
// capture in all four orthogonal directions; captured pieces go at once; a man crowned
// on the far rank goes on as a flying king, which never jumps friends and never turns
// straight back; capture is compulsory and must take the most pieces. Every expected
// set was worked out by hand from those rules.

func TestKensOpening(t *testing.T) {
	g := loadGame(t, "kens.zrf")
	// The start: the eight men of rank 3 step up to rank 4 and the men of rank 2 jump
	// over them to rank 4. The men of rank 3 may not jump backward over rank 2 (Kena
	// allows it); sideways everything is occupied. 16 turns.
	var want []string
	for _, f := range "abcdefgh" {
		c := string(f)
		want = append(want, c+"3-"+c+"4", c+"2-"+c+"4")
	}
	slices.Sort(want)
	if got := turnList(t, g, g.NewState()); !slices.Equal(got, want) {
		t.Errorf("start:\n got  %v\n want %v", got, want)
	}

	// After 1. a3-a4 White must capture: a7 jumps its own man a6 to a5, takes a4
	// landing on a3 and a2 (backward for a man is allowed when capturing) landing on a1,
	// where it is crowned; as a king it may not turn back north, and rank 1 is empty.
	expectTurns(t, g, "Black Man a2 b2 c2 d2 e2 f2 g2 h2 a4 b3 c3 d3 e3 f3 g3 h3; "+
		"White Man a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7; White to move",
		"a7-a5-a3-a1 x a2 a4 =King")
}

func TestKensMen(t *testing.T) {
	g := loadGame(t, "kens.zrf")

	// Men step forward or sideways, never backward or diagonally; for White forward is
	// south.
	expectTurns(t, g, "White Man d5; Black Man h1; White to move",
		"d5-c5", "d5-d4", "d5-e5")

	// Men capture backward and sideways too: d4 takes d3 (backward, landing on d2) or
	// e4 (sideways, landing on f4); one piece each, nothing follows.
	expectTurns(t, g, "Black Man d4; White Man d3 e4 a8; Black to move",
		"d4-d2 x d3", "d4-f4 x e4")

	// Captured pieces go at once (Turkish style), so a man can go round and come back
	// to its own square: a1 takes b1, c2, b3 and a2 (or the same four the other way
	// round, the same move) and ends on a1 with the four gone.
	expectTurns(t, g, "Black Man a1; White Man a2 b3 c2 b1 h8; Black to move",
		"a1-a3-c3-c1-a1 x a2 b1 b3 c2")
}

func TestKensFriendlyJumps(t *testing.T) {
	g := loadGame(t, "kens.zrf")

	// Forward and sideways over a friendly man, never backward: a2 jumps a3 to a4, c4
	// jumps d4 to e4 and d4 jumps c4 to b4; a3 may not jump a2 backward to a1.
	expectTurns(t, g, "Black Man a2 a3 c4 d4; White Man h8; Black to move",
		"a2-a4", "a2-b2", "a3-a4", "a3-b3",
		"c4-b4", "c4-c5", "c4-e4", "d4-b4", "d4-d5", "d4-e4")

	// Never two friends in a row: a1 jumps a2 to a3, but not a4 next (that would reach
	// a5, next to White's a6, which it could then take). With no capture anywhere, the
	// quiet moves are left.
	expectTurns(t, g, "Black Man a1 a2 a4; White Man a6; Black to move",
		"a1-a3", "a1-b1", "a2-a3", "a2-b2", "a4-a5", "a4-b4")

	// A friendly jump may come before, between and after captures: c2 jumps its own c3
	// to c4, takes c5 landing on c6, jumps its own d6 to e6, takes f6 landing on g6.
	// Two pieces; stopping earlier takes fewer, so this is the only turn.
	expectTurns(t, g, "Black Man c2 c3 d6; White Man c5 f6; Black to move",
		"c2-c4-c6-e6-g6 x c5 f6")

	// After the last capture a friendly jump is allowed, not required: a4 takes a5
	// landing on a6 and may then jump b6 to c6.
	expectTurns(t, g, "Black Man a4 b6; White Man a5 h8; Black to move",
		"a4-a6 x a5", "a4-a6-c6 x a5")

	// A man never jumps a friendly king: c4 cannot jump d4. The king slides any
	// distance orthogonally and not through its own man c4.
	expectTurns(t, g, "Black King d4, Man c4; White Man h8; Black to move",
		"c4-b4", "c4-c5",
		"d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-d7", "d4-d8",
		"d4-e4", "d4-f4", "d4-g4", "d4-h4")
}

func TestKensCompulsoryCapture(t *testing.T) {
	g := loadGame(t, "kens.zrf")

	// Capturing is compulsory, and a friendly jump alone captures nothing: with e4
	// able to take e5, the jump a2-a4 and every step are illegal.
	expectTurns(t, g, "Black Man a2 a3 e4; White Man e5; Black to move",
		"e4-e6 x e5")

	// Majority rule: a2 can take a3 and a5 (two), e4 only e5 (one).
	expectTurns(t, g, "Black Man a2 e4; White Man a3 a5 e5 h8; Black to move",
		"a2-a4-a6 x a3 a5")
}

func TestKensKings(t *testing.T) {
	g := loadGame(t, "kens.zrf")

	// Turkish strike with a flying king: c8 takes c6 (landing on c5 or c4; the man c3
	// stops it). From c5 it can only go on east over f5 (to g5 or h5): two pieces.
	// From c4 it takes e4 (to f4; g4 is its own man), then f5 (to f6; f7 is its own
	// man), then along rank 6 over the square of c6 -- already removed -- to take b6,
	// landing on a6: four pieces, the only legal turn.
	expectTurns(t, g, "Black King c8, Man c3 g4 f7; White Man c6 e4 f5 b6; Black to move",
		"c8-c4-f4-f6-a6 x b6 c6 e4 f5")

	// No turning straight back: c4 takes e4 (landing on f4; g4 is its own man) or b4
	// (landing on a4); going back over the emptied squares for the other is refused.
	expectTurns(t, g, "Black King c4, Man g4; White Man b4 e4; Black to move",
		"c4-a4 x b4", "c4-f4 x e4")

	// A man crowned mid-capture goes on as a king: e6 takes e7 landing on e8, is
	// crowned, and flies west over b8 to a8. Turning back south to take e3 is refused.
	expectTurns(t, g, "Black Man e6; White Man e7 b8 e3; Black to move",
		"e6-e8-a8 x b8 e7 =King")

	// Crowned by a friendly jump: e6 jumps e7 to e8 and becomes a king. e7 steps (onto
	// e8 it is crowned too) but may not jump e6 backward.
	expectTurns(t, g, "Black Man e6 e7; White Man a1; Black to move",
		"e6-d6", "e6-e8 =King", "e6-f6", "e7-d7", "e7-e8 =King", "e7-f7")
}

func TestKensFriendlyJumpAlone(t *testing.T) {
	g := loadRow(t, "games/kens.zrf", "Kens (friendly jump alone)")

	// The variant: a friendly jump is a quiet move of its own, so c2 cannot jump c3 to
	// reach c5 and f6; nothing can be taken and the quiet moves are left.
	expectTurns(t, g, "Black Man c2 c3 d6; White Man c5 f6; Black to move",
		"c2-b2", "c2-c4", "c2-d2", "c3-b3", "c3-c4", "c3-d3", "d6-c6", "d6-d7", "d6-e6")
	// Nor after a capture: a4 takes a5 and stops on a6.
	expectTurns(t, g, "Black Man a4 b6; White Man a5 h8; Black to move",
		"a4-a6 x a5")
	// Still forward or sideways only, never backward.
	expectTurns(t, g, "Black Man a2 a3 c4 d4; White Man h8; Black to move",
		"a2-a4", "a2-b2", "a3-a4", "a3-b3",
		"c4-b4", "c4-c5", "c4-e4", "d4-b4", "d4-d5", "d4-e4")
}
