package eval_test

import "testing"

// Turkish draughts (games/turkish.zrf) on the 8x8 board, every square used. White starts
// on ranks 2-3 and plays up the board. Men step and capture straight forward or
// sideways; kings fly orthogonally and never turn straight back while capturing;
// captured pieces leave the board at once; capture is compulsory and must take the most
// pieces, men and kings alike; a man is crowned when its move ends on the far rank.
// Every expected set was worked out by hand from those rules (seed 004 and the usual
// description of the game).

func TestTurkishPerft(t *testing.T) {
	if testing.Short() {
		t.Skip("perft to depth 6 takes a few seconds")
	}
	g := loadGame(t, "turkish.zrf")
	// The counts of kish, an independent Turkish draughts engine (its examples/perft.rs
	// lists the counts of the start position: 8, 64, 708, 7538, 85090, 931312,
	// 10782382, ...). At depth 7 zoggo counts 74 fewer (10782308, a long row of
	// testdata/perft.txt): kish counts each capture path, zoggo counts once the paths of
	// one piece that take the same pieces and end on the same square (a flying king
	// landing on either of two squares between two pieces of one line, then taking the
	// second). With that merging switched off zoggo counts 10782382 too.
	want := []int64{8, 64, 708, 7538, 85090, 931312}
	expectPerft(t, g, want)
}

func TestTurkishMen(t *testing.T) {
	g := loadGame(t, "turkish.zrf")

	// The start: the eight men of rank 3 step forward; every sideways step is blocked.
	expectTurns(t, g, "White Man a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3; "+
		"Black Man a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7; White to move",
		"a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4", "h3-h4")

	// Men step forward or sideways, never backward or diagonally.
	expectTurns(t, g, "White Man d4; Black Man h8; White to move",
		"d4-c4", "d4-d5", "d4-e4")

	// Men capture forward or sideways, never backward: d4 takes e4 (landing on f4);
	// the black man d3 behind it, with d2 empty, cannot be taken. Capture is
	// compulsory, so d4 has no step either.
	expectTurns(t, g, "White Man d4; Black Man d3 e4; White to move",
		"d4-f4 x e4")

	// Black's forward is south: d5 takes d4 landing on d3; d6 behind it is safe.
	expectTurns(t, g, "Black Man d5; White Man d4 d6; Black to move",
		"d5-d3 x d4")

	// A man goes on capturing, and the capture taking the most must be made, men and
	// kings alike: a2 takes a3 and a5 (landing on a6); the king h1 could take only the
	// king h3 (landing anywhere on h4 to h8, with nothing more in reach).
	expectTurns(t, g, "White Man a2, King h1; Black Man a3 a5, King h3; White to move",
		"a2-a4-a6 x a3 a5")

	// A man is crowned only when its move ends on the far rank, and goes on capturing
	// as a man: c6 takes c7 landing on c8, then d8 landing on e8, and is crowned there.
	// Crowned at c8 it could also have turned south at e8 over e7 (a third piece);
	// as a man it cannot capture backward.
	expectTurns(t, g, "White Man c6; Black Man c7 d8 e7; White to move",
		"c6-c8-e8 x c7 d8 =King")

	// A plain step onto the far rank crowns.
	expectTurns(t, g, "White Man d7; Black Man a1; White to move",
		"d7-c7", "d7-d8 =King", "d7-e7")
}

func TestTurkishKings(t *testing.T) {
	g := loadGame(t, "turkish.zrf")

	// A king slides any distance orthogonally, never over a piece.
	expectTurns(t, g, "White King d4, Man d6; Black Man h8; White to move",
		"d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-e4", "d4-f4", "d4-g4", "d4-h4",
		"d6-c6", "d6-d7", "d6-e6")

	// A king captures at a distance and lands on any empty square behind the piece.
	expectTurns(t, g, "White King a1; Black Man a4; White to move",
		"a1-a5 x a4", "a1-a6 x a4", "a1-a7 x a4", "a1-a8 x a4")

	// Captured pieces go at once (the Turkish strike): c8 takes c6 landing on c5 or c4
	// (its own man c3 stops it). From c5 it can only go on east over f5 (to g5 or h5):
	// two pieces. From c4 it takes e4 (to f4; g4 is its own man), then f5 (to f6; f7 is
	// its own man), then west along rank 6 over the square of c6 -- already empty -- to
	// take b6, landing on a6: four pieces, the only legal turn.
	expectTurns(t, g, "White King c8, Man c3 g4 f7; Black Man c6 e4 f5 b6; White to move",
		"c8-c4-f4-f6-a6 x b6 c6 e4 f5")

	// No turning straight back: c4 takes e4 (landing on f4; g4 is its own man) or b4
	// (landing on a4). Going back from f4 over the emptied e4 and c4 to take b4, or
	// from a4 to take e4, would reverse the direction, so each capture ends the move.
	expectTurns(t, g, "White King c4, Man g4; Black Man b4 e4; White to move",
		"c4-a4 x b4", "c4-f4 x e4")
}
