package eval_test

import (
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
	if err := g.CompileMoves(); err != nil {
		t.Fatal(err)
	}
	s := g.NewState()
	play := func(want string) {
		t.Helper()
		turns, err := g.Turns(s)
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
	if err := g.CompileMoves(); err != nil {
		t.Fatal(err)
	}
	A := g.PlayerIndex("A")
	// A on h1 (finish, priority 1) and on h2 (tie, priority 0): the finish wins.
	s := position(t, g, "A Man h1 h2; B Man a2; B to move")
	s.Turn = 3
	s.Hash = g.FullHash(s)
	r, _, err := g.Outcome(s, A, 1)
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
	r, _, _ = g.Outcome(s, A, 1)
	if !r.Over || !r.Draw || !strings.HasPrefix(r.Reason, "tie: ") {
		t.Errorf("tie only: got %v", r)
	}
	// B, to move, cannot move (its men on g2 and h2 cannot step east, and it has placed both): the formula (= moves 0)
	// is B's loss.
	s = position(t, g, "A Man a1; B Man g2 h2")
	s.Turn = 3
	s.Hash = g.FullHash(s)
	r, _, _ = g.Outcome(s, A, 1)
	if !r.Over || len(r.Losers) == 0 || g.Players[r.Losers[0]].Name != "B" || !strings.HasPrefix(r.Reason, "stuck: ") {
		t.Errorf("B stuck: got %v", r)
	}
}
