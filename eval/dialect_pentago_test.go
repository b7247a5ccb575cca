package eval_test

// Tests of games/pentago.zrf, from the rules its header follows (Tomas Floden's Pentago,
// Mindtwister 2005, with the twist always made, and a five made by the placement winning
// before the twist): the quarter turns of (permute ...), five in a row, the win on
// placement, the draws, perft from the start, and a
// comparison with a small Pentago written here in plain Go over random games. Columns
// a..f, rows 1..6 from the bottom; the blocks are nw a4-c6, ne d4-f6, sw a1-c3, se d1-f3.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// pentagoTurns returns the boards after the turns of s made by rule ("twist nw cw"),
// one per empty point.
func pentagoTurns(t *testing.T, g *eval.Game, s *engine.State, rule string) []string {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range turns {
		if g.Rules[turns[i].Parts[0].Rule].String() == rule {
			out = append(out, boardList(g, turns[i].After))
		}
	}
	return out
}

func TestPentagoTwist(t *testing.T) {
	g := loadGame(t, "pentago.zrf")
	for _, tt := range []struct{ name, spec, place, rule, want string }{
		// Rule 2: the marble placed on c4 turns with the nw block. A clockwise quarter
		// turn takes the corners a6 > c6 > c4 > a4 > a6 and the edges b6 > c5 > b4 >
		// a5 > b6; the centre b5 stays.
		{"clockwise", "White Marble a6 b6; Black Marble b5; White to move", "c4", "twist nw cw", "White a4 c5 c6; Black b5"},
		// Anticlockwise: a6 > a4 > c4 > c6 > a6 and b6 > a5 > b4 > c5 > b6.
		{"anticlockwise", "White Marble a6 b6; Black Marble b5; White to move", "c4", "twist nw ccw", "White a4 a5 c6; Black b5"},
		// The se block clockwise: d3 > f3 and f1 > d1 (corners); e2 (centre) stays; d6
		// is in another block.
		{"se block", "White Marble d3 e2; Black Marble d6; Black to move", "f1", "twist se cw", "White e2 f3; Black d1 d6"},
		// A block away from the placement: d1 stays; the ne block turns anticlockwise,
		// f6 > d6, and its centre e5 stays.
		{"other block", "White Marble e5 f6; Black Marble a1; Black to move", "d1", "twist ne ccw", "White d6 e5; Black a1 d1"},
		// An empty block turned: only the placement changes the board.
		{"empty block", "White Marble e5; Black to move", "a1", "twist sw cw", "White e5; Black c1"},
	} {
		s := position(t, g, tt.spec)
		got := pentagoTurns(t, g, s, tt.rule)
		empty := 0
		for _, c := range s.Cells {
			if c.IsEmpty() {
				empty++
			}
		}
		// One turn of the rule per empty point; the twist is a bijection, so the board
		// after it tells the placement, and exactly one turn gives want.
		if len(got) != empty || slices.Index(got, tt.want) < 0 || len(got) != len(slices.Compact(slices.Sorted(slices.Values(got)))) {
			t.Errorf("%s: %s, %s on %s: want %q among %d distinct boards, got %v", tt.name, tt.spec, tt.rule, tt.place, tt.want, empty, got)
		}
	}
}

// pentagoResult is an outcome as the tests write it: the winner's name, "draw (REASON)"
// or "" for a game that goes on.
func pentagoResult(t *testing.T, g *eval.Game, s *engine.State, mover engine.Player) string {
	t.Helper()
	res, _, err := g.NewWorkspace().Outcome(s, mover, 1)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case !res.Over:
		return ""
	case res.Draw:
		return "draw (" + strings.SplitN(res.Reason, ":", 2)[0] + ")"
	case len(res.Winners) == 1:
		return g.Players[res.Winners[0]].Name
	}
	return fmt.Sprint(res)
}

// pentagoFull is a full board without five in a row: rows 6, 4, 2 are WWBBWW and rows
// 5, 3, 1 BBWWBB.
func pentagoFull() string {
	var w, b []string
	for r := 1; r <= 6; r++ {
		for c := 0; c < 6; c++ {
			p := fmt.Sprintf("%c%d", 'a'+c, r)
			if (c/2%2 == 0) == (r%2 == 0) {
				w = append(w, p)
			} else {
				b = append(b, p)
			}
		}
	}
	return "White Marble " + strings.Join(w, " ") + "; Black Marble " + strings.Join(b, " ")
}

