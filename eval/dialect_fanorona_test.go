package eval_test

// Tests of games/fanorona.zrf, from the rules its header follows (the English Wikipedia
// article "Fanorona", section "Rules"): capture by approach and by withdrawal of a whole
// line, the choice when one step can do both, chains that never move twice in a row in
// the same direction and never come back to a point, stopping at will, compulsory
// capture, and the diagonals only at the strong points. The crafted positions' expected
// sets were worked out by hand from that text. fanRef below is an independent generator
// in plain Go, written from the same text and not from the engine; random games and
// perft compare the two.
//
// Points are a..i (columns) and 1..5 (rows, White's side first); a point is strong (has
// diagonals) when its column and row, counted from a1 = 0,0, add up to an even number.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

func TestFanoronaPositions(t *testing.T) {
	g := loadGame(t, "fanorona.zrf")
	for _, tt := range []struct {
		name, spec string
		want       []string
	}{
		// Approach: c3 steps east to d3 next to e3; e3 and f3 go, the line ends at the
		// empty g3, so h3 stays. Nothing follows: d3 is weak (no diagonals), d4 and d2
		// capture nothing, east again is the same direction, and c3 was visited.
		{"approach", "White Stone c3; Black Stone e3 f3 h3; White to move",
			[]string{"c3-d3 x e3 f3"}},
		// Withdrawal: e3 steps east, away from d3; d3 and c3 behind it go.
		{"withdrawal", "White Stone e3; Black Stone d3 c3; White to move",
			[]string{"e3-f3 x c3 d3"}},
		// The line stops at the mover's own piece (g3): h3 stays.
		{"line ends at own piece", "White Stone b3 g3; Black Stone d3 e3 f3 h3; White to move",
			[]string{"b3-c3 x d3 e3 f3"}},
		// The line runs to the edge of the board.
		{"line ends at the edge", "White Stone f3; Black Stone h3 i3; White to move",
			[]string{"f3-g3 x h3 i3"}},
		// One step could capture both ways: the player chooses one line, and the
		// other stays. From f3 nothing follows (f3 is weak; east again is the
		// same direction; e3 was visited).
		{"choice", "White Stone e3; Black Stone c3 d3 g3 h3; White to move",
			[]string{"e3-f3 x c3 d3", "e3-f3 x g3 h3"}},
		// The chain: after e3-f3 takes g3, f3-f4 takes f5 by approach; the player
		// may stop after the first capture. Nothing follows f4 (g5 and e5 are empty,
		// south would return to f3).
		{"chain and stop", "White Stone e3; Black Stone g3 f5; White to move",
			[]string{"e3-f3 x g3", "e3-f3-f4 x f5 g3"}},
		// Not twice in a row in the same direction: c3-d3 takes b3 by withdrawal
		// (moving east); d3-e3 would take f3 by approach, again moving east.
		{"same direction", "White Stone c3; Black Stone b3 f3; White to move",
			[]string{"c3-d3 x b3"}},
		// The same first capture, then a turn north is allowed.
		{"new direction", "White Stone c3; Black Stone b3 d5; White to move",
			[]string{"c3-d3 x b3", "c3-d3-d4 x b3 d5"}},
		// Never back to a point of this turn: after c3-d3 (either capture), d3-c3
		// would take the other line, but c3 is where the piece started.
		{"no return to the start", "White Stone c3; Black Stone b3 e3; White to move",
			[]string{"c3-d3 x b3", "c3-d3 x e3"}},
		// Capture is compulsory: a1's steps are not allowed while e3 can capture.
		{"compulsory", "White Stone a1 e3; Black Stone g3; White to move",
			[]string{"e3-f3 x g3"}},
		// With no capture anywhere, any step along a line (paika); a1 is strong.
		{"paika", "White Stone a1; Black Stone i5; White to move",
			[]string{"a1-a2", "a1-b1", "a1-b2"}},
		// A weak point has no diagonal line.
		{"weak point", "White Stone b1; Black Stone i5; White to move",
			[]string{"b1-a1", "b1-b2", "b1-c1"}},
		// Diagonal captures run only along the lines of the strong points: c3 takes
		// e5 by approach along the diagonal; from d3 (weak) no diagonal capture of
		// f5 exists, so d3 has only paika steps.
		{"diagonal", "White Stone c3; Black Stone e5; White to move",
			[]string{"c3-d4 x e5"}},
		{"no diagonal at a weak point", "White Stone d3; Black Stone f5; White to move",
			[]string{"d3-c3", "d3-d2", "d3-d4", "d3-e3"}},
		// Black captures the same way: e3 is empty, d4 steps to it and takes f2 g1
		// by approach along the diagonal.
		{"black", "Black Stone d4; White Stone f2 g1; Black to move",
			[]string{"d4-e3 x f2 g1"}},
	} {
		got := turnList(t, g, position(t, g, tt.spec))
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %s:\n got  %v\n want %v", tt.name, tt.spec, got, want)
		}
	}
}

