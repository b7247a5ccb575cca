package eval_test

// Tests of games/epaminondas.zrf against Robert Abbott's rules of 1975, as retold in
// Kerry Handscomb's article in Abstract Games issue 3 and the rules texts reproduced
// from them (see the file's header). Files a..n, ranks 1..12; White's home row is rank
// 1, Black's rank 12. Exact move sets in small positions, worked out by hand from the
// rules text; then a reference move generator written here in plain Go, independent of
// the rules file and the engine, compared with zoggo's turns along random games.

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

func TestEpaminondasPositions(t *testing.T) {
	g := loadGame(t, "epaminondas.zrf")

	// A lone piece steps to any of its eight neighbours; it never captures, so the
	// enemy piece on f6 is not a move.
	expectTurns(t, g, "White Stone e5; Black Stone f6; White to move",
		"e5-d4", "e5-e4", "e5-f4", "e5-d5", "e5-f5", "e5-d6", "e5-e6")

	// Capture by a longer phalanx, none by an equal one. White e3 e4 e5 (a file),
	// Black e7 e8.
	//   - Singles: e3 to d2 e2 f2 d3 f3 d4 f4; e4 to d3 f3 d4 f4 d5 f5; e5 to d4 f4 d5
	//     f5 d6 e6 f6.
	//   - e3e4 north is blocked by e5 (own); south (rear e4) 1 or 2 squares: e2, e1.
	//   - e4e5 north: 1 square to e6; at 2 squares e7 starts a Black line of 2, not
	//     shorter than 2: no capture. South (rear e5) meets e3: none.
	//   - e3e4e5 north: 1 square, or 2 onto e7, whose Black line e7 e8 (2) is shorter
	//     than 3: both are captured and the leading piece stops on e7. South (rear e5):
	//     1 or 2 squares, then the edge.
	expectTurns(t, g, "White Stone e3 e4 e5; Black Stone e7 e8; White to move",
		"e3-d2", "e3-e2", "e3-f2", "e3-d3", "e3-f3", "e3-d4", "e3-f4",
		"e4-d3", "e4-f3", "e4-d4", "e4-f4", "e4-d5", "e4-f5",
		"e5-d4", "e5-f4", "e5-d5", "e5-f5", "e5-d6", "e5-e6", "e5-f6",
		"e3>e2 e4>e3", "e3>e1 e4>e2",
		"e4>e5 e5>e6",
		"e3>e4 e4>e5 e5>e6", "e3>e5 e4>e6 e5>e7 x e7 e8",
		"e3>e2 e4>e3 e5>e4", "e3>e1 e4>e2 e5>e3")

	// Partial phalanx moves. White c3 d3 e3 f3 (a rank of four). Any unbroken part of
	// the line may move along it, as far as it has pieces, onto empty squares:
	//   - east, the parts that end on f3: c3..f3 1-4 squares, d3..f3 1-3, e3 f3 1-2;
	//   - west, the parts that end on c3: c3..f3, c3..e3 and c3 d3, each 1 or 2
	//     squares before the edge;
	//   - singles: c3 to b2 c2 d2 b3 b4 c4 d4; d3 to c2 d2 e2 c4 d4 e4; e3 to d2 e2 f2
	//     d4 e4 f4; f3 to e2 f2 g2 g3 e4 f4 g4.
	// Black's piece on n12 is far away.
	expectTurns(t, g, "White Stone c3 d3 e3 f3; Black Stone n12; White to move",
		"c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-b4", "c3-c4", "c3-d4",
		"d3-c2", "d3-d2", "d3-e2", "d3-c4", "d3-d4", "d3-e4",
		"e3-d2", "e3-e2", "e3-f2", "e3-d4", "e3-e4", "e3-f4",
		"f3-e2", "f3-f2", "f3-g2", "f3-g3", "f3-e4", "f3-f4", "f3-g4",
		"c3>d3 d3>e3 e3>f3 f3>g3", "c3>e3 d3>f3 e3>g3 f3>h3",
		"c3>f3 d3>g3 e3>h3 f3>i3", "c3>g3 d3>h3 e3>i3 f3>j3",
		"d3>e3 e3>f3 f3>g3", "d3>f3 e3>g3 f3>h3", "d3>g3 e3>h3 f3>i3",
		"e3>f3 f3>g3", "e3>g3 f3>h3",
		"c3>b3 d3>c3 e3>d3 f3>e3", "c3>a3 d3>b3 e3>c3 f3>d3",
		"c3>b3 d3>c3 e3>d3", "c3>a3 d3>b3 e3>c3",
		"c3>b3 d3>c3", "c3>a3 d3>b3")

	// Capture at the end of the range, and a single piece next to an enemy. White b2
	// b3, Black b5 and c4. b2b3 north: b4, or 2 squares onto b5 (a Black line of one:
	// b6 is empty), capturing it. South (rear b3): b1, then the edge. The diagonal
	// b3-c4 holds a Black piece: b3 cannot step onto it. Singles: b2 to a1 b1 c1 a2 c2
	// a3 c3; b3 to a2 c2 a3 c3 a4 b4.
	expectTurns(t, g, "White Stone b2 b3; Black Stone b5 c4; White to move",
		"b2-a1", "b2-b1", "b2-c1", "b2-a2", "b2-c2", "b2-a3", "b2-c3",
		"b3-a2", "b3-c2", "b3-a3", "b3-c3", "b3-a4", "b3-b4",
		"b2>b3 b3>b4", "b2>b4 b3>b5 x b5", "b2>b1 b3>b2")

	// A phalanx never passes over a piece: White a1 a2 on the file, Black a4 a5 a6.
	// North 1 square to a3; 2 squares would land on a4, a Black line of 3 -- not shorter.
	// Singles: a1 to b1 b2; a2 to b1 b2 a3 b3.
	expectTurns(t, g, "White Stone a1 a2; Black Stone a4 a5 a6; White to move",
		"a1-b1", "a1-b2", "a2-b1", "a2-b2", "a2-a3", "a2-b3",
		"a1>a2 a2>a3")

	// Diagonal capture going down the board, by Black. Black h8 g7 f6 (a diagonal of
	// three, rear h8 going sw), White e5 d4 (two on the same diagonal) and b2 after a
	// gap on c3. The three reach e5 at 1 square and capture e5 d4 (2 < 3); b2 is not
	// part of that line and stays. Back up the diagonal (rear f6, ne): i9, j10, k11.
	turns := turnList(t, g, position(t, g, "Black Stone h8 g7 f6; White Stone e5 d4 b2; Black to move"))
	for _, want := range []string{"f6>e5 g7>f6 h8>g7 x d4 e5", "f6>i9 g7>j10 h8>k11"} {
		if !slices.Contains(turns, want) {
			t.Errorf("diagonal: no turn %q in %v", want, turns)
		}
	}
	for _, bad := range turns {
		if strings.Contains(bad, "b2") {
			t.Errorf("diagonal: turn %q reaches b2", bad)
		}
	}
}