func TestPentagoOutcome(t *testing.T) {
	g := loadGame(t, "pentago.zrf")
	white, black := g.PlayerIndex("White"), g.PlayerIndex("Black")
	for _, tt := range []struct {
		name, spec string
		mover      engine.Player
		want       string
	}{
		// Rule 3: five in a row across, up and along both diagonals, crossing blocks.
		{"across", "White Marble a1 b1 c1 d1 e1; Black Marble a2 b2 c2 d2; Black to move", white, "White"},
		{"up", "White Marble f2 f3 f4 f5 f6; Black Marble a2 b2 c2 d2; Black to move", white, "White"},
		{"diagonal", "Black Marble a2 b3 c4 d5 e6; White Marble a1 b1 c1 d1 f1; White to move", black, "Black"},
		{"antidiagonal", "Black Marble b5 c4 d3 e2 f1; White Marble a1 b1 c1 d1 a6; White to move", black, "Black"},
		// Four in a row, and five with a gap, do not win.
		{"four", "White Marble a1 b1 c1 d1; Black Marble a2 b2 c2 d2; Black to move", white, ""},
		{"gap", "White Marble a1 b1 c1 e1 f1; Black Marble a2 b2 c2 d2; Black to move", white, ""},
		// Five of the opponent's after the mover's twist: the opponent wins.
		{"opponent's five", "White Marble a1 b1 c1 d1 e1; Black Marble a2 b2 c2 d2 f6; White to move", black, "White"},
		// Rule 4: five for both at once is a draw, whoever moved.
		{"both", "White Marble a1 b1 c1 d1 e1; Black Marble a6 b6 c6 d6 e6; Black to move", white, "draw (both-five)"},
		{"both, other mover", "White Marble a1 b1 c1 d1 e1; Black Marble a6 b6 c6 d6 e6; White to move", black, "draw (both-five)"},
		// A full board without five is a draw; with a five, the five decides.
		{"full", pentagoFull() + "; White to move", black, "draw (full)"},
	} {
		if got := pentagoResult(t, g, position(t, g, tt.spec), tt.mover); got != tt.want {
			t.Errorf("%s: %s: got %q, want %q", tt.name, tt.spec, got, tt.want)
		}
	}
	// After the twist: Black c1 c2 c3 d1 e1 becomes a1 b1 c1 d1 e1 when the sw block
	// turns clockwise (c3 > c1 > a1, c2 > b1). White places f6 and turns sw: Black
	// wins. Turning sw anticlockwise gives Black no five. With White on b1 a4 a5 a6,
	// White places a1 and turns sw clockwise: a1 > a3 (where the turn records the
	// drop) and b1 > a2 make White's a2..a6 as Black's row is made: both at once, a
	// draw.
	// Rule 5, before the twist: with White on f2 f3 f4 f5, placing f6 makes five at
	// once. The turn is the placement alone (win-drop): White wins, and the twist
	// that would have made Black's five is not made.
	for _, tt := range []struct{ name, spec, lands, rule, want string }{
		{"twist makes black's five", "Black Marble c1 c2 c3 d1 e1; White Marble a6 b6 c5 e6; White to move", "f6", "twist sw cw", "Black"},
		{"other sense", "Black Marble c1 c2 c3 d1 e1; White Marble a6 b6 c5 e6; White to move", "f6", "twist sw ccw", ""},
		{"twist makes both fives", "Black Marble c1 c2 c3 d1 e1; White Marble b1 a4 a5 a6; White to move", "a3", "twist sw cw", "draw (both-five)"},
		{"placement makes five", "Black Marble c1 c2 c3 d1 e1; White Marble f2 f3 f4 f5; White to move", "f6", "win-drop", "White"},
	} {
		s := position(t, g, tt.spec)
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for i := range turns {
			tr := &turns[i]
			if g.Rules[tr.Parts[0].Rule].String() != tt.rule || pentagoDrop(g, tr) != tt.lands {
				continue
			}
			found++
			if got := pentagoResult(t, g, tr.After, white); got != tt.want {
				t.Errorf("%s: %s, %s with %s: got %q, want %q", tt.name, tt.spec, tt.lands, tt.rule, got, tt.want)
			}
		}
		if found != 1 {
			t.Errorf("%s: %d turns drop on %s with %s, want 1", tt.name, found, tt.lands, tt.rule)
		}
	}
	// The placements that make five (f6, and f1 for f1..f5) have no twisted turn and
	// are the only win-drops; every other empty point keeps its eight twists: 27 empty
	// points, 25 x 8 + 2 turns.
	s := position(t, g, "Black Marble c1 c2 c3 d1 e1; White Marble f2 f3 f4 f5; White to move")
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 25*8+2 {
		t.Errorf("placement makes five: %d turns, want %d", len(turns), 25*8+2)
	}
	var wins []string
	for i := range turns {
		if g.Rules[turns[i].Parts[0].Rule].String() == "win-drop" {
			wins = append(wins, boardList(g, turns[i].After))
		}
	}
	slices.Sort(wins)
	if want := []string{"White f1 f2 f3 f4 f5; Black c1 c2 c3 d1 e1", "White f2 f3 f4 f5 f6; Black c1 c2 c3 d1 e1"}; !slices.Equal(wins, want) {
		t.Errorf("win-drops: %v, want %v", wins, want)
	}
}

