package eval_test

// Tests of games/gess.zrf against the rules of Gess as published by Paul Bolchover in
// Eureka 53 (1994) and retold by the English Wikipedia article "Gess" (see the file's
// header): 18x18 squares, files b..s and ranks 2..19 as in the published diagrams.
// Exact move sets in small positions, worked out by hand from the rules text; the end
// of the game without a ring; then a reference move generator written here in plain
// Go, independent of the rules file and the engine, compared with zoggo's turns along
// random games.

import (
	"math/rand/v2"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"

	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestGessPositions(t *testing.T) {
	g := loadGame(t, "gess.zrf")

	// A lone stone, no centre stone. It belongs to the nine footprints around it. As
	// the centre it shows no direction; as an outer square it shows the direction from
	// the centre to itself, and the piece moves one to three squares that way. So the
	// stone goes 1, 2 or 3 squares along each of the eight lines: 24 moves. (White's
	// stone on s2 is far from every footprint.)
	expectTurns(t, g, "Black Stone j10; White Stone s2; Black to move",
		"j10-j11", "j10-j12", "j10-j13", "j10-k11", "j10-l12", "j10-m13",
		"j10-k10", "j10-l10", "j10-m10", "j10-k9", "j10-l8", "j10-m7",
		"j10-j9", "j10-j8", "j10-j7", "j10-i9", "j10-h8", "j10-g7",
		"j10-i10", "j10-h10", "j10-g10", "j10-i11", "j10-h12", "j10-g13")

	// Two stones, j10 under j11. The footprints (by centre) that hold them:
	//   - j10: centre stone, j11 north of it: any distance north, 9 squares to the
	//     edge; at the last, j11 is carried over the edge and removed;
	//   - j11: centre stone, j10 south: 9 squares south, j10 leaving at the last;
	//   - j9 (only j10, north): one square north covers j11, which it removes: the
	//     move ends; j12 (only j11, south) likewise onto j10;
	//   - i9 (j10 at ne) and k9 (j10 at nw): one diagonal step covers j11, removed;
	//     i12 (j11 at se) and k12 (j11 at sw) likewise cover j10;
	//   - i10 (j10 e, j11 ne), k10 (w, nw), i11 (j11 e, j10 se), k11 (w, sw): both
	//     stones, no centre: 1 to 3 squares in each of their two directions. East
	//     from i10 and from i11 moves the same stones the same way and captures
	//     nothing: one move (so west): 6 directions, 18 moves.
	// 9+9+4+4+18 = 44 moves. (describe does not list a stone of the mover removed by
	// its own stone landing on it: "j10-j11" takes j11.)
	twoStones := []string{
		"j10>j11 j11>j12", "j10>j12 j11>j13", "j10>j13 j11>j14", "j10>j14 j11>j15",
		"j10>j15 j11>j16", "j10>j16 j11>j17", "j10>j17 j11>j18", "j10>j18 j11>j19",
		"j10-j19 x j11",
		"j10>j9 j11>j10", "j10>j8 j11>j9", "j10>j7 j11>j8", "j10>j6 j11>j7",
		"j10>j5 j11>j6", "j10>j4 j11>j5", "j10>j3 j11>j4", "j10>j2 j11>j3",
		"j11-j2 x j10",
		"j10-j11", "j11-j10",
		"j10-k11 x j11", "j10-i11 x j11", "j11-k10 x j10", "j11-i10 x j10",
	}
	for _, d := range [][2]int{{1, 0}, {1, 1}, {-1, 0}, {-1, 1}, {1, -1}, {-1, -1}} {
		for k := 1; k <= 3; k++ {
			twoStones = append(twoStones, gessShift(map[string][2]int{"j10": d, "j11": d}, k))
		}
	}
	expectTurns(t, g, "Black Stone j10 j11; White Stone s2; Black to move", twoStones...)

	// The same stones with a White stone on k12. A footprint holding it is no piece of
	// Black's: j11, j12, k11 and k12 are out. The others:
	//   - j10 north: the first step covers k12 (row 12 of the footprint), which is
	//     removed, and the move ends;
	//   - j9 north and i9, k9 diagonally onto j11, as before;
	//   - i10: east 1 to 3; north-east, the first step covers k12: removed, end;
	//   - k10: west 1 to 3; north-west, the first step covers k12 (its footprint
	//     i11..k13): removed, end;
	//   - i11: east, the first step covers k12: removed, end; south-east 1 to 3;
	//   - i12 (j11 alone, at se): south-east, the first step covers both k12 and j10,
	//     both removed.
	// 1+3+4+4+4+1 = 17 moves.
	enemy := []string{
		"j10>j11 j11>j12 x k12", "j10-j11", "j10-k11 x j11", "j10-i11 x j11",
		"j10>k11 j11>k12 x k12", "j10>i11 j11>i12 x k12", "j10>k10 j11>k11 x k12",
		"j11-k10 x j10 k12",
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {1, -1}} {
		for k := 1; k <= 3; k++ {
			enemy = append(enemy, gessShift(map[string][2]int{"j10": d, "j11": d}, k))
		}
	}
	expectTurns(t, g, "Black Stone j10 j11; White Stone k12; Black to move", enemy...)

	// Any distance with a centre stone, up to the first stone met: j10 with j11 north
	// of it goes north until its footprint covers White's j17, centred on j16, and
	// takes it; never beyond.
	gessMembers(t, g, "Black Stone j10 j11; White Stone j17; Black to move",
		[]string{"j10>j11 j11>j12", "j10>j15 j11>j16", "j10>j16 j11>j17 x j17"},
		[]string{"j10>j17 j11>j18", "j10>j16 j11>j17"})

	// Stones carried over the edge leave the board; the centre stays on it. c3 (centre)
	// with b3 west of it: one step west puts the centre on b3 and carries b3 over the
	// edge, and no further step is possible. The same board comes from c3 alone (the
	// footprint centred on d3) moving west onto b3 and removing it: one move. The
	// footprint centred on c4 (b3 sw, c3 s) going south-west carries b3 off and c3 to
	// b2; the footprint on d4 (c3 alone, sw) going south-west covers b3 and removes it
	// with the same result: one move again.
	gessMembers(t, g, "Black Stone c3 b3; White Stone s19; Black to move",
		[]string{"c3-b3", "c3-b2 x b3"}, nil)
	if got := turnList(t, g, position(t, g, "Black Stone c3 b3; White Stone s19; Black to move")); len(got) != len(slices.Compact(slices.Clone(got))) {
		t.Errorf("two stones at the edge: a move listed twice: %v", got)
	}
}

// gessMembers checks that the turns of spec include every move of yes and none of no.
func gessMembers(t *testing.T, g *eval.Game, spec string, yes, no []string) {
	t.Helper()
	got := turnList(t, g, position(t, g, spec))
	for _, m := range yes {
		if !slices.Contains(got, m) {
			t.Errorf("%s: no turn %q among %v", spec, m, got)
		}
	}
	for _, m := range no {
		if slices.Contains(got, m) {
			t.Errorf("%s: turn %q should not be legal", spec, m)
		}
	}
}

// TestGessRing: a player without a ring at the end of a turn loses; when a turn
// leaves both without one, the mover loses.
func TestGessRing(t *testing.T) {
	g := loadGame(t, "gess.zrf")
	black, white := g.PlayerIndex("Black"), g.PlayerIndex("White")
	const ring = "Black Stone d4 e4 f4 d5 f5 d6 e6 f6"
	// p10 (centre) and p11 go north three squares; the footprint then covers row 14,
	// the bottom of White's ring around p15, and removes o14 p14 q14: White has no
	// ring left and loses.
	spec := ring + " p10 p11; White Stone o14 p14 q14 o15 q15 o16 p16 q16; Black to move"
	if r := shiftOutcome(t, g, spec, "p10>p13 p11>p14"); !r.Over || len(r.Winners) != 1 || r.Winners[0] != black {
		t.Errorf("after White's ring is broken: %v, want Black to win", r)
	}
	if r := shiftOutcome(t, g, spec, "p10>p12 p11>p13"); r.Over {
		t.Errorf("after a quiet move: %v, want the game to go on", r)
	}
	// Black breaks his own ring: d6 e6 f6 step south onto d5 f5. White wins.
	if r := shiftOutcome(t, g, spec, "d6>d5 e6>e5 f6>f5"); !r.Over || len(r.Winners) != 1 || r.Winners[0] != white {
		t.Errorf("after Black's own ring is broken: %v, want White to win", r)
	}
	// Both rings at once: g8 (centre) and g7 step south, and the footprint covers f6
	// (Black's ring around e5) and h6 (White's around i5). The mover loses.
	spec = ring + " g8 g7; White Stone h4 i4 j4 h5 j5 h6 i6 j6; Black to move"
	if r := shiftOutcome(t, g, spec, "g7>g6 g8>g7"); !r.Over || len(r.Winners) != 1 || r.Winners[0] != white {
		t.Errorf("after both rings are broken: %v, want White (not the mover) to win", r)
	}
}

// gessShift describes the group move of the stones at the given squares, each moved k
// times by its step (all the steps are the same), as describe writes it.
func gessShift(stones map[string][2]int, k int) string {
	var out []string
	for sq, d := range stones {
		f, r := square(sq)
		out = append(out, sq+">"+string(rune('a'+f+k*d[0]))+strconv.Itoa(r+k*d[1]))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// The reference: an 18x18 board, square (x, y) for file b+x and rank 2+y; 0 empty,
// 1 Black, 2 White.
const gessN = 18

type gessBoard [gessN * gessN]int8

func gessOn(x, y int) bool { return x >= 0 && x < gessN && y >= 0 && y < gessN }

// gessMove is a move of the reference: its key (the stones that move, where to, and the
// squares whose stone is removed without a stone of the piece arriving there, sorted)
// and the board after it.
type gessMove struct {
	key   string
	board gessBoard
}

// gessMoves returns the legal moves of side me, each effect once: moves of two pieces
// that move the same stones the same way and remove the same stones are one move. It
// follows the rules text directly: every footprint centred on the board with a stone of
// me and none of the other side is a piece; it moves in each direction shown by an outer
// stone, up to 3 squares or (centre stone) any distance while the centre stays on the
// board; at each distance, the stones that lie under the moved footprint and were not
// in the piece are removed and the move ends there. Stones carried off the board are
// lost.
func gessMoves(b *gessBoard, me int8) []gessMove {
	seen := map[string]bool{}
	var out []gessMove
	for cy := range gessN {
		for cx := range gessN {
			var piece []int // the stones of the footprint
			ok := true
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := cx+dx, cy+dy
					if !gessOn(x, y) || b[y*gessN+x] == 0 {
						continue
					}
					if b[y*gessN+x] != me {
						ok = false
					}
					piece = append(piece, y*gessN+x)
				}
			}
			if !ok || len(piece) == 0 {
				continue
			}
			inFoot := func(x, y int) bool { return x >= cx-1 && x <= cx+1 && y >= cy-1 && y <= cy+1 }
			limit := 3
			if b[cy*gessN+cx] == me {
				limit = gessN
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if dx == 0 && dy == 0 || !gessOn(cx+dx, cy+dy) || b[(cy+dy)*gessN+cx+dx] != me {
						continue
					}
					for k := 1; k <= limit && gessOn(cx+k*dx, cy+k*dy); k++ {
						nx, ny := cx+k*dx, cy+k*dy
						nb := *b
						var removed, moves []string
						entered := map[int]bool{}
						for _, p := range piece {
							nb[p] = 0
						}
						for _, p := range piece {
							if x, y := p%gessN+k*dx, p/gessN+k*dy; gessOn(x, y) {
								nb[y*gessN+x] = me
								entered[y*gessN+x] = true
								moves = append(moves, gessName(p)+">"+gessName(y*gessN+x))
							}
						}
						for _, p := range piece {
							if x, y := p%gessN+k*dx, p/gessN+k*dy; !gessOn(x, y) && !entered[p] {
								removed = append(removed, gessName(p))
							}
						}
						// Other stones under the footprint's new place.
						hit := false
						for y := ny - 1; y <= ny+1; y++ {
							for x := nx - 1; x <= nx+1; x++ {
								if gessOn(x, y) && !inFoot(x, y) && b[y*gessN+x] != 0 {
									hit = true
									if !entered[y*gessN+x] {
										nb[y*gessN+x] = 0
										removed = append(removed, gessName(y*gessN+x))
									}
								}
							}
						}
						slices.Sort(moves)
						slices.Sort(removed)
						key := strings.Join(moves, " ") + " x " + strings.Join(removed, " ")
						if !seen[key] {
							seen[key] = true
							out = append(out, gessMove{key, nb})
						}
						if hit {
							break
						}
					}
				}
			}
		}
	}
	return out
}

