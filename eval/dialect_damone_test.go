package eval_test

import (
	"testing"
)

// Italian Damone (games/damone.zrf) on the 8x8 board, along the long diagonal h1-a8, by
// the rules of the Wikipedia article "Italian Damone", boardgamesoftheworld.com's
// "Damone" and Mats Winther's notes, with seed 004's ban on a second promotion: every
// piece steps one square diagonally (Pedine forward or sideways only; Black's forward
// is nw, White's se); a piece captures only pieces of its rank or lower; capturing is
// compulsory and complete, the most pieces first, then the highest-ranked capturing
// piece, then the most Damones and Damas taken; Pedine become Damas on the squares of
// the enemy Damas (a6, c8 for Black), Damas Damones on the enemy Damone's square (a8);
// a promotion ends the move. Every expected set was worked out by hand from those rules.

func TestDamoneMoves(t *testing.T) {
	g := loadGame(t, "damone.zrf")

	// The start: five Pedine, two Damas and the Damone; only eight squares are free.
	expectTurns(t, g, "Black Pedina d1 e2 f3 g4 h5, Dama f1 h3, Damone h1; "+
		"White Pedina a4 b5 c6 d7 e8, Dama a6 c8, Damone a8; Black to move",
		"d1-c2", "e2-d3", "f3-e4", "g4-f5", "h5-g6", "f1-g2", "h3-g2", "h1-g2")

	// A Pedina steps forward or sideways, never backward: Black's forward is nw,
	// White's se.
	expectTurns(t, g, "Black Pedina d4; White Pedina h8; Black to move",
		"d4-c3", "d4-c5", "d4-e5")
	expectTurns(t, g, "White Pedina d5; Black Pedina a1; White to move",
		"d5-c4", "d5-e4", "d5-e6")

	// Damas and the Damone step one square in all four diagonal directions.
	expectTurns(t, g, "Black Dama d4, Damone f4; White Pedina h8; Black to move",
		"d4-c3", "d4-c5", "d4-e3", "d4-e5", "f4-e3", "f4-e5", "f4-g3", "f4-g5")
}

func TestDamoneRanks(t *testing.T) {
	g := loadGame(t, "damone.zrf")

	// A Pedina captures only Pedine (forward or sideways): not the Dama c5 nor the
	// Damone e5; the capture of c3 is compulsory.
	expectTurns(t, g, "Black Pedina d4; White Dama c5, Damone e5, Pedina c3; Black to move",
		"d4-b2 x c3")
	// A Dama captures Damas but not the Damone.
	expectTurns(t, g, "Black Dama d4; White Damone c5, Dama e5, Pedina a1; Black to move",
		"d4-f6 x e5")
	// A Dama made from a Pedina has the same rank, and captures backward too.
	expectTurns(t, g, "Black PromotedDama d4; White Damone c5, Pedina e3 a1; Black to move",
		"d4-f2 x e3")
	// The Damone captures the Damone.
	expectTurns(t, g, "Black Damone d4; White Damone e5, Pedina a1; Black to move",
		"d4-f6 x e5")
	// A chain goes on while it can.
	expectTurns(t, g, "Black Damone a1; White Pedina b2 d4 h8; Black to move",
		"a1-c3-e5 x b2 d4")
}

func TestDamoneCaptureOrder(t *testing.T) {
	g := loadGame(t, "damone.zrf")

	// 1. Most pieces: the Pedina takes c3 and c5, the Dama only f4.
	expectTurns(t, g, "Black Pedina b2, Dama g3; White Pedina c3 c5, Dama f4; Black to move",
		"b2-d4-b6 x c3 c5")
	// 2. Equal numbers: the highest-ranked capturing piece, the Dama before the Pedina,
	// the Damone before the Dama.
	expectTurns(t, g, "Black Pedina b2, Dama g3; White Pedina c3 f4; Black to move",
		"g3-e5 x f4")
	expectTurns(t, g, "Black Damone b2, Dama g3; White Pedina c3 f4; Black to move",
		"b2-d4 x c3")
	// 3. The Damone can take the Damone c5, the Dama e5 or the Pedina e3: the Damone.
	expectTurns(t, g, "Black Damone d4; White Damone c5, Dama e5, Pedina e3; Black to move",
		"d4-b6 x c5")
	// 4. Then the Dama before a Pedina.
	expectTurns(t, g, "Black Damone d4; White Dama e5, Pedina e3 c3; Black to move",
		"d4-f6 x e5")
}

func TestDamonePromotion(t *testing.T) {
	g := loadGame(t, "damone.zrf")

	// A Pedina becomes a Dama on c8 or a6 (where White's Damas stood), not on a8.
	expectTurns(t, g, "Black Pedina b7; White Pedina h1; Black to move",
		"b7-a6 =PromotedDama", "b7-a8", "b7-c8 =PromotedDama")
	// The promotion ends the move: e6 takes d7 landing on c8 and stops there, though
	// it could take b7 next.
	expectTurns(t, g, "Black Pedina e6; White Pedina d7 b7 h1; Black to move",
		"e6-c8 x d7 =PromotedDama")
	// A Dama becomes a Damone on a8 (where White's Damone stood).
	expectTurns(t, g, "Black Dama b7; White Pedina h1; Black to move",
		"b7-a6", "b7-a8 =Damone", "b7-c6", "b7-c8")
	// A Dama made from a Pedina is never promoted again.
	expectTurns(t, g, "Black PromotedDama b7; White Pedina h1; Black to move",
		"b7-a6", "b7-a8", "b7-c6", "b7-c8")
}

func TestDamoneEnd(t *testing.T) {
	standard := loadGame(t, "damone.zrf")
	variant := loadRow(t, "games/damone.zrf", "Damone (capture the Damones)")
	// Black's Damone takes White's: the standard game goes on (White's Pedina a1 can
	// move), the variant ends with Black's win.
	spec := "Black Damone d4; White Damone e5, Pedina a1; Black to move"
	expectResult(t, standard, spec, "d4-f6", "on")
	expectResult(t, variant, spec, "d4-f6", "Black")
	// Taking the last piece wins the standard game.
	expectResult(t, standard, "Black Damone d4; White Dama e5; Black to move", "d4-f6", "Black")
	// So does leaving the enemy without a move: after h5-g6 White's Pedina h7 can
	// neither step (se and ne lead off the board, sw to g6) nor take g6 (f5 is
	// taken).
	expectResult(t, standard, "Black Pedina h5 f5; White Pedina h7; Black to move", "h5-g6", "Black")
}