// pentagoDrop returns the point where turn tr's marble stands after the turn (a drop is
// recorded where its twist leaves it), or "" without a drop.
func pentagoDrop(g *eval.Game, tr *eval.Turn) string {
	for _, c := range tr.Parts[0].Changes {
		if c.Op == engine.OpDrop {
			return g.Board.Locs[c.To].Name
		}
	}
	return ""
}

func TestPentagoPerft(t *testing.T) {
	// Every turn is a placement on an empty point and one of 8 twists, and no goal
	// stops perft: 36 x 8 = 288, then 288 x 35 x 8 = 80640 (testdata/perft.txt has
	// 80640 x 34 x 8 = 21934080 at depth 3, under make test-long). The win on placement
	// (a placement that completes five is a turn without a twist) changes none of
	// these: a player has at most two marbles after three turns, and the first
	// placement that can complete five is White's fifth, at turn 9.
	expectPerft(t, loadGame(t, "pentago.zrf"), []int64{36 * 8, 36 * 8 * 35 * 8})
}

// refPentago is a Pentago written here in plain Go, apart from the engine: b[c][r] is 0
// for an empty point, 1 for White and 2 for Black, column c and row r from 0 (a1 is
// b[0][0]).
type refPentago [6][6]int8

// twist turns the block whose lower left point is (c0, r0) a quarter turn, clockwise
// as the board is drawn (row 6 at the top) when cw: the point (i, j) of the block goes to
// (j, 2-i), so the top left corner (0, 2) goes to the top right (2, 2). Anticlockwise
// is the inverse, (i, j) to (2-j, i).
func (b *refPentago) twist(c0, r0 int, cw bool) {
	var nb [3][3]int8
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if cw {
				nb[j][2-i] = b[c0+i][r0+j]
			} else {
				nb[2-j][i] = b[c0+i][r0+j]
			}
		}
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			b[c0+i][r0+j] = nb[i][j]
		}
	}
}

// five reports whether p has five in a row, walking from every point in four
// directions.
func (b *refPentago) five(p int8) bool {
	for c := 0; c < 6; c++ {
		for r := 0; r < 6; r++ {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				n := 0
				for k := 0; k < 5; k++ {
					x, y := c+k*d[0], r+k*d[1]
					if x < 0 || x >= 6 || y < 0 || y >= 6 || b[x][y] != p {
						break
					}
					n++
				}
				if n == 5 {
					return true
				}
			}
		}
	}
	return false
}

// fiveThrough reports whether a marble of p placed on the empty point (c, r) makes a
// row of five of p through it: along each of the four lines, the marbles of p on both
// sides of the point, plus the point, count five or more.
func (b *refPentago) fiveThrough(c, r int, p int8) bool {
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		for _, sgn := range []int{1, -1} {
			for k := 1; ; k++ {
				x, y := c+sgn*k*d[0], r+sgn*k*d[1]
				if x < 0 || x >= 6 || y < 0 || y >= 6 || b[x][y] != p {
					break
				}
				n++
			}
		}
		if n >= 5 {
			return true
		}
	}
	return false
}

