package eval_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Taacoca (games/taacoca.zrf), Víkingur Fjalar Eiríksson's game of 2009, by its rules
// on iggamecenter.com: a hexagon of 61 cells, five a side, rows a-i from White's side,
// numbers 1-9 (a1-a5 ... e1-e9 ... i5-i9). A turn moves any three of the mover's
// stones (all of them when fewer are left) one cell forward, all the same way: White
// up-right (+1 row, +1 number) or up-left (+1 row), Black the opposite ways. A stone
// may not move onto a stone of its own side, unless that stone is one of the three and
// leaves (the file's decision); it captures an enemy stone it moves onto. A stone on
// the opponent's home row wins, and so does leaving the opponent no stone or no move.
// The generator below is written from those rules over a plain array, independently of
// the file.

// taBoard holds the cells by row*10+number (row 0 is a): 1 White, -1 Black, 0 empty.
type taBoard [100]int8

func taOn(r, n int) bool { return r >= 0 && r <= 8 && n >= 1 && n <= 9 && n-r <= 5 && r-n <= 3 }

// taDirs are the forward steps of a side as (rows, numbers).
func taDirs(me int8) [2][2]int {
	if me == 1 {
		return [2][2]int{{1, 1}, {1, 0}}
	}
	return [2][2]int{{-1, -1}, {-1, 0}}
}

func taStones(b *taBoard, me int8) []int {
	var s []int
	for i, v := range b {
		if v == me {
			s = append(s, i)
		}
	}
	return s
}

// taMoves returns the board after each legal move of me, one per set of stones and
// direction.
func taMoves(b *taBoard, me int8) []taBoard {
	stones := taStones(b, me)
	var groups [][]int
	switch n := len(stones); {
	case n == 0:
		return nil
	case n < 3:
		groups = [][]int{stones}
	default:
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				for k := j + 1; k < n; k++ {
					groups = append(groups, []int{stones[i], stones[j], stones[k]})
				}
			}
		}
	}
	var out []taBoard
	for _, grp := range groups {
	dirs:
		for _, d := range taDirs(me) {
			nb := *b
			for _, c := range grp {
				r, n := c/10+d[0], c%10+d[1]
				if !taOn(r, n) {
					continue dirs
				}
				if t := r*10 + n; b[t] == me && !slices.Contains(grp, t) {
					continue dirs
				}
				nb[c] = 0
			}
			for _, c := range grp {
				nb[c+d[0]*10+d[1]] = me
			}
			out = append(out, nb)
		}
	}
	return out
}

// taWins tells whether me, having just moved to b, has won: a stone on the opponent's
// home row, or the opponent left without stones or without a move.
func taWins(b *taBoard, me int8) bool {
	goal := 8
	if me == -1 {
		goal = 0
	}
	for n := 1; n <= 9; n++ {
		if taOn(goal, n) && b[goal*10+n] == me {
			return true
		}
	}
	return len(taMoves(b, -me)) == 0
}

func taPerft(b *taBoard, me int8, depth int) int64 {
	if depth == 0 {
		return 1
	}
	var n int64
	for _, nb := range taMoves(b, me) {
		n += taPerft(&nb, -me, depth-1)
	}
	return n
}

func taOf(g *eval.Game, s *engine.State) taBoard {
	var b taBoard
	white := g.PlayerIndex("White")
	for i, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		name := g.Board.Locs[i].Name
		v := int8(-1)
		if c.Player() == white {
			v = 1
		}
		b[int(name[0]-'a')*10+int(name[1]-'0')] = v
	}
	return b
}

func taSpec(b *taBoard, me int8) string {
	var w, k []string
	for i, v := range b {
		name := string(rune('a'+i/10)) + string(rune('0'+i%10))
		switch v {
		case 1:
			w = append(w, name)
		case -1:
			k = append(k, name)
		}
	}
	spec := "White Stone " + strings.Join(w, " ") + "; Black Stone " + strings.Join(k, " ")
	if len(w) == 0 {
		spec = "Black Stone " + strings.Join(k, " ")
	} else if len(k) == 0 {
		spec = "White Stone " + strings.Join(w, " ")
	}
	if me == 1 {
		return spec + "; White to move"
	}
	return spec + "; Black to move"
}

