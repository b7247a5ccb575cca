package eval_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// A small race game that uses the dialect's turn order: a placement phase that goes on
// while pieces remain to be placed ((goto place) decided by the move), then a race in
// which a landing on the rosette gives another move ((goto again)). Its goals have result
// names and priorities, and are written as formulas.
const phasesGame = `(version "zoggo-1")
(define step ($1 (verify empty?) (if (in-zone? rosette) (goto again)) add))
(game
   (title "Phases")
   (players A B)
   (turn-order ((label place) (A placing) (B placing)) (label race) repeat A B)
   (variables (placed 0))
   (board
      (grid (start-rectangle 0 0 10 10)
         (dimensions ("a/b/c/d/e/f/g/h" (10 0)) ("1/2" (0 10)))
         (directions (e 1 0)))
      (zone (name rosette) (players A B) (positions d1 d2)))
   (piece (name Man)
      (drops (move-type placing)
         ((verify (in-zone? rosette)) (verify false) add)
         ((verify empty?) (verify (not-in-zone? rosette)) (verify (< (count friend?) 2))
          (set placed (+ placed 1))
          ; B's first placement sends the turn order back to A's placing turn.
          (if (= placed 1) (goto place))
          add))
      (moves (step e)))
   (board-setup (A (Man off 2)) (B (Man off 2)))
   (win-condition (A B) (result finish) (priority 1) (formula (> (count (and friend? (position? h1))) 0)))
   (draw-condition (A) (result tie) (formula (> (count (and friend? (position? h2))) 0)))
   (loss-condition (B) (result stuck) (formula (= moves 0))))
`

func TestDialectTurnOrder(t *testing.T) {
	g := loadString(t, phasesGame)
	s := g.NewState()
	play := func(want string) {
		t.Helper()
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		for i := range turns {
			if describe(g, s, &turns[i]) == want || dropAt(g, &turns[i]) == want {
				s = turns[i].After
				return
			}
		}
		var have []string
		for i := range turns {
			have = append(have, describe(g, s, &turns[i])+"|"+dropAt(g, &turns[i]))
		}
		t.Fatalf("no turn %q among %v", want, have)
	}
	mover := func() string { _, m := g.Side(s); return g.Players[m].Name }
	entry := func() int { return s.Turn }
	if mover() != "A" || entry() != 0 {
		t.Fatalf("start: %s at entry %d", mover(), entry())
	}
	play("drop a1")
	if mover() != "B" {
		t.Fatalf("after A's first placement %s moves", mover())
	}
	play("drop a2") // placed becomes 2; the block read placed = 1 and chose (goto place)
	if mover() != "A" || entry() != 0 {
		t.Fatalf("after B's first placement: %s at entry %d, want A placing again", mover(), entry())
	}
	play("drop b1")
	play("drop b2") // placed read as 3: no goto, the race begins
	if mover() != "A" || entry() != 2 {
		t.Fatalf("after the placements: %s at entry %d, want A at the race label (entry 2)", mover(), entry())
	}
	play("b1-c1")
	if mover() != "B" {
		t.Fatalf("after an ordinary step %s moves", mover())
	}
	play("b2-c2")
	play("c1-d1") // the rosette: A moves again
	if mover() != "A" || entry() != 2 {
		t.Fatalf("after landing on the rosette %s moves at entry %d, want A again", mover(), entry())
	}
	play("d1-e1")
	if mover() != "B" {
		t.Fatalf("after the extra move %s moves", mover())
	}
}

func dropAt(g *eval.Game, t *eval.Turn) string {
	for _, c := range t.Parts[0].Changes {
		if c.Op == engine.OpDrop {
			return "drop " + g.Board.Locs[c.To].Name
		}
	}
	return ""
}