// TestEpaminondasCrossing checks the crossing rule: the player to move wins when he has
// more pieces on the opponent's home row than the opponent has on his. Goals are checked
// after each turn, for the player whose turn starts.
func TestEpaminondasCrossing(t *testing.T) {
	g := loadGame(t, "epaminondas.zrf")
	white, black := g.PlayerIndex("White"), g.PlayerIndex("Black")
	for _, tt := range []struct {
		name, spec, move string
		winner           engine.Player // NoPlayer: the game goes on
	}{
		// White reaches rank 12: not yet a win, Black may still answer.
		{"crossing is not an immediate win", "White Stone c11; Black Stone h8 a9; White to move", "c11-c12", engine.NoPlayer},
		// Black answers with a quiet move: at the start of White's turn he has 1 to 0.
		{"win at the start of the turn", "White Stone c12 a2; Black Stone h8; Black to move", "h8-h7", white},
		// Black captures the intruder instead: 0 to 0, play goes on.
		{"the intruder captured", "White Stone c12 a2; Black Stone e12 d12; Black to move", "d12>c12 e12>d12", engine.NoPlayer},
		// Black crosses too: 1 to 1, nobody wins, play goes on.
		{"both crossed, equal", "White Stone c12 a5; Black Stone h2; Black to move", "h2-h1", engine.NoPlayer},
		// White 2 crossed, Black 1 and a quiet move: 2 to 1 at White's turn.
		{"both crossed, White more", "White Stone c12 d12; Black Stone h1 a8; Black to move", "a8-a7", white},
		// Black 2 crossed, White 1, and White to move next: only the player to move
		// can win, so nothing happens yet.
		{"both crossed, the one to move has fewer", "White Stone c12 a5; Black Stone h1 i1 a9; Black to move", "a9-a8", engine.NoPlayer},
		// ... and after White's quiet move, Black wins at the start of his turn.
		{"both crossed, the one to move has more", "White Stone c12 a5; Black Stone h1 i1 a9; White to move", "a5-a4", black},
		// The last Black piece captured: Black has no pieces and loses.
		{"no pieces", "White Stone e3 e4; Black Stone e5; White to move", "e3>e4 e4>e5", white},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := shiftOutcome(t, g, tt.spec, tt.move)
			switch {
			case tt.winner == engine.NoPlayer && r.Over:
				t.Errorf("%s, %s: %v, want the game to go on", tt.spec, tt.move, r)
			case tt.winner != engine.NoPlayer && (!r.Over || r.Draw || len(r.Winners) != 1 || r.Winners[0] != tt.winner):
				t.Errorf("%s, %s: %v, want %s to win", tt.spec, tt.move, r, g.Players[tt.winner].Name)
			}
		})
	}
}

