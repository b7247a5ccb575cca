package eval_test

import (
	"testing"
)

// Ossetian draughts (games/ossetian.zrf) on 7x7 points, all used, by the rules of the
// Dagaz article (seed 004, section 7): men step one point forward, straight or
// diagonally; no promotion, so on the last row a man can only capture; a man captures
// by jumping an adjacent enemy in any of the eight directions, the man taken leaving the
// board at once, and may go on capturing in a chain; capturing is never compulsory and
// the chain may stop at any capture. White plays up the board, Black down. Every
// expected set was worked out by hand from those rules.

func TestOssetianSteps(t *testing.T) {
	g := loadGame(t, "ossetian.zrf")

	// Forward only, straight or diagonally: for White north, for Black south.
	expectTurns(t, g, "White Man d4; Black Man a7; White to move",
		"d4-c5", "d4-d5", "d4-e5")
	expectTurns(t, g, "Black Man d4; White Man a1; Black to move",
		"d4-c3", "d4-d3", "d4-e3")

	// On the last row no quiet move is left; captures still are, in any direction:
	// d7 takes d6 (backward) or c7 (sideways).
	expectTurns(t, g, "White Man d7; Black Man d6 c7; White to move",
		"d7-b7 x c7", "d7-d5 x d6")
}

func TestOssetianCaptures(t *testing.T) {
	g := loadGame(t, "ossetian.zrf")

	// Captures straight and diagonally, backward too (e3 is behind d4 on the right),
	// and none is compulsory: the steps d4-c5 and d4-e5 and a1's steps stay legal.
	expectTurns(t, g, "White Man d4, a1; Black Man d5 e3 c4 g7; White to move",
		"a1-a2", "a1-b2", "d4-b4 x c4", "d4-c5", "d4-d6 x d5", "d4-e5", "d4-f2 x e3")

	// A chain, stopped wherever the player likes, with the men taken removed at once:
	// a1 takes a2, b3 and c2 (or b1, c2 and b3) and may come back over b1 (or a2) to
	// a1 itself, which it left empty. Each stop is a turn of its own: seven captures,
	// and the step a1-b2.
	expectTurns(t, g, "White Man a1; Black Man a2 b3 c2 b1 g7; White to move",
		"a1-a3 x a2", "a1-a3-c3 x a2 b3", "a1-a3-c3-c1 x a2 b3 c2",
		"a1-a3-c3-c1-a1 x a2 b1 b3 c2",
		"a1-c1 x b1", "a1-c1-c3 x b1 c2", "a1-c1-c3-a3 x b1 b3 c2",
		"a1-b2")
}

func TestOssetianChainsCompleted(t *testing.T) {
	g := loadRow(t, "games/ossetian.zrf", "Ossetian Draughts (chains completed)")
	// The variant: a chain goes on while it can, so the four men go, either way round;
	// capturing is still not compulsory.
	expectTurns(t, g, "White Man a1; Black Man a2 b3 c2 b1 g7; White to move",
		"a1-a3-c3-c1-a1 x a2 b1 b3 c2", "a1-b2")
	expectTurns(t, g, "White Man d4, a1; Black Man d5 e3 c4 g7; White to move",
		"a1-a2", "a1-b2", "d4-b4 x c4", "d4-c5", "d4-d6 x d5", "d4-e5", "d4-f2 x e3")
}

func TestOssetianEnd(t *testing.T) {
	g := loadGame(t, "ossetian.zrf")
	result := func(spec, move, want string) { t.Helper(); expectResult(t, g, spec, move, want) }
	// A player who cannot move loses, whatever the count: after a6-a7 Black's three
	// men all stand on their last row with nothing to take, and White, with one man,
	// wins.
	result("White Man a6; Black Man a1 b1 g1; White to move", "a6-a7", "White")
	// With a Black man one row higher, Black can still step: the game goes on.
	result("White Man a6; Black Man a1 b2; White to move", "a6-a7", "on")
	// A player without pieces loses: b3 takes Black's last man.
	result("White Man b3; Black Man b4; White to move", "b3-b5", "White")
}
