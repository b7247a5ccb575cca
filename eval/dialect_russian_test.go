package eval_test

// Tests of games/russian.zrf (Russian draughts, shashki) in the zoggo-1 dialect.
// Squares: a1 is dark and White's corner at the left; White moves up the board.

import "testing"

func TestRussianPerft(t *testing.T) {
	if testing.Short() {
		t.Skip("perft to depth 8 takes a few seconds")
	}
	g := loadGame(t, "russian.zrf")
	// Published perft of the start position of Russian draughts (duplicate captures
	// removed), first posted in the "Standard validation generator moves" thread of the
	// Shashki forum (http://shashki.com/PNphpBB2-viewtopic-t-627-start-126.html) and
	// kept as a test of Rein Halbersma's engine: rhalbersma/dctl,
	// test/src/ai/traversal/initial/board8x8.cpp (russianInitial):
	// 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, ...
	// Depth 8 is the first that differs from "pool" draughts (929896), i.e. the first
	// where promotion in the middle of a capture matters. Depth 9 (4570586) also
	// matches (bin/zoggo perft, about 26 s) but is too slow for the test.
	want := []int64{7, 49, 302, 1469, 7482, 37986, 190146, 929899}
	expectPerft(t, g, want)
}

func TestRussianPositions(t *testing.T) {
	g := loadGame(t, "russian.zrf")

	// Compulsory capture: the man on c3 must take d4 (landing e5, from where nothing
	// more can be taken: f6 and d6 are empty). The quiet moves of g3 and of c3 are
	// not allowed.
	expectTurns(t, g, "White Man c3 g3; Black Man d4 a7; White to move",
		"c3-e5 x d4")
	// The same for Black, whose men move down: f4 takes e3 and lands on d2.
	expectTurns(t, g, "White Man e3 a1; Black Man f4 h8; Black to move",
		"f4-d2 x e3")

	// Free choice, no majority rule: c3 can take b4 (landing a5, then nothing) or
	// d4 (landing e5) and then f6 (landing g7, then nothing: h8, f8, h6 are empty and
	// f6 is already taken). Both the one-piece and the two-piece capture are legal,
	// but the longer one must be played to its end (c3-e5 alone is not a move).
	expectTurns(t, g, "White Man c3; Black Man b4 d4 f6; White to move",
		"c3-a5 x b4", "c3-e5-g7 x d4 f6")

	// Promotion in the middle of a capture, then going on as a king: h6 takes g7 and
	// lands on f8, the far row, where it becomes a king at once. As a king it flies
	// from f8 over e7 and d6 to take c5, and may land on b4 or a3; from b4 it can take
	// d2 (flying over c3, landing on e1), from a3 it can take nothing, so it must land
	// on b4 and go on: h6xf8xb4xe1. (The position of AttackingOrDefending/pydraughts
	// issue #28, "W:Wh6:Bg7,c5,d2", which has this single legal move.)
	expectTurns(t, g, "White Man h6; Black Man g7 c5 d2; White to move",
		"h6-f8-b4-e1 x c5 d2 g7 =King")
	// A man that steps onto the far row is crowned too.
	expectTurns(t, g, "White Man c7; Black Man h4; White to move",
		"c7-b8 =King", "c7-d8 =King")

	// A king must land where it can go on capturing: a1 takes c3 and could land on
	// d4, e5, f6, g7 or h8, but only from e5 is another capture possible (f4, along
	// e5-f4-g3), so it lands on e5; after taking f4, the last piece, it may stop on
	// g3 or h2.
	expectTurns(t, g, "White King a1; Black Man c3 f4; White to move",
		"a1-e5-g3 x c3 f4", "a1-e5-h2 x c3 f4")

	// No Turkish strike. The king on d4 may take e5 (landing f6, g7 or h8: from none
	// of them is another capture possible, so any of them), or b2 (landing a1). After
	// taking e5, the way back towards b2 (f6-e5-d4-c3-b2-a1) is blocked by e5, which
	// stays on the board until the move ends and cannot be jumped a second time; so
	// there is no move taking both e5 and b2.
	expectTurns(t, g, "White King d4; Black Man e5 b2; White to move",
		"d4-a1 x b2", "d4-f6 x e5", "d4-g7 x e5", "d4-h8 x e5")

	// A man captures backward too: e5 takes d4 backward (landing c3), then from c3
	// takes b4 forward (landing a5); from a5 nothing (b6 empty, b4 taken). Stopping
	// on c3 is not a move.
	expectTurns(t, g, "White Man e5; Black Man d4 b4 h8; White to move",
		"e5-c3-a5 x b4 d4")
}