// The reference: a board of 12 ranks by 14 files, 0 empty, 1 White, 2 Black, written
// from the rules text alone.
const epFiles, epRanks = 14, 12

type epBoard [epRanks * epFiles]int8

var epDirs = [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

func epAt(f, r int) int {
	if f < 0 || f >= epFiles || r < 0 || r >= epRanks {
		return -1
	}
	return r*epFiles + f
}

// epMoves returns the board after each legal move of side me.
func epMoves(b *epBoard, me int8) []epBoard {
	var out []epBoard
	for r := 0; r < epRanks; r++ {
		for f := 0; f < epFiles; f++ {
			if b[epAt(f, r)] != me {
				continue
			}
			for _, d := range epDirs {
				// A lone piece: one step to an empty square.
				if t := epAt(f+d[0], r+d[1]); t >= 0 && b[t] == 0 {
					nb := *b
					nb[epAt(f, r)], nb[t] = 0, me
					out = append(out, nb)
				}
				// Phalanxes of n >= 2 with their rear on (f, r), moving in direction d.
				for n := 2; ; n++ {
					hf, hr := f+(n-1)*d[0], r+(n-1)*d[1]
					if h := epAt(hf, hr); h < 0 || b[h] != me {
						break
					}
					for dist := 1; dist <= n; dist++ {
						t := epAt(hf+dist*d[0], hr+dist*d[1])
						if t < 0 || b[t] == me {
							break
						}
						nb := *b
						if b[t] != 0 {
							// The enemy line from t on, in direction d.
							line := 0
							for epAt(hf+(dist+line)*d[0], hr+(dist+line)*d[1]) >= 0 &&
								b[epAt(hf+(dist+line)*d[0], hr+(dist+line)*d[1])] == 3-me {
								line++
							}
							if line >= n {
								break
							}
							for i := 0; i < line; i++ {
								nb[epAt(hf+(dist+i)*d[0], hr+(dist+i)*d[1])] = 0
							}
						}
						for i := 0; i < n; i++ {
							nb[epAt(f+i*d[0], r+i*d[1])] = 0
						}
						for i := 0; i < n; i++ {
							nb[epAt(f+(i+dist)*d[0], r+(i+dist)*d[1])] = me
						}
						out = append(out, nb)
						if b[t] != 0 {
							break
						}
					}
				}
			}
		}
	}
	return out
}

// epWinner returns the winner of the position with side next to move (0 for none): the
// crossing rule for next, and the loss of a side without pieces.
func epWinner(b *epBoard, next int8) int8 {
	var count [3]int
	var crossed [3]int // crossed[1]: White pieces on rank 12; crossed[2]: Black on rank 1
	for r := 0; r < epRanks; r++ {
		for f := 0; f < epFiles; f++ {
			p := b[epAt(f, r)]
			count[p]++
			if p == 1 && r == epRanks-1 || p == 2 && r == 0 {
				crossed[p]++
			}
		}
	}
	switch {
	case count[next] == 0:
		return 3 - next
	case count[3-next] == 0:
		return next
	case crossed[next] > crossed[3-next]:
		return next
	}
	return 0
}

func epPerft(b *epBoard, me int8, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, nb := range epMoves(b, me) {
		n += epPerft(&nb, 3-me, depth-1)
	}
	return n
}

// epOf converts an engine state to the reference board.
func epOf(g *eval.Game, s *engine.State) epBoard {
	idx := epIndex(g)
	var b epBoard
	white := g.PlayerIndex("White")
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		b[idx[l]] = 2
		if c.Player() == white {
			b[idx[l]] = 1
		}
	}
	return b
}

var epIndexes = map[*eval.Game][]int{}