// TestTaacocaReference compares games/taacoca.zrf with the generator above: perft from
// the start against the generator's and against testdata/perft.txt, then, position by
// position, the boards that every legal turn leads to and whether it ends the game, in
// random games from the start and in random positions with few stones (where a player
// moves two stones or one).
func TestTaacocaReference(t *testing.T) {
	g := loadGame(t, "taacoca.zrf")
	start := taOf(g, g.NewState())
	if got := len(taStones(&start, 1)) + len(taStones(&start, -1)); got != 24 {
		t.Fatalf("start has %d stones, want 24", got)
	}

	// testdata/perft.txt's rows for the file hold the generator's counts.
	rows := 0
	for _, r := range readPerft(t) {
		if r.file != "games/taacoca.zrf" {
			continue
		}
		rows++
		if want := taPerft(&start, 1, r.depth); r.nodes != want {
			t.Errorf("perft.txt:%d: perft(%d) = %d, the reference generator counts %d", r.line, r.depth, r.nodes, want)
		}
	}
	if rows < 3 {
		t.Errorf("testdata/perft.txt has %d rows of games/taacoca.zrf, want depths 1-3", rows)
	}
	depth := 2
	if longTests {
		depth = 3
	}
	perftAgainst(t, g, depth, func(d int) int64 { return taPerft(&start, 1, d) })

	games, sparse := 12, 200
	if testing.Short() {
		games, sparse = 4, 60
	}
	if longTests {
		games, sparse = 200, 2000
	}
	white := g.PlayerIndex("White")
	ws, ow := g.NewWorkspace(), g.NewWorkspace()
	rng := rand.New(rand.NewPCG(20, 2009))
	var positions, turns, outcomes, ends, captures, small int

	// compare checks the turns of s against the generator's moves and, after each turn,
	// the outcome against taWins; it returns the turns.
	compare := func(where string, s *engine.State) []eval.Turn {
		t.Helper()
		_, mover := g.Side(s)
		me := int8(-1)
		if mover == white {
			me = 1
		}
		b := taOf(g, s)
		got, err := ws.Turns(s)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		count := map[taBoard]int{}
		for j := range got {
			count[taOf(g, got[j].After)]++
		}
		ref := taMoves(&b, me)
		for _, nb := range ref {
			count[nb]--
		}
		for nb, n := range count {
			if n != 0 {
				t.Fatalf("%s, %s: %d turns, reference %d; %s is reached by %d more zoggo turns than reference moves",
					where, taSpec(&b, me), len(got), len(ref), taSpec(&nb, -me), n)
			}
		}
		positions++
		turns += len(got)
		if n := len(taStones(&b, me)); n < 3 && n > 0 {
			small++
		}
		// The outcome of every turn that wins by the reference, and of two others, in a
		// workspace of its own (Outcome lists the next player's turns in it).
		others := 0
		for _, j := range rng.Perm(len(got)) {
			after := got[j].After
			nb := taOf(g, after)
			if len(taStones(&nb, -me)) < len(taStones(&b, -me)) {
				captures++
			}
			want := taWins(&nb, me)
			if !want {
				if others >= 2 {
					continue
				}
				others++
			}
			res, _, err := ow.Outcome(after, mover, 1)
			if err != nil {
				t.Fatalf("%s: outcome: %v", where, err)
			}
			won := res.Over && !res.Draw &&
				(slices.Equal(res.Winners, []engine.Player{mover}) || (len(res.Winners) == 0 && len(res.Losers) == 1 && res.Losers[0] != mover))
			if res.Over != want || (want && !won) {
				t.Fatalf("%s, %s: after %s the result is %v, the reference says the mover wins: %v",
					where, taSpec(&b, me), taSpec(&nb, -me), res, want)
			}
			outcomes++
			if want {
				ends++
			}
		}
		return got
	}

	for i := range games {
		s := g.NewState()
		for ply := 0; ply < 200; ply++ {
			got := compare("game "+strconv.Itoa(i)+" ply "+strconv.Itoa(ply), s)
			if len(got) == 0 {
				break
			}
			_, mover := g.Side(s)
			next := got[rng.IntN(len(got))].After.Clone()
			res, _, err := ow.Outcome(next, mover, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.Over {
				break
			}
			s = next
		}
	}

	// Random positions of one to five stones a side off the rows that would end the
	// game, either side to move.
	var cells []int
	for r := 1; r <= 7; r++ {
		for n := 1; n <= 9; n++ {
			if taOn(r, n) {
				cells = append(cells, r*10+n)
			}
		}
	}
	for i := range sparse {
		var b taBoard
		perm := rng.Perm(len(cells))
		nw, nb := 1+rng.IntN(5), 1+rng.IntN(5)
		for j := 0; j < nw+nb; j++ {
			v := int8(1)
			if j >= nw {
				v = -1
			}
			b[cells[perm[j]]] = v
		}
		me := int8(1 - 2*rng.IntN(2))
		compare("random position "+strconv.Itoa(i), position(t, g, taSpec(&b, me)))
	}

	t.Logf("%d positions compared (%d where the mover has one or two stones), %d turns (%d capturing), %d outcomes (%d ending the game)",
		positions, small, turns, captures, outcomes, ends)
	if min := games * 10; positions < min || small < sparse/4 || captures < positions || ends < games {
		t.Errorf("compared too little: %d positions (want %d), %d with one or two stones (want %d), %d captures (want %d), %d ends (want %d)",
			positions, min, small, sparse/4, captures, positions, ends, games)
	}
}

// TestTaacocaMoves checks the rules' edge cases on hand-written positions.
func TestTaacocaMoves(t *testing.T) {
	g := loadGame(t, "taacoca.zrf")
	// Three stones in a file along ne move together: each enters the cell the one in
	// front leaves. A stone of the mover that stays where one would land stops the
	// move: five of the eight sets and directions are moves.
	expectTurns(t, g, "White Stone a1 b2 c3 d3; Black Stone i9; White to move",
		"a1>b2 b2>c3 c3>d4", "a1>b1 b2>c2 d3>e3", "a1>b1 c3>d3 d3>e3",
		"b2>c3 c3>d4 d3>e4", "b2>c2 c3>d3 d3>e3")
	// Enemy stones on the target cells are captured.
	expectTurns(t, g, "White Stone c3 c4 c5; Black Stone d4 d5 i9; White to move",
		"c3>d4 c4>d5 c5>d6 x d4 d5", "c3>d3 c4>d4 c5>d5 x d4 d5")
	// Two stones left move together, and cannot when one has no cell in front.
	expectTurns(t, g, "White Stone a1 e9; Black Stone i9; White to move", "a1>b1 e9>f9")
	// One stone left moves alone, Black's down the board.
	expectTurns(t, g, "White Stone e5; Black Stone i9 h9 g9; White to move", "e5-f5", "e5-f6")
	expectTurns(t, g, "Black Stone e5; White Stone a1; Black to move", "e5-d4", "e5-d5")
}
