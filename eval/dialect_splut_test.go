package eval_test

// Tests of games/splut.zrf against the official rules of Splut! by Tommy De Coninck
// (the designer's rules page, and the English rules at iggamecenter.com; see the file's
// header). The board is the diamond of 41 squares inside a 9x9 grid, files a..i west to
// east, ranks 1..9 south to north, the tips e1, a5, e9 and i5. Each position lists the
// exact legal steps worked out by hand from the rules text. A group move (a push, a pull,
// a levitation, a throw) is written as its movements "from>to", sorted, then " x " and
// the squares whose piece is removed.

import (
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

func TestSplutPositions(t *testing.T) {
	g := loadGame(t, "splut.zrf")

	// Steps: one square north, east, south or west onto an empty square, never off the
	// diamond. The Sorcerer on the tip e1 has one neighbour; so has the Dwarf on a5.
	// No Rock is on the board, so nothing is levitated or thrown.
	expectTurns(t, g, "South Sorcerer e1, Dwarf a5, Troll e5; North Sorcerer e9; South to move",
		"e1-e2", "a5-b5", "e5-e4", "e5-e6", "e5-d5", "e5-f5")

	// The Dwarf pushes the whole line in front of him, pieces of any team and Rocks,
	// when an empty square follows it: east, d5 e5 f5 move on to g5. West, the line b5
	// a5 ends at the edge: no push.
	expectTurns(t, g, "South Dwarf c5; North Troll d5, Dwarf b5, Sorcerer e9; West Sorcerer f5; ?Rocks Rock e5 a5; South to move",
		"c5-c6", "c5-c4", "c5>d5 d5>e5 e5>f5 f5>g5")

	// The Stonetroll pulls the Rock right behind it on the line of its step (e4, when it
	// steps north), or steps onto it and throws it. South from e4 the Rock lands on the
	// tip e1; east and west it stops before the edge, on h4 and b4; thrown back north it
	// passes e5, which the Stonetroll left, and lands on the tip e9. South's Sorcerer on
	// a5 steps east, alone or levitating the Rock from e4 to f4.
	expectTurns(t, g, "South Troll e5, Sorcerer a5; North Sorcerer i5; ?Rocks Rock e4; South to move",
		"a5-b5", "a5>b5 e4>f4", "e5-e6", "e5-f5", "e5-d5", "e4>e5 e5>e6",
		"e4>e1 e5>e4", "e4>h4 e5>e4", "e4>b4 e5>e4", "e4>e9 e5>e4")

	// Throw obstacles. From e4: north the Rock flies over North's Dwarf on e6 and kills
	// North's Sorcerer on e7: it lands there and North's whole team (e6, e7 and the
	// Stonetroll on c5) leaves the board. East it stops before East's Stonetroll on g4.
	// West it flies over d4 and comes down on West's Dwarf on c4, before the Rock on b4:
	// the Dwarf is crushed. Back south it passes e3 and lands on e1. Stepping south the
	// Stonetroll may pull the Rock from e4 to e3.
	expectTurns(t, g, "South Troll e3; North Sorcerer e7, Dwarf e6, Troll c5; East Troll g4, Sorcerer i5; West Dwarf c4, Sorcerer a5; ?Rocks Rock e4 b4; South to move",
		"e3-f3", "e3-d3", "e3-e2", "e3>e2 e4>e3",
		"e3>e4 e4>e7 x c5 e6 e7", "e3>e4 e4>f4", "e3>e4 e4>c4 x c4", "e3>e4 e4>e1")

	// A throw must move the Rock: from the tip a5 north, south and west are the edge, so
	// the only throw is back east, past b5 which the Stonetroll left, to d5 before East's
	// Stonetroll on e5. Stepping east, the Stonetroll may pull the Rock to b5.
	expectTurns(t, g, "South Troll b5; East Troll e5, Sorcerer i5; ?Rocks Rock a5; South to move",
		"b5-b6", "b5-b4", "b5-c5", "a5>b5 b5>c5", "a5>d5 b5>a5")

	// A Sorcerer next to the Rock's square is hit at once: the Rock goes one square.
	// From f5 east, the Sorcerer of East on g5 dies with his Dwarf h5. North the Rock
	// stops on f8, the last square of the file; west on the tip a5; back south it passes
	// f4 and stops on f2. Stepping south, the Stonetroll may pull the Rock to f4.
	expectTurns(t, g, "South Troll f4; East Sorcerer g5, Dwarf h5; ?Rocks Rock f5; South to move",
		"f4-f3", "f4-e4", "f4-g4", "f4>f3 f5>f4",
		"f4>f5 f5>g5 x g5 h5", "f4>f5 f5>f8", "f4>f5 f5>a5", "f4>f5 f5>f2")

	// Levitation: with each step the Sorcerer may levitate a Rock anywhere on the board
	// one square the same way onto an empty square, or onto the square he leaves. North,
	// e6 is a Rock: he may only go there by levitating it ahead to e7.
	expectTurns(t, g, "South Sorcerer e5; North Sorcerer a5; ?Rocks Rock d4 e6; South to move",
		"e5-f5", "e5-e4", "e5-d5",
		"e5>e6 e6>e7",
		"d4>e4 e5>f5", "e5>f5 e6>f6",
		"d4>d3 e5>e4", "e5>e4 e6>e5",
		"d4>c4 e5>d5", "e5>d5 e6>d6")
}

// splutPlay makes the turn described by want in s, or fails listing the legal ones.
func splutPlay(t *testing.T, g *eval.Game, s *engine.State, want string) *engine.State {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for i := range turns {
		d := describe(g, s, &turns[i])
		if d == want {
			return turns[i].After
		}
		have = append(have, d)
	}
	slices.Sort(have)
	t.Fatalf("no turn %q among %v", want, have)
	return nil
}

// TestSplutTurns checks the turn order: South makes one step, West two, then North,
// East, South ... three each; a throw ends the turn at once.
func TestSplutTurns(t *testing.T) {
	g := loadGame(t, "splut.zrf")
	s := g.NewState()
	mover := func() string { _, m := g.Side(s); return g.Players[m].Name }
	steps := []struct{ move, next string }{
		{"e2-e3", "West"},                     // South: 1 step
		{"b5-c5", "West"}, {"c5-d5", "North"}, // West: 2 steps
		{"e8-e7", "North"}, {"e7-e6", "North"}, {"e6-e5", "East"}, // North: 3
		{"h5-g5", "East"}, {"g5-f5", "East"}, {"h4-g4", "South"}, // East: 3
		{"e3-e4", "South"}, {"d2-d3", "South"}, {"f2-f3", "West"}, // South: 3
	}
	for _, st := range steps {
		s = splutPlay(t, g, s, st.move)
		if m := mover(); m != st.next {
			t.Fatalf("after %s: %s to move, want %s", st.move, m, st.next)
		}
	}
	// A Rock moved in the previous player's turn cannot be levitated: after West's throw
	// below, North may not levitate the Rock it landed on h5, but may the one on e9.
	// West's Stonetroll steps to b5 and onto the Rock on a5, which it throws back east
	// over b5, c5 and the Dwarves on d5, e5 and f5 until the Rock on i5 stops it on h5.
	// The throw ends West's turn after two steps: North moves.
	for _, st := range []struct{ move, next string }{
		{"b4-b5", "West"}, {"a5>h5 b5>a5", "North"},
		{"e4>e3 e5>e4", "North"}, {"d8-d7", "North"}, {"f8-f7", "East"},
	} {
		s = splutPlay(t, g, s, st.move)
		if m := mover(); m != st.next {
			t.Fatalf("after %s: %s to move, want %s", st.move, m, st.next)
		}
		if st.next == "North" && st.move == "a5>h5 b5>a5" {
			turns := turnList(t, g, s)
			if slices.Contains(turns, "f8>f7 h5>h4") || !slices.Contains(turns, "e9>e8 f8>f7") {
				t.Errorf("North after West's throw: %v", turns)
			}
		}
	}
}

// splutState is position(spec) in the middle of a game: the turn has left steps to make,
// turn numbers it, and moved gives squares whose Rock arrived in an earlier turn.
func splutState(t *testing.T, g *eval.Game, spec string, left, turn int, moved map[string]int) *engine.State {
	return splutStateBefore(t, g, spec, left, turn, moved, nil)
}

// splutStateBefore is splutState with the turn of the previous move of some Rocks.
func splutStateBefore(t *testing.T, g *eval.Game, spec string, left, turn int, moved, before map[string]int) *engine.State {
	t.Helper()
	s := position(t, g, spec)
	e := g.Ext
	s.Vals[e.VarIndex("left")] = int32(left)
	s.Vals[e.VarIndex("next")] = 3
	s.Vals[e.VarIndex("turn")] = int32(turn)
	for name, m := range map[string]map[string]int{"moved": moved, "before": before} {
		a := -1
		for i, v := range e.PosInts {
			if v.Name == name {
				a = i
			}
		}
		for sq, v := range m {
			l := g.Board.LocIndex(sq)
			s.Vals[len(e.Vars)+len(g.Board.Locs)*len(e.PieceInts)+int(l)*len(e.PosInts)+a] = int32(v)
		}
	}
	s.Hash = g.FullHash(s)
	return s
}

func expectSplut(t *testing.T, g *eval.Game, s *engine.State, what string, want ...string) {
	t.Helper()
	got := turnList(t, g, s)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %v\n want %v", what, got, want)
	}
}