func gessName(i int) string { return string(rune('b'+i%gessN)) + strconv.Itoa(i/gessN+2) }

// gessKey is the reference's key of a zoggo turn.
func gessKey(g *eval.Game, t *eval.Turn) string {
	var removed, moves []string
	for _, c := range t.Parts[0].Changes {
		switch c.Op {
		case engine.OpMove:
			moves = append(moves, g.Board.Locs[c.From].Name+">"+g.Board.Locs[c.To].Name)
		case engine.OpCapture:
			removed = append(removed, g.Board.Locs[c.To].Name)
		}
	}
	slices.Sort(moves)
	slices.Sort(removed)
	return strings.Join(moves, " ") + " x " + strings.Join(removed, " ")
}

// gessRings counts the rings of side me.
func gessRings(b *gessBoard, me int8) int {
	n := 0
	for cy := 1; cy < gessN-1; cy++ {
		for cx := 1; cx < gessN-1; cx++ {
			if b[cy*gessN+cx] != 0 {
				continue
			}
			full := true
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if (dx != 0 || dy != 0) && b[(cy+dy)*gessN+cx+dx] != me {
						full = false
					}
				}
			}
			if full {
				n++
			}
		}
	}
	return n
}

// gessWinner returns the winner after a move of side me (0 for none): the mover loses
// without a ring, else the other side without one.
func gessWinner(b *gessBoard, me int8) int8 {
	switch {
	case gessRings(b, me) == 0:
		return 3 - me
	case gessRings(b, 3-me) == 0:
		return me
	}
	return 0
}