// epIndex maps the game's locations to squares of the reference board, by name.
func epIndex(g *eval.Game) []int {
	if idx, ok := epIndexes[g]; ok {
		return idx
	}
	idx := make([]int, len(g.Board.Locs))
	for l := range g.Board.Locs {
		f, r := square(g.Board.Locs[l].Name)
		idx[l] = epAt(f, r-1)
	}
	epIndexes[g] = idx
	return idx
}

func epString(b *epBoard) string {
	var sb strings.Builder
	for r := epRanks - 1; r >= 0; r-- {
		for f := 0; f < epFiles; f++ {
			sb.WriteByte(".xo"[b[epAt(f, r)]])
		}
		sb.WriteByte('/')
	}
	return sb.String()
}

// TestEpaminondasReference compares zoggo's legal turns with the reference generator at
// every position of random games, and the result of the goals after every turn. The games
// prefer captures and moves towards the far row three times in four, so that they reach
// fights and crossings.
func TestEpaminondasReference(t *testing.T) {
	g := loadGame(t, "epaminondas.zrf")
	start := epOf(g, g.NewState())
	if n := epPerft(&start, 1, 1); n != 114 {
		t.Errorf("reference perft(1) = %d, want 114", n)
	}
	perftAgainst(t, g, 2, func(d int) int64 { return int64(epPerft(&start, 1, d)) })

	games, plies := 200, 100
	if testing.Short() {
		games = 30
	}
	white := g.PlayerIndex("White")
	rng := rand.New(rand.NewPCG(14, 1975))
	ws := g.NewWorkspace()
	var positions, captures, ended, crossings int
	for i := range games {
		s := g.NewState()
		for ply := range plies {
			_, mover := g.Side(s)
			me := int8(2)
			if mover == white {
				me = 1
			}
			b := epOf(g, s)
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", i, ply, err)
			}
			// The boards after the turns, as multisets: no turn missing, none extra,
			// none twice.
			count := map[epBoard]int{}
			for j := range turns {
				count[epOf(g, turns[j].After)]++
			}
			ref := epMoves(&b, me)
			for _, nb := range ref {
				count[nb]--
			}
			positions++
			for nb, n := range count {
				if n != 0 {
					t.Fatalf("game %d ply %d, %s: %d turns, reference %d; %s is reached by %d more zoggo turns than reference moves",
						i, ply, epString(&b), len(turns), len(ref), epString(&nb), n)
				}
			}
			if len(turns) == 0 {
				break
			}
			// Choose: three times in four among captures and forward moves.
			k := rng.IntN(len(turns))
			if rng.IntN(4) != 0 {
				var good []int
				for j := range turns {
					a := epOf(g, turns[j].After)
					if pieces(&a) < pieces(&b) || forward(&b, &a, me) {
						good = append(good, j)
					}
				}
				if len(good) > 0 {
					k = good[rng.IntN(len(good))]
				}
			}
			after := turns[k].After.Clone() // the workspace reuses its states
			a := epOf(g, after)
			if pieces(&a) < pieces(&b) {
				captures++
			}
			r, _, err := ws.Outcome(after, mover, 1)
			if err != nil {
				t.Fatal(err)
			}
			w := epWinner(&a, 3-me)
			if r.Over && strings.HasPrefix(r.Reason, "crossing") {
				crossings++
			}
			switch {
			case w == 0 && r.Over:
				t.Fatalf("game %d ply %d: %v after %s, reference: goes on", i, ply, r, epString(&a))
			case w != 0 && (!r.Over || len(r.Winners) != 1 || (r.Winners[0] == white) != (w == 1)):
				t.Fatalf("game %d ply %d: %v after %s, reference: side %d wins", i, ply, r, epString(&a), w)
			}
			if r.Over {
				ended++
				break
			}
			s = after
		}
	}
	t.Logf("%d games, %d positions compared, %d captures, %d games ended (%d by crossing)", games, positions, captures, ended, crossings)
}

func pieces(b *epBoard) int {
	n := 0
	for _, p := range b {
		if p != 0 {
			n++
		}
	}
	return n
}

// forward reports whether the move from b to a brings side me's pieces nearer the far
// row, by the sum of their ranks.
func forward(b, a *epBoard, me int8) bool {
	sum := func(x *epBoard) int {
		n := 0
		for i, p := range x {
			if p == me {
				n += i / epFiles
			}
		}
		return n
	}
	if me == 1 {
		return sum(a) > sum(b)
	}
	return sum(a) < sum(b)
}