// TestSplutLevitation checks the limits of levitation: not a Rock moved in the previous
// player's turn, one Rock a turn, and only in consecutive steps.
func TestSplutLevitation(t *testing.T) {
	g := loadGame(t, "splut.zrf")
	const spec = "South Sorcerer e5, Dwarf c3; North Sorcerer a5; ?Rocks Rock e6 g4; South to move"

	// Turn 5; the Rock on g4 arrived in turn 4, the previous player's: only e6 can be
	// levitated.
	s := splutState(t, g, spec, 3, 5, map[string]int{"g4": 4})
	expectSplut(t, g, s, "g4 moved in the previous turn",
		"c3-c4", "c3-d3", "e5-f5", "e5-e4", "e5-d5",
		"e5>e6 e6>e7", "e5>f5 e6>f6", "e5>e4 e6>e5", "e5>d5 e6>d6")

	// Moved two turns ago, it may be levitated east, south and west (north the Sorcerer
	// would step onto e6).
	s = splutState(t, g, spec, 3, 5, map[string]int{"g4": 3})
	expectSplut(t, g, s, "g4 moved two turns ago",
		"c3-c4", "c3-d3", "e5-f5", "e5-e4", "e5-d5",
		"e5>e6 e6>e7", "e5>f5 e6>f6", "e5>e4 e6>e5", "e5>d5 e6>d6",
		"e5>f5 g4>h4", "e5>e4 g4>g3", "e5>d5 g4>f4")

	// Moved in the previous turn and again in this one (pushed by South's Dwarf, say):
	// it was still moved in the previous player's turn, and cannot be levitated.
	s = splutStateBefore(t, g, spec, 3, 5, map[string]int{"g4": 5}, map[string]int{"g4": 4})
	expectSplut(t, g, s, "g4 moved in the previous turn and in this one",
		"c3-c4", "c3-d3", "e5-f5", "e5-e4", "e5-d5",
		"e5>e6 e6>e7", "e5>f5 e6>f6", "e5>e4 e6>e5", "e5>d5 e6>d6")

	// Its memory travels with it: South's Dwarf pushes the Rock from e4 to e3 in turn
	// 5; it had moved in turn 4 (the previous player's), and the Sorcerer cannot
	// levitate it on e3, but may the Rock on c4, moved in turn 3.
	s = splutState(t, g, "South Sorcerer d3, Dwarf e5; North Sorcerer a5; ?Rocks Rock e4 c4; South to move",
		3, 5, map[string]int{"e4": 4, "c4": 3})
	s = splutPlay(t, g, s, "e4>e3 e5>e4")
	expectSplut(t, g, s, "the pushed Rock keeps its memory",
		"d3-d4", "d3-d2", "d3-c3",
		"c4>c5 d3>d4", "c4>c3 d3>d2", "c4>b4 d3>c3",
		"e4-f4", "e4-d4", "e4-e5", "e3>e2 e4>e3")

	// A turn of three steps: first the Sorcerer levitates e6 west to d6. Second step: the
	// same Rock may go on being levitated, the one on g4 not any more.
	s = splutState(t, g, spec, 3, 5, map[string]int{"g4": 3})
	s = splutPlay(t, g, s, "e5>d5 e6>d6")
	expectSplut(t, g, s, "second step after a levitation",
		"c3-c4", "c3-d3", "d5-d4", "d5-c5", "d5-e5",
		"d5>d6 d6>d7", "d5>e5 d6>e6", "d5>d4 d6>d5", "d5>c5 d6>c6")

	// The Dwarf steps: the levitation is interrupted, and the third step levitates
	// nothing.
	s = splutPlay(t, g, s, "c3-c4")
	expectSplut(t, g, s, "third step after an interruption",
		"c4-c5", "c4-d4", "c4-b4", "c4-c3", "d5-d4", "d5-c5", "d5-e5")
}

