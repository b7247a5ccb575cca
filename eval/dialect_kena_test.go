package eval_test

import (
	"slices"
	"strings"
	"testing"
)

// Ossetian Kena (games/ossetian-kena.zrf) on the 8x8 board, every square used. Black
// starts on ranks 2-3 and plays up the board (north), White down. Men step forward or
// sideways, capture in all four orthogonal directions, and hop over adjacent friendly
// men; captured pieces go at once; a man crowned on the far rank goes on as a flying
// king, which never jumps friends and never turns straight back; capture is compulsory
// and must take the most pieces. Every expected set was worked out by hand.

func TestKenaOpening(t *testing.T) {
	g := loadGame(t, "ossetian-kena.zrf")
	// The start: the eight men of rank 3 step up to rank 4; the men of rank 2 hop over
	// them to rank 4; the men of rank 3 hop backward over rank 2 to rank 1. Sideways
	// steps and hops all land on occupied squares. Hopping back (a2-a4-a2, a3-a1-a3)
	// would give the start position again: no move. 24 turns.
	var want []string
	for _, f := range "abcdefgh" {
		c := string(f)
		want = append(want, c+"3-"+c+"4", c+"2-"+c+"4", c+"3-"+c+"1")
	}
	slices.Sort(want)
	if got := turnList(t, g, g.NewState()); !slices.Equal(got, want) {
		t.Errorf("start:\n got  %v\n want %v", got, want)
	}

	// After 1. a3-a4 White must capture, and the only capture is a hop that opens the
	// way: a7 over a6 to a5 (friendly hop), over a4 to a3, over a2 to a1 (two men),
	// where it is crowned; as a king it may not turn back north, and rank 1 is empty.
	expectTurns(t, g, "Black Man a2 b2 c2 d2 e2 f2 g2 h2 a4 b3 c3 d3 e3 f3 g3 h3; "+
		"White Man a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7; White to move",
		"a7-a5-a3-a1 x a2 a4 =King")
}

func TestKenaMen(t *testing.T) {
	g := loadGame(t, "ossetian-kena.zrf")

	// Men step forward or sideways, never backward or diagonally; for White forward is
	// south.
	expectTurns(t, g, "White Man d5; Black Man h1; White to move",
		"d5-c5", "d5-d4", "d5-e5")

	// Men capture backward and sideways too: d4 takes d3 (backward, landing on d2) or
	// e4 (sideways, landing on f4); one piece each, nothing follows.
	expectTurns(t, g, "Black Man d4; White Man d3 e4 a8; Black to move",
		"d4-d2 x d3", "d4-f4 x e4")

	// Friendly jumps and captures interleave in one move: c2 hops over its own man c3
	// to c4, takes c5 landing on c6, hops over its own man d6 to e6, takes f6 landing
	// on g6. Two pieces; stopping earlier takes fewer, so this is the only turn.
	expectTurns(t, g, "Black Man c2 c3 d6; White Man c5 f6; Black to move",
		"c2-c4-c6-e6-g6 x c5 f6")

	// After the last capture, further friendly hops are allowed but not required:
	// a4 takes a5 landing on a6, and may then hop over b6 to c6.
	expectTurns(t, g, "Black Man a4 b6; White Man a5 h8; Black to move",
		"a4-a6 x a5", "a4-a6-c6 x a5")

	// Captured pieces go at once (Turkish style), so a man can go round and come back
	// to its own square: a1 takes a2, b3, c2 and b1 (or the same four the other way
	// round, the same move) and ends on a1 with the four gone: a real move.
	expectTurns(t, g, "Black Man a1; White Man a2 b3 c2 b1 h8; Black to move",
		"a1-a3-c3-c1-a1 x a2 b1 b3 c2")
}

func TestKenaCompulsoryCapture(t *testing.T) {
	g := loadGame(t, "ossetian-kena.zrf")

	// Without a capture on the board, a hop over a friend is an ordinary move: a2 over
	// a3 to a4, a3 backward over a2 to a1, beside the steps a2-b2, a3-a4, a3-b3 and
	// e4's three steps.
	expectTurns(t, g, "Black Man a2 a3 e4; White Man h8; Black to move",
		"a2-a4", "a2-b2", "a3-a1", "a3-a4", "a3-b3", "e4-d4", "e4-e5", "e4-f4")

	// The same men with a white man on e5: e4 can take it, and a move made only of
	// friendly hops captures nothing, so it is not a capture. Capture is compulsory:
	// the hops go with the steps, and only the capture is left.
	expectTurns(t, g, "Black Man a2 a3 e4; White Man e5; Black to move",
		"e4-e6 x e5")
}

