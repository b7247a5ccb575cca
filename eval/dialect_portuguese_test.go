package eval_test

import "testing"

// Portuguese draughts (games/portuguese.zrf), after the rules of the Federacao
// Portuguesa de Damas ("Regras do jogo de Damas Classicas") and, for the king's
// priority, the Dagaz article (seed 004). Squares: h1 is dark (the corner at White's
// right), a1 is light; a square is dark when file number + rank number is odd. Men step
// and capture diagonally forward only, kings fly, captured pieces leave when the move
// ends, and the capture rules are: most pieces, then with a king, then most kings.
// Every expected set below was worked out by hand from those rules.

func TestPortuguesePerft(t *testing.T) {
	if testing.Short() {
		t.Skip("perft to depth 8 takes a few seconds")
	}
	g := loadGame(t, "portuguese.zrf")
	// Spanish draughts has the same men, flying kings and the same board; the published
	// counts of its start position (the FMJD forum's "Perft for all recognized draughts
	// variants", kept in Rein Halbersma's dctl: spanishInitial) are 7, 49, 302, 1469,
	// 7361, 36473, 177532, 828783, 3860866. The two games differ only in how they choose
	// between captures of equal size (Spanish: most kings; Portuguese: with a king,
	// then most kings), and the counts agree as far as they are published; depth 9
	// (3860866) is a long row of testdata/perft.txt.
	want := []int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783}
	expectPerft(t, g, want)
}

func TestPortugueseMoves(t *testing.T) {
	g := loadGame(t, "portuguese.zrf")

	// The start: the seven forward steps of the men on rank 3.
	expectTurns(t, g, "White Man b1 d1 f1 h1 a2 c2 e2 g2 b3 d3 f3 h3; Black Man a8 c8 e8 g8 b7 d7 f7 h7 a6 c6 e6 g6; White to move",
		"b3-a4", "b3-c4", "d3-c4", "d3-e4", "f3-e4", "f3-g4", "h3-g4")

	// Men capture only forward: e4 must take f5 (landing on g6); the black man d3 behind
	// it, with c2 empty, cannot be taken backward.
	expectTurns(t, g, "White Man e4; Black Man d3 f5; White to move",
		"e4-g6 x f5")

	// Black's forward is down the board: e6 takes d5 landing on c4; the white man f7
	// behind it (g8 empty) cannot be taken. Capture is compulsory, so no step either.
	expectTurns(t, g, "White Man d5 f7; Black Man e6; Black to move",
		"e6-c4 x d5")

	// A man is crowned when its move ends on the far row, by a step or by a capture.
	expectTurns(t, g, "White Man b7; Black Man a2; White to move",
		"b7-a8 =King", "b7-c8 =King")
	expectTurns(t, g, "White Man c6; Black Man d7 a2; White to move",
		"c6-e8 x d7 =King")

	// A king flies: from h1 along the rio up to c6, which it cannot take (b7 is
	// occupied).
	expectTurns(t, g, "White King h1; Black Man c6 b7; White to move",
		"h1-d5", "h1-e4", "h1-f3", "h1-g2")

	// A king captures at a distance and lands on any empty square behind: h1 over f3
	// lands on e4 (d5 is occupied) and must go on over d5 (two beat one), landing on c6,
	// b7 or a8.
	expectTurns(t, g, "White King h1; Black Man f3 d5; White to move",
		"h1-e4-a8 x d5 f3", "h1-e4-b7 x d5 f3", "h1-e4-c6 x d5 f3")

	// Captured pieces stay until the move ends: d1 takes e2 landing on f3 (g4 and h5
	// lead nowhere), then takes g2 (landing on h1) or d5 (landing on c6, b7 or a8).
	// Coming back from c6 over the taken d5 to reach g2 would make three, but d5 still
	// blocks the way.
	expectTurns(t, g, "White King d1; Black Man e2 d5 g2; White to move",
		"d1-f3-a8 x d5 e2", "d1-f3-b7 x d5 e2", "d1-f3-c6 x d5 e2", "d1-f3-h1 x e2 g2")
}

func TestPortugueseCaptureRules(t *testing.T) {
	g := loadGame(t, "portuguese.zrf")

	// 1. Quantity before the king: the king h1 can take one man (e4), the man h3 two
	// (g4 then g6). The man must capture.
	expectTurns(t, g, "White King h1, Man h3; Black Man e4 g4 g6; White to move",
		"h3-f5-h7 x g4 g6")

	// 2. With equal numbers, the king captures: the man f3 could take the king e4
	// (landing on d5), the king a4 takes the man c2 (landing on d1). One piece either
	// way, and the king must be the one to capture, even though the man would take a
	// king.
	expectTurns(t, g, "White Man f3, King a4; Black King e4, Man c2; White to move",
		"a4-d1 x c2")

	// 3. Quality: the king d1 can take the man f3 (landing on g4 or h5) or the king b3
	// (landing on a4). One piece each way: the king b3 must be taken.
	expectTurns(t, g, "White King d1; Black Man f3, King b3; White to move",
		"d1-a4 x b3")

	// Equal counts, no king on either side: the choice is free.
	expectTurns(t, g, "White Man f3 b3; Black Man e4 c4; White to move",
		"b3-d5 x c4", "f3-d5 x e4")
}