// TestSplutEnd checks the end: a Sorcerer hit by a thrown Rock dies with his team, and
// the last Sorcerer standing wins. West and East have no pieces left here; South's throw
// kills North's Sorcerer on e7, and North's Dwarf on c6 leaves with him.
func TestSplutEnd(t *testing.T) {
	g := loadGame(t, "splut.zrf")
	s := position(t, g, "South Troll e3, Sorcerer a5; North Sorcerer e7, Dwarf c6; ?Rocks Rock e4; South to move")
	s = splutPlay(t, g, s, "e3>e4 e4>e7 x c6 e7")
	res, _, err := g.NewWorkspace().Outcome(s, g.PlayerIndex("South"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Over || len(res.Winners) != 1 || res.Winners[0] != g.PlayerIndex("South") {
		t.Errorf("after the kill: %v, want South to win", res)
	}

	// With four teams in, a kill puts one player out and the game goes on: East's turn
	// comes after North's, which is skipped.
	s = position(t, g, "South Troll e3, Sorcerer a5; West Sorcerer b6; North Sorcerer e7; East Sorcerer h4; ?Rocks Rock e4; South to move")
	s = splutPlay(t, g, s, "e3>e4 e4>e7 x e7")
	res, _, err = g.NewWorkspace().Outcome(s, g.PlayerIndex("South"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Over {
		t.Fatalf("game over with three teams left: %v", res)
	}
	if _, m := g.Side(s); g.Players[m].Name != "West" {
		t.Errorf("%s to move after South's throw, want West", g.Players[m].Name)
	}
	if s.Out&(1<<uint(g.PlayerIndex("North"))) == 0 {
		t.Errorf("North is not out after losing his Sorcerer")
	}
}

// TestSplutOwnSorcerer: a Rock kills any Sorcerer it meets, the thrower's own too; then
// the thrower's team leaves the board, the Stonetroll with it.
func TestSplutOwnSorcerer(t *testing.T) {
	g := loadGame(t, "splut.zrf")
	s := position(t, g, "South Troll e3, Sorcerer e7, Dwarf a5; North Sorcerer e9; West Sorcerer b6; East Sorcerer h4; ?Rocks Rock e4; South to move")
	s = splutPlay(t, g, s, "e3>e4 e4>e7 x a5 e7")
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == g.PlayerIndex("South") {
			t.Errorf("South's %s still on %s", g.Pieces[c.Kind()].Name, g.Board.Locs[l].Name)
		}
	}
}

// TestSplutWait: a player who cannot make a step ends his turn. North's Sorcerer on the
// tip e9 has South's Dwarf in front of him, and North's Stonetroll on b4 is boxed in by
// the Stonetrolls on b5 and c4 and the edge: North's only turn is the Sorcerer's wait,
// and East moves next.
func TestSplutWait(t *testing.T) {
	g := loadGame(t, "splut.zrf")
	const spec = "North Sorcerer e9, Troll b4; South Dwarf e8, Troll c4; West Troll b5, Sorcerer c3; North to move"
	expectTurns(t, g, spec, "e9-e9")
	s := splutState(t, g, spec, 2, 7, nil)
	s = splutPlay(t, g, s, "e9-e9")
	if _, m := g.Side(s); g.Players[m].Name != "East" {
		t.Errorf("%s to move after North's wait, want East", g.Players[m].Name)
	}
	if v := s.Vals[g.Ext.VarIndex("turn")]; v != 8 {
		t.Errorf("turn %d after the wait, want 8", v)
	}
}
