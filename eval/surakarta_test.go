package eval_test

// Tests of games/surakarta.zrf, from the rules its header follows (the English
// Wikipedia article "Surakarta (game)"): steps, captures round the corner loops on
// crafted positions, and a comparison with a Surakarta written here in plain Go over
// random games. Columns a..f, rows 1..6 from the bottom.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// surakartaMoves lists the turns of s as "a1-a2" for a step and "a1xd4" for a capture,
// sorted.
func surakartaMoves(t *testing.T, g *eval.Game, ws *eval.Workspace, s *engine.State) []string {
	t.Helper()
	turns, err := ws.Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range turns {
		m := &turns[i].Parts[0]
		sep := "-"
		if m.Captures(s) > 0 {
			sep = "x"
		}
		out = append(out, g.Board.Locs[m.Source()].Name+sep+g.Board.Locs[m.Dest()].Name)
	}
	slices.Sort(out)
	return out
}

// captures keeps the captures of a move list.
func captures(moves []string) []string {
	var out []string
	for _, m := range moves {
		if strings.Contains(m, "x") {
			out = append(out, m)
		}
	}
	return out
}

func TestSurakartaPositions(t *testing.T) {
	g := loadGame(t, "surakarta.zrf")
	ws := g.NewWorkspace()
	for _, tt := range []struct {
		name, spec string
		want       []string // the captures, or the whole move list when all is set
		all        bool
	}{
		// Rule 3: c4 runs east along row 4 (outer circuit) over d4 e4 f4, round the
		// loop f4-d6, and takes d6 on column d. West: b4 a4, loop a4-c6, down column
		// c: c5 is empty, c4 is its own start (empty), c3 .. c1, loop c1-a3, east
		// along row 3 to f3, loop f3-d1, up column d to d6: taken again by the same
		// move. North and south: column c is outer too: c5, c6, loop c6-a4, east
		// along row 4: b4, c4 (start), d4 .. f4, loop f4-d6: d6. South: c3 .. c1,
		// loop, row 3 east, loop f3-d1, column d north to d6.
		{"one target", "White Piece c4; Black Piece d6; White to move",
			[]string{"c4xd6"}, false},
		// A piece met before any loop blocks: c4 east meets Black d4 first (no loop).
		// The other ways all reach d4 after a loop: west round a4-c6 and down
		// column c to c1, round c1-a3, east on row 3, round f3-d1, up column d to d4.
		{"no loop first", "White Piece c4; Black Piece d4; White to move",
			[]string{"c4xd4"}, false},
		// Inner circuit: b2 north along column b to b6, loop b6-a5, east along row
		// 5: e5 is Black. Own pieces block: with White a5 in the way, b2 cannot go
		// that way; east along row 2 it goes round f2-e1 and up column e to e5.
		{"inner", "White Piece b2; Black Piece e5; White to move",
			[]string{"b2xe5"}, false},
		{"blocked by own", "White Piece b2 a5 e1 c2; Black Piece e5; White to move",
			nil, false},
		// A piece on no circuit line (a corner) cannot capture; it steps only.
		{"corner", "White Piece a1; Black Piece a2 b1 b2; White to move",
			nil, true},
		// f2 steps to e1, e3, f1 and f3. It sits at the end of row 2: west along row 2
		// meets e2 (Black) with no
		// loop; east it goes at once round the loop to e1 and north: e2 taken.
		{"loop at once", "White Piece f2; Black Piece e2 a1; White to move",
			[]string{"f2-e1", "f2-e3", "f2-f1", "f2-f3", "f2xe2"}, true},
	} {
		got := surakartaMoves(t, g, ws, position(t, g, tt.spec))
		if !tt.all {
			got = captures(got)
		}
		want := slices.Clone(tt.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %s: got %v, want %v", tt.name, tt.spec, got, want)
		}
	}
}

// refSurakarta is a Surakarta written here in plain Go, apart from the engine: b[c][r]
// is 0 for an empty point, 1 for White and 2 for Black, column c and row r from 0.
type refSurakarta [6][6]int8

// refCircuits are the two circuits as their 24 points in order, each a column and row:
// the inner along row 2 east, column e north, row 5 west, column b south; the outer
// along row 3 east, column d north, row 4 west, column c south. A loop joins the last
// point of each line of six to the first of the next.
var refCircuits = func() [2][24][2]int {
	var cs [2][24][2]int
	for k, lo := range []int{1, 2} { // inner lines 1 and 4 from the edge, outer 2 and 3
		hi := 5 - lo
		i := 0
		add := func(c, r int) { cs[k][i] = [2]int{c, r}; i++ }
		for c := 0; c < 6; c++ {
			add(c, lo) // row lo east
		}
		for r := 0; r < 6; r++ {
			add(hi, r) // column hi north
		}
		for c := 5; c >= 0; c-- {
			add(c, hi) // row hi west
		}
		for r := 5; r >= 0; r-- {
			add(lo, r) // column lo south
		}
	}
	return cs
}()

