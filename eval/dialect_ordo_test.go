package eval_test

// Tests of games/ordo.zrf: exact move sets in small positions, worked out by hand from
// the rules (spielstein.com/games/ordo/rules, boardspace.net/ordo/english/ordo-rules.html).
// Files a..j, ranks 1..8; White's forward is towards rank 8, Black's towards rank 1.
// Pieces are connected when they touch orthogonally or diagonally. shiftOutcome is in
// dialect_abalone_test.go.

import (
	"testing"
)

func TestOrdoPositions(t *testing.T) {
	g := loadGame(t, "ordo.zrf")

	// A single that would disconnect the group is illegal; ordo forward.
	// White d2 e2. d2 may go to d3 (touches e2) or e3 (touches e2); d4, f4 and c3, c2
	// would leave it apart from e2. e2 likewise to e3 or d3. The pair is a horizontal
	// ordo: it moves straight forward 1..6 squares (to rank 8), staying together. No
	// backward moves: the group is whole.
	expectTurns(t, g, "White Man d2 e2; Black Man j8; White to move",
		"d2-d3", "d2-e3", "e2-e3", "e2-d3",
		"d2>d3 e2>e3", "d2>d4 e2>e4", "d2>d5 e2>e5", "d2>d6 e2>e6", "d2>d7 e2>e7", "d2>d8 e2>e8")

	// The same seen from Black: forward is down the board (symmetry).
	expectTurns(t, g, "Black Man d7 e7; White Man j1; Black to move",
		"d7-d6", "d7-e6", "e7-e6", "e7-d6",
		"d7>d6 e7>e6", "d7>d5 e7>e5", "d7>d4 e7>e4", "d7>d3 e7>e3", "d7>d2 e7>e2", "d7>d1 e7>e1")

	// A vertical ordo moves sideways, never forward in single file.
	// White d2 d3. d2: ne e3, nw c3, e e2, w c2 (each touches d3); n is blocked by d3,
	// anything further is apart. d3: e3, c3 (touch d2); d4, e4, c4 would leave d2.
	// The ordo d2 d3 moves east to e..j and west to c..a.
	expectTurns(t, g, "White Man d2 d3; Black Man j8; White to move",
		"d2-e3", "d2-c3", "d2-e2", "d2-c2", "d3-e3", "d3-c3",
		"d2>e2 d3>e3", "d2>f2 d3>f3", "d2>g2 d3>g3", "d2>h2 d3>h3", "d2>i2 d3>i3", "d2>j2 d3>j3",
		"d2>c2 d3>c3", "d2>b2 d3>b3", "d2>a2 d3>a3")

	// Capture. White c4 d4, Black d5. c4 takes d5 diagonally (still touching d4) or
	// steps to c5; d4 takes d5 straight ahead (still touching c4) or steps to c5 (nw).
	// Other squares leave the pair apart. The ordo cannot move forward: d5 is occupied
	// and an ordo does not capture.
	expectTurns(t, g, "White Man c4 d4; Black Man d5; White to move",
		"c4-c5", "c4-d5 x d5", "d4-d5 x d5", "d4-c5")

	// A whole group may not move backward: d3 e2 touch; d3-d2 would keep them together
	// but goes backward. d3: e3 and f3 (east; both touch e2); d4, e4, c4, c3 do not.
	// e2: e3 and e4 (north; both touch d3), d2 and c2 (west; both touch d3); f3 and
	// f2 do not.
	expectTurns(t, g, "White Man d3 e2; Black Man j8; White to move",
		"d3-e3", "d3-f3", "e2-e3", "e2-e4", "e2-d2", "e2-c2")

	// Reconnecting. White d4 and d2 are apart (as after a capture on d3): the move must
	// join them, and backward moves are allowed. d4 can reach d3 (s), e3 (se), c3 (sw);
	// d2 can reach d3 (n), e3 (ne), c3 (nw). Each of these touches the other piece.
	expectTurns(t, g, "White Man d4 d2; Black Man j8; White to move",
		"d4-d3", "d4-e3", "d4-c3", "d2-d3", "d2-e3", "d2-c3")

	// Reconnecting with an ordo moving backward. White c4 d4 (an ordo) and e2 apart.
	// c4: only d3 (se, backward) touches both d4 and e2. d4: only d3 (s). e2 may join
	// the pair: e3, e4, e5 (n) or d3 (nw). The ordo c4 d4 may move backward to rank 3,
	// 2 or 1, where d3, d2 or d1 touches e2; forward it would leave e2 alone.
	expectTurns(t, g, "White Man c4 d4 e2; Black Man j8; White to move",
		"c4-d3", "d4-d3", "e2-e3", "e2-e4", "e2-e5", "e2-d3",
		"c4>c3 d4>d3", "c4>c2 d4>d2", "c4>c1 d4>d1")

	// Split beyond repair: a1 and j5 cannot meet in one move (no line from either ends
	// next to the other, even with backward moves). No legal move.
	expectTurns(t, g, "White Man a1 j5; Black Man j8; White to move")
}

func TestOrdoEnd(t *testing.T) {
	g := loadGame(t, "ordo.zrf")
	white := g.PlayerIndex("White")
	wins := func(spec, move string, p int) {
		t.Helper()
		r := shiftOutcome(t, g, spec, move)
		if !r.Over || r.Draw || len(r.Winners) != 1 || int(r.Winners[0]) != p {
			t.Errorf("%s, after %s: %v, want %s to win", spec, move, r, g.Players[p].Name)
		}
	}
	// Reaching the opponent's home row wins.
	wins("White Man d7 e7; Black Man a8 a7; White to move", "d7-d8", int(white))
	// Capturing the last enemy piece wins.
	wins("White Man c4 d4; Black Man d5; White to move", "c4-d5", int(white))
	// Splitting the enemy group so that it cannot be joined again wins. Black a8 b7 c6
	// d5 e4 is a diagonal chain; White c5 takes c6. Black's parts a8 b7 and d5 e4 can
	// only be joined through c6: retaking it with b7 strands a8, with d5 strands e4,
	// and a8 and e4 are blocked by their own pieces. Black has no legal move and loses.
	const split = "White Man c5; Black Man a8 b7 c6 d5 e4; White to move"
	wins(split, "c5-c6", int(white))
	// A split that can be repaired does not end the game: after c5xc6 in b7 c6 d5,
	// Black must retake c6, with b7 (forward diagonal) or d5 (backward diagonal, allowed
	// only now); nothing else joins b7 and d5.
	r := shiftOutcome(t, g, "White Man c5; Black Man b7 c6 d5; White to move", "c5-c6")
	if r.Over {
		t.Errorf("after c5xc6: %v, want the game to go on", r)
	}
	expectTurns(t, g, "White Man c6; Black Man b7 d5; Black to move",
		"b7-c6 x c6", "d5-c6 x c6")
}