func TestKenaJumpCycles(t *testing.T) {
	g := loadGame(t, "ossetian-kena.zrf")

	// Back and forth over a friend: d4 hops over d5 to d6 and could hop back to d4 and
	// so on for ever. Coming back to d4 gives the start position (no move), going on
	// repeats a position of the turn (dropped). So d4 has one hop (d4-d6) and its
	// sideways steps; d5 steps three ways or hops backward over d4 to d3.
	expectTurns(t, g, "Black Man d4 d5; White Man h8; Black to move",
		"d4-c4", "d4-d6", "d4-e4", "d5-c5", "d5-d3", "d5-d6", "d5-e5")

}

// TestKenaJumpRing: a ring of friends. The man a1 can hop round a2, b3, c2 and b1 either
// way (a1-a3-c3-c1-a1 or a1-c1-c3-a3-a1) and back and forth for ever. The finite answer:
// it can end on a3, c3 or c1 -- three moves, however they are reached; coming back to a1
// changes nothing. The friends' own moves: a2 steps to a3 or b2; b3 to b4, c3 or a3; c2
// to c3, d2 or b2; b1 to b2 or c1 (none can hop: no friendly man next to them has an
// empty square behind it). Turns are compared by their first and last squares, since
// which of the equivalent paths names a move is the engine's choice.
//
// Known engine gap (reported): the draughts rule "turns from the same piece that end in
// the same position count once" is applied only between turns of two or more parts, so
// the one-part hop a1-c1 (a chain stopped after its first part, "pass partial") is kept
// beside a1-a3-c3-c1, and a1-c1-c3-a3 beside a1-a3: five moves for the man instead of
// three. This test fails until the engine merges them.
func TestKenaJumpRing(t *testing.T) {
	g := loadGame(t, "ossetian-kena.zrf")
	spec := "Black Man a1 a2 b3 c2 b1; White Man h8; Black to move"
	var got []string
	for _, d := range turnList(t, g, position(t, g, spec)) {
		path := strings.Split(d, "-")
		got = append(got, path[0]+"-"+path[len(path)-1])
	}
	slices.Sort(got)
	want := []string{"a1-a3", "a1-c3", "a1-c1",
		"a2-a3", "a2-b2", "b3-a3", "b3-b4", "b3-c3", "c2-b2", "c2-c3", "c2-d2", "b1-b2", "b1-c1"}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %v\n want %v", spec, got, want)
	}
}

func TestKenaKings(t *testing.T) {
	g := loadGame(t, "ossetian-kena.zrf")

	// A king slides any distance orthogonally and never jumps a friend (d5 blocks it);
	// a man never hops over a friendly king (d5 cannot hop over d4).
	expectTurns(t, g, "Black King d4, Man d5; White Man h8; Black to move",
		"d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-e4", "d4-f4", "d4-g4", "d4-h4",
		"d5-c5", "d5-d6", "d5-e5")

	// Turkish strike with a flying king: c8 takes c6 (landing on c5 or c4; the man c3
	// stops it). From c5 it can only go on east over f5 (to g5 or h5): two pieces.
	// From c4 it takes e4 (to f4; g4 is its own man), then f5 (to f6; f7 is its own
	// man), then along rank 6 over the square of c6 -- already removed -- to take b6,
	// landing on a6: four pieces, the only legal turn.
	expectTurns(t, g, "Black King c8, Man c3 g4 f7; White Man c6 e4 f5 b6; Black to move",
		"c8-c4-f4-f6-a6 x b6 c6 e4 f5")

	// No turning straight back: c4 takes e4 (landing on f4; g4 is its own man) or b4
	// (landing on a4). Going back from f4 over the emptied e4 and c4 to take b4 (or
	// from a4 to take e4) would be a reversal, so each capture ends the move.
	expectTurns(t, g, "Black King c4, Man g4; White Man b4 e4; Black to move",
		"c4-a4 x b4", "c4-f4 x e4")

	// A man crowned mid-capture goes on as a king: e6 takes e7 landing on e8, is
	// crowned, and flies west over b8 to a8. Turning back south (over e7, e6, ... to
	// take e3) is a reversal and not allowed.
	expectTurns(t, g, "Black Man e6; White Man e7 b8 e3; Black to move",
		"e6-e8-a8 x b8 e7 =King")

	// Crowned by a friendly hop: e6 hops over e7 to e8 and becomes a king; a king does
	// not hop, and nothing is there to capture, so the move ends. The other moves:
	// e6 sideways; e7 steps (onto e8 it is crowned too) or hops backward over e6 to e5.
	expectTurns(t, g, "Black Man e6 e7; White Man a1; Black to move",
		"e6-d6", "e6-e8 =King", "e6-f6", "e7-d7", "e7-e5", "e7-e8 =King", "e7-f7")
}