// moves lists p's moves as "a1-a2" and "a1xd4", sorted, each once.
func (b *refSurakarta) moves(p int8) []string {
	name := func(c, r int) string { return fmt.Sprintf("%c%d", 'a'+c, r+1) }
	seen := map[string]bool{}
	for c := 0; c < 6; c++ {
		for r := 0; r < 6; r++ {
			if b[c][r] != p {
				continue
			}
			for dc := -1; dc <= 1; dc++ {
				for dr := -1; dr <= 1; dr++ {
					x, y := c+dc, r+dr
					if (dc != 0 || dr != 0) && x >= 0 && x < 6 && y >= 0 && y < 6 && b[x][y] == 0 {
						seen[name(c, r)+"-"+name(x, y)] = true
					}
				}
			}
			// Captures: from every place of (c, r) on a circuit, both ways round.
			for _, cir := range refCircuits {
				for i, pt := range cir {
					if pt != [2]int{c, r} {
						continue
					}
					for _, dir := range []int{1, -1} {
						loops := 0
						j := i
						for step := 0; step < 24; step++ {
							next := (j + dir + 24) % 24
							// The loop between two lines: from point 5 of a line to
							// point 0 of the next going forward, and back.
							if dir == 1 && j%6 == 5 || dir == -1 && j%6 == 0 {
								loops++
							}
							j = next
							q := cir[j]
							if q == [2]int{c, r} || b[q[0]][q[1]] == 0 {
								continue
							}
							if b[q[0]][q[1]] != p && loops > 0 {
								seen[name(c, r)+"x"+name(q[0], q[1])] = true
							}
							break
						}
					}
				}
			}
		}
	}
	var out []string
	for m := range seen {
		out = append(out, m)
	}
	slices.Sort(out)
	return out
}

// TestSurakartaReference plays random games and compares, in every position, the
// engine's moves with refSurakarta's, and the end of the game (a side without pieces
// loses).
func TestSurakartaReference(t *testing.T) {
	g := loadGame(t, "surakarta.zrf")
	if g.PlayerIndex("White") != 0 || g.PlayerIndex("Black") != 1 {
		t.Fatal("players are not White, Black")
	}
	games, maxPlies := 300, 400
	if testing.Short() {
		games = 30
	}
	rng := rand.New(rand.NewPCG(14, 6))
	ws := g.NewWorkspace()
	positions, caps, ended := 0, 0, 0
	for n := 0; n < games; n++ {
		s := g.NewState()
		for ply := 0; ply < maxPlies; ply++ {
			side, _ := g.Side(s)
			var ref refSurakarta
			for l, c := range s.Cells {
				if !c.IsEmpty() {
					nm := g.Board.Locs[l].Name
					ref[nm[0]-'a'][nm[1]-'1'] = int8(c.Player()) + 1
				}
			}
			got := surakartaMoves(t, g, ws, s)
			want := ref.moves(int8(side) + 1)
			if !slices.Equal(got, want) {
				t.Fatalf("game %d ply %d (%s to move, %s):\n got  %v\n want %v", n, ply, g.Players[side].Name, boardList(g, s), got, want)
			}
			positions++
			caps += len(captures(got))
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) == 0 {
				break
			}
			// Captures are chosen more often than steps, so that games reach their end.
			i := rng.IntN(len(turns))
			for k := range turns {
				if turns[k].Parts[0].Captures(s) > 0 && rng.IntN(2) == 0 {
					i = k
					break
				}
			}
			next := turns[i].After.Clone()
			res, _, err := ws.Outcome(next, side, 1)
			if err != nil {
				t.Fatal(err)
			}
			left := [2]int{}
			for _, c := range next.Cells {
				if !c.IsEmpty() {
					left[c.Player()]++
				}
			}
			wantOver := left[0] == 0 || left[1] == 0
			if res.Over != wantOver || res.Over && (len(res.Winners) != 1 || left[res.Winners[0]] == 0) {
				t.Fatalf("game %d ply %d: result %v with %d White and %d Black pieces left", n, ply, res, left[0], left[1])
			}
			if res.Over {
				ended++
				break
			}
			s = next
		}
	}
	t.Logf("%d games (%d ended by a capture of the last piece), %d positions compared, %d captures listed", games, ended, positions, caps)
}

// perft counts the move paths of depth d from b with p to move, by refSurakarta's moves.
func (b *refSurakarta) perft(p int8, d int) int64 {
	if d == 0 {
		return 1
	}
	var n int64
	for _, m := range b.moves(p) {
		nb := *b
		fc, fr, tc, tr := m[0]-'a', m[1]-'1', m[3]-'a', m[4]-'1'
		nb[tc][tr], nb[fc][fr] = p, 0
		n += nb.perft(3-p, d-1)
	}
	return n
}

func TestSurakartaPerft(t *testing.T) {
	// 16: the six pieces of each side's front row step forward (a2 and f2 two ways,
	// b2..e2 three); no capture, since every circuit meets a piece before its first
	// loop or an own piece after it. Black's 16 do not depend on White's step (256).
	// Deeper counts come from refSurakarta.
	g := loadGame(t, "surakarta.zrf")
	var start refSurakarta
	for c := 0; c < 6; c++ {
		start[c][0], start[c][1], start[c][4], start[c][5] = 1, 1, 2, 2
	}
	want := []int64{16, 256}
	for d := 3; d <= 4; d++ {
		want = append(want, start.perft(1, d))
	}
	expectPerft(t, g, want)
}