func TestDialectGoals(t *testing.T) {
	g := loadString(t, phasesGame)
	A := g.PlayerIndex("A")
	// A on h1 (finish, priority 1) and on h2 (tie, priority 0): the finish wins.
	s := position(t, g, "A Man h1 h2; B Man a2; B to move")
	s.Turn = 3
	s.Hash = g.FullHash(s)
	r, _, err := g.NewWorkspace().Outcome(s, A, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Over || r.Draw || len(r.Winners) != 1 || r.Winners[0] != A || !strings.HasPrefix(r.Reason, "finish: ") {
		t.Errorf("both goals hold: got %v, want a win for A by finish", r)
	}
	// Only the tie holds.
	s = position(t, g, "A Man g1 h2; B Man a2")
	s.Turn = 3
	s.Hash = g.FullHash(s)
	r, _, _ = g.NewWorkspace().Outcome(s, A, 1)
	if !r.Over || !r.Draw || !strings.HasPrefix(r.Reason, "tie: ") {
		t.Errorf("tie only: got %v", r)
	}
	// B, to move, cannot move (its men on g2 and h2 cannot step east, and it has placed both): the formula (= moves 0)
	// is B's loss.
	s = position(t, g, "A Man a1; B Man g2 h2")
	s.Turn = 3
	s.Hash = g.FullHash(s)
	r, _, _ = g.NewWorkspace().Outcome(s, A, 1)
	if !r.Over || len(r.Losers) == 0 || g.Players[r.Losers[0]].Name != "B" || !strings.HasPrefix(r.Reason, "stuck: ") {
		t.Errorf("B stuck: got %v", r)
	}
}

// A check rule with several royal pieces (as in Tamerlane chess), written as an
// invariant: no move may leave any of the mover's kings attacked.
const twoKingsGame = `(version "zoggo-1")
(define step ($1 (verify not-friend?) add))
(define slide ($1 (while empty? add $1) (verify not-friend?) add))
(game
   (title "Two kings")
   (players White Black)
   (board
      (grid (start-rectangle 0 0 10 10)
         (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
         (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
   (check (= (count (and friend? (piece? King) attacked?)) 0))
   (piece (name King) (moves (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw)))
   (piece (name Rook) (moves (slide n) (slide s) (slide e) (slide w)))
   (loss-condition (White Black) (result mate)
      (formula (and (= moves 0) (> (count (and friend? (piece? King) attacked?)) 0)))))
`

func TestDialectSeveralKings(t *testing.T) {
	g := loadString(t, twoKingsGame)
	// The rook on d1 attacks the king on c1. Every move of the king on a4 leaves c1
	// attacked; the king on c1 may go to b2 or c2, or take the rook. b1 stays on the
	// rook's rank, d2 on its file.
	expectTurns(t, g, "White Rook d1; Black King a4 c1; Black to move",
		"c1-b2", "c1-c2", "c1-d1 x d1")
	// Mate with two kings: the rook on a4 attacks the king on a1, whose every step
	// (a2, b1, b2) is attacked by one rook or the other; the king on d4 can move, but
	// no move of it saves a1. The goal formula names the result.
	s := position(t, g, "White Rook a4 b4; Black King a1 d4; Black to move")
	if n := len(turnList(t, g, s)); n != 0 {
		t.Fatalf("mate position: %d legal turns, want 0", n)
	}
	r, _, err := g.NewWorkspace().Outcome(s, g.PlayerIndex("White"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Over || len(r.Losers) != 1 || g.Players[r.Losers[0]].Name != "Black" || !strings.HasPrefix(r.Reason, "mate: ") {
		t.Errorf("mate position: got %v, want Black's loss by mate", r)
	}
	// With one rook on a4 (and the other king on d3, off its rank), the a1 king escapes
	// to b1 or b2 (a2 stays on the a-file), and the d3 king may not
	// move while a1 is attacked: not over.
	s = position(t, g, "White Rook a4; Black King a1 d3; Black to move")
	if got := turnList(t, g, s); !slices.Equal(got, []string{"a1-b1", "a1-b2"}) {
		t.Errorf("one rook: got %v, want [a1-b1 a1-b2]", got)
	}
	r, _, _ = g.NewWorkspace().Outcome(s, g.PlayerIndex("White"), 1)
	if r.Over {
		t.Errorf("one rook: the game is over: %v", r)
	}
}

// A check that counts the opponent's moves must not call itself without end: inside a
// check, moves counts the next position's turns without the checks.
func TestDialectCheckCountsMoves(t *testing.T) {
	g := loadString(t, `(version "zoggo-1")
(game (title "No stalemate")
   (players A B)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))
   ; A move may not leave the opponent without a move.
   (check (> moves 0))
   (piece (name Man) (moves ((verify friend?) n (verify empty?) add) (e (verify empty?) add))))`)
	// B's only man is on c3 (top right): it can neither go north nor east. A's man on a1
	// may go to a2 or b1; neither changes B's lack of moves, so A has no legal move.
	expectTurns(t, g, "A Man a1; B Man c3; A to move")
	// With B's man on b3, B can still step east to c3 after either of A's moves.
	expectTurns(t, g, "A Man a1; B Man b3; A to move", "a1-a2", "a1-b1")
}

// Pre-actions run before a piece's blocks, which read what they set; a failed verify in
// a pre-action keeps the piece from moving, and one in a post-move action forbids the
// turn.
func TestDialectPreActions(t *testing.T) {
	g := loadString(t, `(version "zoggo-1")
(game (title "Pre")
   (players A B)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0)))
      (zone (name home) (players A B) (positions a1 b1 c1 d1)))
   (piece (name Man)
      (attribute reach 0)
      ; Before it moves, a man learns how far it may go: 2 from the first rank, else 1.
      ; A man on d1 cannot move at all.
      (pre-part (verify (not-position? d1)) (set reach (+ 1 (if (in-zone? home)))))
      (moves ((set-flag two (> reach 1)) n (verify empty?) add (verify (flag? two)) n (verify empty?) add)))
   ; No turn may end on a3.
   (post-move (verify (not-position? a3))))`)
	expectTurns(t, g, "A Man a1 b1 c2 d1; B Man d4; A to move",
		"a1-a2", "b1-b2", "b1-b3", "c2-c3")
}