func gessPerft(b *gessBoard, me int8, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, m := range gessMoves(b, me) {
		n += gessPerft(&m.board, 3-me, depth-1)
	}
	return n
}

// gessOf converts an engine state to the reference board, by the squares' names.
func gessOf(g *eval.Game, s *engine.State) gessBoard {
	var b gessBoard
	black := g.PlayerIndex("Black")
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		f, r := square(g.Board.Locs[l].Name)
		i := (r-2)*gessN + f - 1
		b[i] = 2
		if c.Player() == black {
			b[i] = 1
		}
	}
	return b
}

func gessString(b *gessBoard) string {
	var sb strings.Builder
	for y := gessN - 1; y >= 0; y-- {
		for x := range gessN {
			sb.WriteByte(".xo"[b[y*gessN+x]])
		}
		sb.WriteByte('/')
	}
	return sb.String()
}

// TestGessReference compares zoggo's legal turns with the reference generator at every
// position of random games (each board once, none missing, none extra), and the result
// of the goals after every turn. The games mostly avoid breaking the mover's own rings
// and often take enemy stones, so that they last and reach broken enemy rings.
func TestGessReference(t *testing.T) {
	g := loadGame(t, "gess.zrf")
	start := gessOf(g, g.NewState())
	depth := 2
	if longTests {
		depth = 3 // 63720612: minutes for each of the two
	}
	perftAgainst(t, g, depth, func(d int) int64 { return int64(gessPerft(&start, 1, d)) })

	games, plies := 30, 200
	if testing.Short() {
		games = 6
	}
	black := g.PlayerIndex("Black")
	rng := rand.New(rand.NewPCG(14, 1994))
	ws := g.NewWorkspace()
	var positions, captures, ended int
	for i := range games {
		s := g.NewState()
		for ply := range plies {
			_, mover := g.Side(s)
			me := int8(2)
			if mover == black {
				me = 1
			}
			b := gessOf(g, s)
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", i, ply, err)
			}
			// The turns by key: no turn missing, none extra, none twice, each leading
			// to the reference's board.
			ref := gessMoves(&b, me)
			want := map[string]gessBoard{}
			for _, m := range ref {
				want[m.key] = m.board
			}
			got := map[string]bool{}
			for j := range turns {
				key := gessKey(g, &turns[j])
				nb, ok := want[key]
				switch {
				case got[key]:
					t.Fatalf("game %d ply %d, %s: turn %s twice", i, ply, gessString(&b), key)
				case !ok:
					t.Fatalf("game %d ply %d, %s: turn %s is not a reference move", i, ply, gessString(&b), key)
				case gessOf(g, turns[j].After) != nb:
					t.Fatalf("game %d ply %d, %s: turn %s leads to %s, reference %s", i, ply, gessString(&b), key, gessString(new(gessOf(g, turns[j].After))), gessString(&nb))
				}
				got[key] = true
			}
			for _, m := range ref {
				if !got[m.key] {
					t.Fatalf("game %d ply %d, %s: reference move %s is not a turn", i, ply, gessString(&b), m.key)
				}
			}
			positions++
			if len(turns) == 0 {
				break
			}
			// Choose: nine times in ten among the turns that keep a ring of the mover,
			// half of those times among the ones that take enemy stones.
			k := rng.IntN(len(turns))
			if rng.IntN(10) != 0 {
				var safe, takes []int
				for j := range turns {
					a := gessOf(g, turns[j].After)
					if gessRings(&a, me) == 0 {
						continue
					}
					safe = append(safe, j)
					if gessSide(&a, 3-me) < gessSide(&b, 3-me) {
						takes = append(takes, j)
					}
				}
				if len(takes) > 0 && rng.IntN(2) == 0 {
					safe = takes
				}
				if len(safe) > 0 {
					k = safe[rng.IntN(len(safe))]
				}
			}
			after := turns[k].After.Clone() // the workspace reuses its states
			a := gessOf(g, after)
			if gessStones(&a) < gessStones(&b) {
				captures++
			}
			r, _, err := ws.Outcome(after, mover, 1)
			if err != nil {
				t.Fatal(err)
			}
			w := gessWinner(&a, me)
			switch {
			case w == 0 && r.Over:
				t.Fatalf("game %d ply %d: %v after %s, reference: goes on", i, ply, r, gessString(&a))
			case w != 0 && (!r.Over || len(r.Winners) != 1 || (r.Winners[0] == black) != (w == 1)):
				t.Fatalf("game %d ply %d: %v after %s, reference: side %d wins", i, ply, r, gessString(&a), w)
			}
			if r.Over {
				ended++
				break
			}
			s = after
		}
	}
	t.Logf("%d games, %d positions compared, %d captures, %d games ended", games, positions, captures, ended)
}

// gessSide counts the stones of side me.
func gessSide(b *gessBoard, me int8) int {
	n := 0
	for _, p := range b {
		if p == me {
			n++
		}
	}
	return n
}

func gessStones(b *gessBoard) int {
	n := 0
	for _, p := range b {
		if p != 0 {
			n++
		}
	}
	return n
}