// TestFanoronaNoRevisit checks the rule against coming back to an intermediate point of
// the chain: e2-e3 takes e4, e3-f3 takes g3, f3-f4 takes f5, and f4-e3 would take d2
// by approach, but e3 was visited.
func TestFanoronaNoRevisit(t *testing.T) {
	g := loadGame(t, "fanorona.zrf")
	got := turnList(t, g, position(t, g, "White Stone e2; Black Stone e4 g3 f5 d2 a5; White to move"))
	if !slices.Contains(got, "e2-e3-f3-f4 x e4 f5 g3") {
		t.Errorf("the chain e2-e3-f3-f4 is missing: %v", got)
	}
	for _, d := range got {
		if strings.HasPrefix(d, "e2-e3-f3-f4-e3") {
			t.Errorf("%s comes back to e3", d)
		}
	}
	// The reference agrees on the whole set.
	compareFanorona(t, g, position(t, g, "White Stone e2; Black Stone e4 g3 f5 d2 a5; White to move"))
}

// fanBoard is the reference's board: 0 empty, 1 White, 2 Black, at x + 9*y (x the
// column a..i, y the row 1..5).
type fanBoard [45]int8

// fanDirs are the eight directions; the diagonals (odd indices) exist only at strong
// points.
var fanDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// fanStep returns the point one step from p in direction d, or -1.
func fanStep(p, d int) int {
	x, y := p%9+fanDirs[d][0], p/9+fanDirs[d][1]
	if x < 0 || x >= 9 || y < 0 || y >= 5 {
		return -1
	}
	return x + 9*y
}

// fanLine reports whether a line of the board leads from p in direction d.
func fanLine(p, d int) bool {
	return fanStep(p, d) >= 0 && (d%2 == 0 || (p%9+p/9)%2 == 0)
}

// fanTurn is a complete turn of the reference: the point the piece started from and the
// board after it.
type fanTurn struct {
	src   int
	after fanBoard
}

// fanRef lists the legal turns of side me (1 or 2) on b: every capturing chain, stopped
// after any of its captures, or, when there is none, every paika step. Turns that start
// from the same point and end with the same board are one turn.
func fanRef(b fanBoard, me int8) []fanTurn {
	var out []fanTurn
	seen := map[fanTurn]bool{}
	add := func(t fanTurn) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	enemy := 3 - me
	// take removes the unbroken line of enemy pieces from p on, in direction d.
	take := func(nb *fanBoard, p, d int) {
		for ; p >= 0 && nb[p] == enemy; p = fanStep(p, d) {
			nb[p] = 0
		}
	}
	var chain func(src int, cur fanBoard, p, last int, visited uint64)
	chain = func(src int, cur fanBoard, p, last int, visited uint64) {
		for d := range 8 {
			if d == last || !fanLine(p, d) {
				continue
			}
			to := fanStep(p, d)
			if cur[to] != 0 || visited&(1<<to) != 0 {
				continue
			}
			back := (d + 4) % 8
			for _, kind := range []int{0, 1} {
				var first, dir int
				if kind == 0 { // approach
					first, dir = fanStep(to, d), d
				} else { // withdrawal
					first, dir = fanStep(p, back), back
				}
				if first < 0 || cur[first] != enemy {
					continue
				}
				nb := cur
				nb[p], nb[to] = 0, me
				take(&nb, first, dir)
				add(fanTurn{src, nb})
				chain(src, nb, to, d, visited|1<<p)
			}
		}
	}
	for p := range 45 {
		if b[p] == me {
			chain(p, b, p, -1, 0)
		}
	}
	if len(out) > 0 {
		return out
	}
	for p := range 45 {
		if b[p] != me {
			continue
		}
		for d := range 8 {
			if fanLine(p, d) && b[fanStep(p, d)] == 0 {
				nb := b
				nb[p], nb[fanStep(p, d)] = 0, me
				add(fanTurn{p, nb})
			}
		}
	}
	return out
}

// fanRefPerft counts the leaves of the reference's move tree to depth n.
func fanRefPerft(b fanBoard, me int8, n int) int64 {
	if n == 0 {
		return 1
	}
	var total int64
	for _, t := range fanRef(b, me) {
		total += fanRefPerft(t.after, 3-me, n-1)
	}
	return total
}

