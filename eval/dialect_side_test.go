package eval_test

import "testing"

// A line of five squares and three players. A's Bomb steps east onto a piece, which the
// arrival removes, and takes the rest of that piece's owner with it (capture-side at the
// cursor); its Mine steps east too, but takes its own side (capture-side at its start
// square): the Mine itself is captured where the part leaves it, on its destination.
const sideGame = `(version "zoggo-1")
(game
   (title "Sides")
   (players A B C)
   (turn-order A B C)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c/d/e" (10 0)) ("1" (0 10))) (directions (e 1 0) (w -1 0))))
   (piece (name Bomb) (moves (e (verify not-empty?) (capture-side) add)))
   (piece (name Mine) (moves (e (verify empty?) (capture-side w) add)))
   (piece (name Man)))
`

func TestDialectCaptureSide(t *testing.T) {
	g := loadString(t, sideGame)
	// b1 and d1 are B's, e1 C's: the Bomb lands on b1, capturing it, and B's d1 goes
	// too; the capture-side leaves b1 to the arrival (the Bomb stays there).
	expectTurns(t, g, "A Bomb a1; B Man b1 d1; C Man e1; A to move", "a1-b1 x b1 d1")
	s := position(t, g, "A Bomb a1; B Man b1 d1; C Man e1; A to move")
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil || len(turns) != 1 {
		t.Fatalf("bomb: %d turns, %v", len(turns), err)
	}
	if c := turns[0].After.Cells[g.Board.LocIndex("b1")]; c.IsEmpty() || g.Pieces[c.Kind()].Name != "Bomb" {
		t.Errorf("the Bomb is not on b1 after its move")
	}
	// The Mine on a1 steps to b1 and takes A's side: A's Man on d1, and the Mine itself,
	// captured on b1 where the move leaves it; B's e1 stays.
	expectTurns(t, g, "A Mine a1, Man d1; B Man e1; A to move", "a1-b1 x d1")
	s = position(t, g, "A Mine a1, Man d1; B Man e1; A to move")
	turns, err = g.NewWorkspace().Turns(s)
	if err != nil || len(turns) != 1 {
		t.Fatalf("mine: %d turns, %v", len(turns), err)
	}
	after := turns[0].After
	for _, sq := range []string{"a1", "b1", "d1"} {
		if !after.Cells[g.Board.LocIndex(sq)].IsEmpty() {
			t.Errorf("mine: %s is not empty after the move", sq)
		}
	}
	if after.Cells[g.Board.LocIndex("e1")].IsEmpty() {
		t.Errorf("mine: B's man on e1 was removed")
	}
}