// result is the outcome after a turn: 1 or 2 for a winner, 3 for a draw, 0 to go on.
func (b *refPentago) result() int {
	w, k := b.five(1), b.five(2)
	switch {
	case w && k:
		return 3
	case w:
		return 1
	case k:
		return 2
	}
	for c := 0; c < 6; c++ {
		for r := 0; r < 6; r++ {
			if b[c][r] == 0 {
				return 0
			}
		}
	}
	return 3
}

// successors lists the boards after every turn of p: each empty point, each of the four
// blocks, each sense; or, where the marble placed makes five for p, the placement alone
// (rule 5: the game is won before the twist).
func (b *refPentago) successors(p int8) []refPentago {
	var out []refPentago
	for c := 0; c < 6; c++ {
		for r := 0; r < 6; r++ {
			if b[c][r] != 0 {
				continue
			}
			if b.fiveThrough(c, r, p) {
				n := *b
				n[c][r] = p
				out = append(out, n)
				continue
			}
			for _, blk := range [4][2]int{{0, 0}, {3, 0}, {0, 3}, {3, 3}} {
				for _, cw := range []bool{true, false} {
					n := *b
					n[c][r] = p
					n.twist(blk[0], blk[1], cw)
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// refOf reads an engine state into a refPentago, by the positions' names.
func refOf(g *eval.Game, s *engine.State) refPentago {
	var b refPentago
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		n := g.Board.Locs[l].Name
		b[n[0]-'a'][n[1]-'1'] = int8(c.Player()) + 1
	}
	return b
}

func refLess(a, b refPentago) int {
	for c := 0; c < 6; c++ {
		for r := 0; r < 6; r++ {
			if a[c][r] != b[c][r] {
				return int(a[c][r]) - int(b[c][r])
			}
		}
	}
	return 0
}

// TestPentagoReference plays random games and compares, after every turn, the engine's
// turns (the boards after them, with repeats) and the outcome with refPentago's.
func TestPentagoReference(t *testing.T) {
	g := loadGame(t, "pentago.zrf")
	if g.PlayerIndex("White") != 0 || g.PlayerIndex("Black") != 1 {
		t.Fatal("players are not White, Black")
	}
	games := 200
	if testing.Short() {
		games = 20
	}
	rng := rand.New(rand.NewPCG(14, 5))
	ws := g.NewWorkspace()
	results := map[int]int{}
	positions := 0
	for n := 0; n < games; n++ {
		s := g.NewState()
		for ply := 0; ; ply++ {
			side, _ := g.Side(s)
			ref := refOf(g, s)
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			want := ref.successors(int8(side) + 1)
			got := make([]refPentago, len(turns))
			for i := range turns {
				got[i] = refOf(g, turns[i].After)
				if a := turns[i].After; a.Hash != g.FullHash(a) {
					t.Fatalf("game %d ply %d: incremental hash %x, full hash %x", n, ply, a.Hash, g.FullHash(a))
				}
			}
			slices.SortFunc(want, refLess)
			slices.SortFunc(got, refLess)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d (%s): %d turns, reference %d; the boards differ", n, ply, boardList(g, s), len(got), len(want))
			}
			positions++
			i := rng.IntN(len(turns))
			next := turns[i].After.Clone()
			res, _, err := ws.Outcome(next, side, 1)
			if err != nil {
				t.Fatal(err)
			}
			nextRef := refOf(g, next)
			wantRes := nextRef.result()
			gotRes := 0
			switch {
			case !res.Over:
			case res.Draw:
				gotRes = 3
			case len(res.Winners) == 1:
				gotRes = int(res.Winners[0]) + 1
			default:
				t.Fatalf("game %d ply %d: result %v", n, ply, res)
			}
			if gotRes != wantRes {
				t.Fatalf("game %d ply %d (%s): result %d (%v), reference %d", n, ply, boardList(g, next), gotRes, res, wantRes)
			}
			if gotRes != 0 {
				results[gotRes]++
				break
			}
			s = next
		}
	}
	t.Logf("%d games, %d positions compared; White won %d, Black %d, drawn %d", games, positions, results[1], results[2], results[3])
}
