package eval_test

import "testing"

// Old French draughts (games/old-french.zrf): men step and capture diagonally forward
// only, kings fly, captured pieces leave when the move ends, and the majority rule is
// three ordered checks: most pieces, then most kings, then capture with a king.
// Every expected set below was worked out by hand from those rules; dark squares are
// those whose file number plus rank number is even (a1, c1, ..., b2, ...).

func TestOldFrenchMoves(t *testing.T) {
	g := loadGame(t, "old-french.zrf")

	// Men never capture backward: the black men on c3 and e3 sit behind d4 with
	// b2 and f2 empty, yet d4 only has its two forward steps.
	expectTurns(t, g, "White Man d4; Black Man c3 e3 h8; White to move",
		"d4-c5", "d4-e5")

	// Black's forward is down the board: d6 takes c5 landing on b4; a backward
	// capture over e7 (to f8) is not allowed. Capture is compulsory, so g7's steps
	// are not legal either.
	expectTurns(t, g, "White Man c5 e7; Black Man d6 g7; Black to move",
		"d6-b4 x c5")

	// A man crowns when its move ends on the far row: by a step (c7 to b8 or d8)
	// or by a capture (d6 over e7 to f8, from the other position).
	expectTurns(t, g, "White Man c7; Black Man a1; White to move",
		"c7-b8 =King", "c7-d8 =King")
	expectTurns(t, g, "White Man d6; Black Man e7 a1; White to move",
		"d6-f8 x e7 =King")

	// A flying king slides any distance: from a1 along its only diagonal up to the
	// black man on f6 (b2 c3 d4 e5), and cannot capture f6 because g7 is occupied.
	expectTurns(t, g, "White King a1; Black Man f6 g7; White to move",
		"a1-b2", "a1-c3", "a1-d4", "a1-e5")

	// A king captures at a distance and lands on any empty square behind: a1 over
	// c3 lands on d4 and must go on over e5 (two pieces beat one), landing on f6,
	// g7 or h8. From d4 nothing else is in reach.
	expectTurns(t, g, "White King a1; Black Man c3 e5; White to move",
		"a1-d4-f6 x c3 e5", "a1-d4-g7 x c3 e5", "a1-d4-h8 x c3 e5")

	// Captured pieces stay on the board until the move ends (no Turkish strike):
	// the king e1 takes d2 landing on c3 (b4 and a5 are behind it too, but from
	// there nothing more is taken), then from c3 takes e5 landing on f6/g7/h8.
	// Coming back down from f6 over the taken e5 to reach b2 would make three,
	// but e5 blocks the way. From c3 the king may also take b2 (landing on a1):
	// two pieces either way.
	expectTurns(t, g, "White King e1; Black Man d2 e5 b2; White to move",
		"e1-c3-a1 x b2 d2", "e1-c3-f6 x d2 e5", "e1-c3-g7 x d2 e5", "e1-c3-h8 x d2 e5")
}

func TestOldFrenchMajority(t *testing.T) {
	g := loadGame(t, "old-french.zrf")

	// Rule 1, count first, whatever the pieces are: the man a1 can take three men
	// (b2, b4, b6: a1-c3-a5-c7), the man g1 two kings (f2 then f4: g1-e3-g5).
	// Three men must be taken rather than two kings.
	expectTurns(t, g, "White Man a1 g1; Black Man b2 b4 b6, King f2 f4; White to move",
		"a1-c3-a5-c7 x b2 b4 b6")

	// Rule 1 also beats rule 3: the king a1 can take one man (d4, landing on e5 to
	// h8), the man a3 two (b4 then b6). The man must capture.
	expectTurns(t, g, "White King a1, Man a3; Black Man d4 b4 b6; White to move",
		"a3-c5-a7 x b4 b6")

	// Rule 2 before rule 3: one piece either way, but the man c3 takes a king
	// (d4, landing on e5) while the king h4 takes only a man (f2, landing on e1).
	// The capture of the king must be made, even though it is made by a man.
	expectTurns(t, g, "White Man c3, King h4; Black King d4, Man f2; White to move",
		"c3-e5 x d4")

	// Rule 3: one man either way and no kings taken: the king must capture (a1
	// over d4, landing on e5, f6, g7 or h8), not the man (e1 over f2 to g3).
	expectTurns(t, g, "White King a1, Man e1; Black Man d4 f2; White to move",
		"a1-e5 x d4", "a1-f6 x d4", "a1-g7 x d4", "a1-h8 x d4")

	// With equal counts, equal kings and the same kind of capturing piece, the
	// choice is free: the men c3 (over d4) and g3 (over f4) each take one man.
	expectTurns(t, g, "White Man c3 g3; Black Man d4 f4; White to move",
		"c3-e5 x d4", "g3-e5 x f4")

	// Rule 2 among a king's captures: the king e1 can take the man c3 north-west
	// (landing on b4 or a5) or the king g3 north-east (landing on h4); nothing
	// follows either. One piece each way, so the king g3 must be the one taken.
	expectTurns(t, g, "White King e1; Black Man c3, King g3; White to move",
		"e1-h4 x g3")
}