func fanName(p int) string { return fmt.Sprintf("%c%d", 'a'+p%9, p/9+1) }

// fanFromState reads a zoggo state as the reference's board, with the side to move.
func fanFromState(t testing.TB, g *eval.Game, s *engine.State) (fanBoard, int8) {
	t.Helper()
	var b fanBoard
	white := g.PlayerIndex("White")
	for p := range 45 {
		l := g.Board.LocIndex(fanName(p))
		if l == engine.NoLoc {
			t.Fatalf("no point %s", fanName(p))
		}
		if c := s.Cells[l]; !c.IsEmpty() {
			b[p] = 2
			if c.Player() == white {
				b[p] = 1
			}
		}
	}
	_, mover := g.Side(s)
	if mover == white {
		return b, 1
	}
	return b, 2
}

func (b fanBoard) String() string {
	var sb strings.Builder
	for y := 4; y >= 0; y-- {
		for x := range 9 {
			sb.WriteByte(".WB"[b[x+9*y]])
		}
		if y > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}

// compareFanorona checks that zoggo's turns of s are the reference's: the same starting
// points and boards after, each once. It returns zoggo's turns.
func compareFanorona(t testing.TB, g *eval.Game, s *engine.State) []eval.Turn {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	b, me := fanFromState(t, g, s)
	key := func(src int, after fanBoard) string { return fanName(src) + " " + after.String() }
	var got, want []string
	for i := range turns {
		src := turns[i].Parts[0].Source()
		if src == engine.NoLoc {
			t.Fatalf("%s: turn %s has no source", b, describe(g, s, &turns[i]))
		}
		a, _ := fanFromState(t, g, turns[i].After)
		p := -1
		for q := range 45 {
			if g.Board.LocIndex(fanName(q)) == src {
				p = q
			}
		}
		got = append(got, key(p, a))
	}
	for _, r := range fanRef(b, me) {
		want = append(want, key(r.src, r.after))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		var desc []string
		for i := range turns {
			desc = append(desc, describe(g, s, &turns[i]))
		}
		t.Fatalf("position %s, %d to move:\n zoggo     %v\n reference %v\n zoggo's turns %v", b, me, got, want, desc)
	}
	return turns
}

// TestFanoronaReference plays random games and compares zoggo's turns with the
// reference's in every position reached.
func TestFanoronaReference(t *testing.T) {
	g := loadGame(t, "fanorona.zrf")
	games, maxPlies := 300, 200
	if testing.Short() {
		games = 30
	}
	r := rand.New(rand.NewPCG(14, 2026))
	positions, turnsSeen, longest, decided := 0, 0, 0, 0
	for range games {
		s := g.NewState()
		for range maxPlies {
			turns := compareFanorona(t, g, s)
			positions++
			turnsSeen += len(turns)
			if len(turns) == 0 {
				decided++
				break
			}
			for i := range turns {
				longest = max(longest, len(turns[i].Parts))
			}
			s = turns[r.IntN(len(turns))].After.Clone()
		}
	}
	t.Logf("%d games, %d positions, %d turns compared; longest chain %d parts; %d games ended with a side unable to move",
		games, positions, turnsSeen, longest, decided)
}

// TestFanoronaPerft compares perft from the start with the reference's.
func TestFanoronaPerft(t *testing.T) {
	g := loadGame(t, "fanorona.zrf")
	b, me := fanFromState(t, g, g.NewState())
	perftAgainst(t, g, 4, func(d int) int64 { return fanRefPerft(b, me, d) })
}

// TestFanoronaWin checks the goal: capturing the last enemy pieces wins, and a side that
// still has a piece plays on.
func TestFanoronaWin(t *testing.T) {
	g := loadGame(t, "fanorona.zrf")
	white := g.PlayerIndex("White")
	for _, tt := range []struct {
		spec, want string // want: the winner, or "" while the game goes on
	}{
		{"White Stone c3; Black Stone e3 f3; White to move", "White"},
		{"White Stone c3; Black Stone e3 h3; White to move", ""},
	} {
		s := position(t, g, tt.spec)
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(turns) != 1 {
			t.Fatalf("%s: %d turns, want the capture c3-d3 alone", tt.spec, len(turns))
		}
		res, _, err := g.NewWorkspace().Outcome(turns[0].After, white, 1)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if res.Over && len(res.Winners) == 1 {
			got = g.Players[res.Winners[0]].Name
		} else if res.Over {
			got = fmt.Sprint(res)
		}
		if got != tt.want {
			t.Errorf("%s, after c3-d3: got %q (%v), want %q", tt.spec, got, res, tt.want)
		}
	}
}
