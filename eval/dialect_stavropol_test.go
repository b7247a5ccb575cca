package eval_test

// Tests of games/stavropol.zrf: Russian draughts in which a player may move a piece of
// either colour, written with (owner any) blocks. Every expected move set below was
// worked out by hand from the rules stated at the top of the rules file; the comments
// give the reasoning. White's men move up the board (towards rank 8), Black's down.

import (
	"testing"
)

func TestStavropolStart(t *testing.T) {
	g := loadGame(t, "stavropol.zrf")
	// White may move any of its 7 front men (a3..g3: 7 steps) or any of Black's front
	// men towards rank 1 (b6..h6: 7 steps), so 14 turns.
	got := turnList(t, g, g.NewState())
	if len(got) != 14 {
		t.Errorf("start: %d turns, want 14: %v", len(got), got)
	}
	expectTurns(t, g, "White Man a3 c3 e3 g3; Black Man b6 d6 f6 h6; White to move",
		"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
		"b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5")
}

func TestStavropolOpponentPieces(t *testing.T) {
	g := loadGame(t, "stavropol.zrf")
	// No capture anywhere. White moves its own man c3 forward (b4, d4), or Black's man
	// f6 by Black's rules: towards White, to e5 or g5. Moving f6 up the board (to e7
	// or g7) is not legal: a piece keeps its own colour's forward direction.
	expectTurns(t, g, "White Man c3; Black Man f6; White to move",
		"c3-b4", "c3-d4", "f6-e5", "f6-g5")
	// The same for Black to move: Black's man f6 goes down, White's man c3 goes up.
	expectTurns(t, g, "White Man c3; Black Man f6; Black to move",
		"c3-b4", "c3-d4", "f6-e5", "f6-g5")
	// A black man next to White's back row: White may move it to c1 or e1, where it is
	// crowned a black King (Black's far row); it may not go back to c3 or e3. White's
	// own man h2 has one step, to g3.
	expectTurns(t, g, "White Man h2; Black Man d2; White to move",
		"d2-c1 =King", "d2-e1 =King", "h2-g3")
	// Kings of both colours: each slides along the long diagonal up to the other king,
	// 6 squares each.
	expectTurns(t, g, "White King a1; Black King h8; White to move",
		"a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7",
		"h8-g7", "h8-f6", "h8-e5", "h8-d4", "h8-c3", "h8-b2")
}

func TestStavropolCompulsoryCapture(t *testing.T) {
	g := loadGame(t, "stavropol.zrf")
	// The only capture on the board is Black's man e5 taking White's man d4 (landing on
	// c3; White's d4 cannot take e5 because f6 is occupied). White must make it: his
	// own man's step a1-b2 and every other quiet move are not allowed.
	expectTurns(t, g, "White Man d4 a1; Black Man e5 f6; White to move",
		"e5-c3 x d4")
	// Both colours can capture: White c3xd4 (to e5) or Black d4xc3 (to b2). The player
	// chooses freely, so White may even take his own man.
	expectTurns(t, g, "White Man c3; Black Man d4; White to move",
		"c3-e5 x d4", "d4-b2 x c3")
	// No majority rule (Russian): White's a3 takes b4 and must go on over d6 (two
	// pieces); e3 takes f4 (one piece) and stops on g5; and Black's f4 can take White's
	// e3, landing on d2. All three are legal; quiet moves are not.
	expectTurns(t, g, "White Man a3 e3; Black Man b4 d6 f4 h8; White to move",
		"a3-c5-e7 x b4 d6", "e3-g5 x f4", "f4-d2 x e3")
}

func TestStavropolRussianCaptures(t *testing.T) {
	g := loadGame(t, "stavropol.zrf")
	// A man crowned mid-capture goes on as a king: b6 takes c7, lands on d8 (crowned),
	// then flies along d8-h4 over e7 to take f6, landing on g5 or h4. Black's c7 could
	// also take White's b6 (landing on a5), and that is a legal turn for White too.
	expectTurns(t, g, "White Man b6; Black Man c7 f6; White to move",
		"b6-d8-g5 x c7 f6 =King", "b6-d8-h4 x c7 f6 =King", "c7-a5 x b6")
	// The same for a black man moved by White: c3 takes d2, is crowned on e1 (Black's
	// far row) and, as a black King, flies over f2 to take g3, landing on h4. White's
	// d2 may instead take c3 (landing on b4).
	expectTurns(t, g, "White Man d2 g3; Black Man c3; White to move",
		"c3-e1-h4 x d2 g3 =King", "d2-b4 x c3")
	// A king must land where its capture can go on: a1 takes c3; of the squares behind
	// it (d4 e5 f6 g7 h8) only e5 lets it go on (over f4), so it lands on e5, then takes
	// f4 and lands on g3 or h2. Stopping on d4, f6, g7 or h8 is not allowed.
	expectTurns(t, g, "White King a1; Black Man c3 f4; White to move",
		"a1-e5-g3 x c3 f4", "a1-e5-h2 x c3 f4")
	// The same rule for a black king moved by White: h8 takes White's f6; of the squares
	// behind it only d4 lets it go on (over White's e3), so it lands there, then takes
	// e3 and lands on f2 or g1. White loses two men, but it is the only capture.
	expectTurns(t, g, "White Man f6 e3; Black King h8; White to move",
		"h8-d4-f2 x e3 f6", "h8-d4-g1 x e3 f6")
	// When no landing square lets the capture go on, the king lands on any of them.
	expectTurns(t, g, "White King a1; Black Man c3; White to move",
		"a1-d4 x c3", "a1-e5 x c3", "a1-f6 x c3", "a1-g7 x c3", "a1-h8 x c3")
	// Turkish strike: e1 takes d2 and must land on c3 (the only square behind d2 from
	// which it can go on). From c3 it takes b2 (to a1) or e5 (to f6, g7 or h8). After
	// e5 it cannot come back over the taken pieces, so b2 and e5 are never both taken.
	expectTurns(t, g, "White King e1; Black Man d2 e5 b2; White to move",
		"e1-c3-a1 x b2 d2", "e1-c3-f6 x d2 e5", "e1-c3-g7 x d2 e5", "e1-c3-h8 x d2 e5")
}

func TestStavropolLoss(t *testing.T) {
	g := loadGame(t, "stavropol.zrf")
	// White's only legal turn is Black's e5 taking White's last man: White loses,
	// having brought it about himself.
	s := position(t, g, "White Man d4; Black Man e5 f6; White to move")
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 1 {
		t.Fatalf("%d turns, want 1", len(turns))
	}
	res, _, err := g.NewWorkspace().Outcome(turns[0].After, g.PlayerIndex("White"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Over || res.Draw || len(res.Winners) != 1 || res.Winners[0] != g.PlayerIndex("Black") {
		t.Errorf("after e5xd4: %v, want Black to win", res)
	}
	// With a white man left the game goes on.
	s = position(t, g, "White Man d4 a1; Black Man e5 f6; White to move")
	turns, err = g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	res, _, err = g.NewWorkspace().Outcome(turns[0].After, g.PlayerIndex("White"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Over {
		t.Errorf("after e5xd4 with a1 left: %v, want the game to go on", res)
	}
}
