package eval_test

// Tests of games/italian.zrf (Italian draughts, dama italiana) in the zoggo-1 dialect.
// Squares: h1 is dark (the corner at White's right), a1 is light; a square is dark when
// file number + rank number is odd. White moves up the board.

import "testing"

func TestItalianPerft(t *testing.T) {
	if testing.Short() {
		t.Skip("perft to depth 9 takes about ten seconds")
	}
	g := loadGame(t, "italian.zrf")
	// Published perft of the start position of Italian draughts (duplicate captures
	// removed), from the "Perft for all recognized draughts variants" thread of the
	// FMJD forum (http://laatste.info/bb3/viewtopic.php?f=53&t=2822), kept as a test of
	// Rein Halbersma's engine: rhalbersma/dctl, test/src/ai/traversal/initial/board8x8.cpp
	// (italianInitial): 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, ...
	// Depth 9 is the first that differs from Spanish draughts (3860866) in that table.
	want := []int64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875}
	expectPerft(t, g, want)
}

func TestItalianPositions(t *testing.T) {
	g := loadGame(t, "italian.zrf")

	// The start position: the seven forward steps of the men on rank 3 (h3 has only g4).
	expectTurns(t, g, "White Man b1 d1 f1 h1 a2 c2 e2 g2 b3 d3 f3 h3; Black Man a8 c8 e8 g8 b7 d7 f7 h7 a6 c6 e6 g6; White to move",
		"b3-a4", "b3-c4", "d3-c4", "d3-e4", "f3-e4", "f3-g4", "h3-g4")

	// Men capture only forward: d5 must take e6 (landing f7); the man on c4, behind
	// it, cannot be taken backward. From f7 nothing more (e8, g8 empty).
	expectTurns(t, g, "White Man d5; Black Man c4 e6; White to move",
		"d5-f7 x e6")

	// Men may not capture kings. The man on d3 faces a black king on e4 with f5 empty
	// behind it: no capture, it can only step to c4.
	expectTurns(t, g, "White Man d3; Black King e4; White to move",
		"d3-c4")
	// The same with a black MAN on e4: the capture is compulsory.
	expectTurns(t, g, "White Man d3; Black Man e4; White to move",
		"d3-f5 x e4")
	// With a king on c4 and a man on e4, it takes the man (the king cannot be taken).
	expectTurns(t, g, "White Man d3; Black King c4, Man e4; White to move",
		"d3-f5 x e4")

	// A man is crowned when its move ends on the far row, not before: a6 takes b7
	// and lands on c8. A king could go on (c8 over d7 to e6) but the piece is still a
	// man during the move, and men do not capture backward; it is crowned at the end.
	expectTurns(t, g, "White Man a6; Black Man b7 d7; White to move",
		"a6-c8 x b7 =King")

	// Kings step one square only, in every direction (no flying): from e4 with the
	// board otherwise empty but for a far black man.
	expectTurns(t, g, "White King e4; Black Man a8; White to move",
		"e4-d3", "e4-d5", "e4-f3", "e4-f5")

	// Rule 1 (quantity) comes before rule 2 (with the king): the man on b3 takes two
	// (c4, landing d5, then e6, landing f7); the king on f1 takes one (g2, landing
	// h3, then nothing: g4 empty). The man's capture is the only legal move.
	expectTurns(t, g, "White Man b3, King f1; Black Man c4 e6 g2; White to move",
		"b3-d5-f7 x c4 e6")

	// Rule 2 (with the king): the man b3 can take c4 (one piece) and the king f1 can
	// take g2 (one piece). Equal numbers: the king must capture.
	expectTurns(t, g, "White Man b3, King f1; Black Man c4 g2; White to move",
		"f1-h3 x g2")

	// Rule 3 (quality): the king on d5 can take the black king c6 (landing b7) or the
	// black man e6 (landing f7), one piece each and both with a king; it must take
	// the king. From b7 and f7 nothing more can be taken.
	expectTurns(t, g, "White King d5; Black King c6, Man e6; White to move",
		"d5-b7 x c6")

	// Rule 4 (order): the king on d3 has two captures of two pieces, each with one
	// king: e4 (a king, landing f5) then g6 (a man, landing h7); or c4 (a man,
	// landing b5) then c6 (a king, landing d7). Rules 1-3 tie; the first sequence
	// meets the king first, so it is the only legal move.
	expectTurns(t, g, "White King d3; Black King e4 c6, Man g6 c4; White to move",
		"d3-f5-h7 x e4 g6")

	// Rule 3 comes before rule 4: the king on d1 can take e2 (a king, landing f3), g4
	// (landing h5) and g6 (landing f7): king first, one king in all; or c2 (a man,
	// landing b3), c4 (a king, landing d5) and c6 (a king, landing b7): two kings,
	// the first one second. Three pieces each, both with the king; the second takes
	// more kings, which decides before the order does. (Nothing else can be taken on
	// the way: e4, e6, a4, a6 are empty.)
	expectTurns(t, g, "White King d1; Black King e2 c4 c6, Man g4 g6 c2; White to move",
		"d1-b3-d5-b7 x c2 c4 c6")

	// When every rule ties the player chooses: the king on d3 can take the black king
	// e4 (landing f5) or the black king c4 (landing b5); nothing follows either.
	expectTurns(t, g, "White King d3; Black King e4 c4; White to move",
		"d3-b5 x c4", "d3-f5 x e4")

	// Black moves down the board with the same rules: the man on e6 steps to d5 or
	// f5 (its far row is rank 1); the white king on f7 behind it cannot be taken and
	// the black man cannot capture backward anyway.
	expectTurns(t, g, "White King f7; Black Man e6; Black to move",
		"e6-d5", "e6-f5")
	// Rule 4 compares every king, not only the first (federdama.org rule 8: "where the
	// stronger pieces are met first"). The king on d1 can take e2 (king), g4 (king), f7...
	// d1-f3-h5-f7 takes king e2, king g4, man g6; d1-b3-d5-b7 takes king c2, man c4,
	// king c6. Both take three pieces with a king, two of them kings, and both meet a
	// king first; the first meets its second king second, the other third.
	expectTurns(t, g, "White King d1; Black King e2 g4 c2 c6, Man g6 c4; White to move",
		"d1-f3-h5-f7 x e2 g4 g6")
}
