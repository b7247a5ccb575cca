package eval_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// HexDame (games/hexdame.zrf), Christian Freeling's hexagonal international draughts, by
// his rules on MindSports: 61 cells named by a letter line a-i and a number line 1-9;
// six directions, n (+1,+1) along the columns, ne (+1,0), nw (0,+1) and their opposites.
// White moves up (towards i and 9), Black down. A man steps one cell forward (n, ne, nw
// for White) and captures in all six directions; a king flies along the six lines and
// captures at a distance; capturing is compulsory and must take the most pieces;
// captured pieces stay on the board, unjumpable, until the move is over; a man is
// crowned only when its move ends on the enemy's back rank. Every expected set was
// worked out by hand from those rules.

func TestHexdameMen(t *testing.T) {
	g := loadGame(t, "hexdame.zrf")

	// The start: the seven front men of White can move: the corner men a4 and d1 two
	// ways each, b4, c4, d2, d3 two ways, d4 three ways. 15 moves.
	expectTurns(t, g, "White Man a1 a2 a3 a4 b1 b2 b3 b4 c1 c2 c3 c4 d1 d2 d3 d4; "+
		"Black Man f6 f7 f8 f9 g6 g7 g8 g9 h6 h7 h8 h9 i6 i7 i8 i9; White to move",
		"a4-a5", "a4-b5", "b4-b5", "b4-c5", "c4-c5", "c4-d5", "d1-e1", "d1-e2",
		"d2-e2", "d2-e3", "d3-e3", "d3-e4", "d4-d5", "d4-e4", "d4-e5")

	// A man steps straight or obliquely forward: White towards i and 9, Black back.
	expectTurns(t, g, "White Man e5; Black Man i9; White to move",
		"e5-e6", "e5-f5", "e5-f6")
	expectTurns(t, g, "Black Man e5; White Man a1; Black to move",
		"e5-d4", "e5-d5", "e5-e4")

	// A man captures in all six directions, backward too: e4 (sw), d5 (se), f6 (n).
	expectTurns(t, g, "White Man e5; Black Man e4 d5 f6; White to move",
		"e5-c5 x d5", "e5-e3 x e4", "e5-g7 x f6")

	// Capturing is compulsory and takes the most pieces: c3 takes d4 and f6 along the
	// column rather than c2 alone; a2 may not step.
	expectTurns(t, g, "White Man c3 a2; Black Man d4 f6 c2; White to move",
		"c3-e5-g7 x d4 f6")
}

func TestHexdamePromotion(t *testing.T) {
	g := loadGame(t, "hexdame.zrf")

	// Every forward step of h8 ends on the back rank (line i or line 9): a king.
	expectTurns(t, g, "White Man h8; Black Man a1; White to move",
		"h8-h9 =King", "h8-i8 =King", "h8-i9 =King")
	// A man that passes over the back rank while capturing stays a man: h7 takes h8
	// landing on h9, then g8 landing on f7, where the move ends.
	expectTurns(t, g, "White Man h7; Black Man h8 g8; White to move",
		"h7-h9-f7 x g8 h8")
}

func TestHexdameKings(t *testing.T) {
	g := loadGame(t, "hexdame.zrf")

	// A king flies along all six lines: from e5, 4 + 3 + 4 + 4 + 4 + 4 cells (a1 is
	// Black's, and there is no cell behind it to land on).
	expectTurns(t, g, "White King e5; Black Man a1; White to move",
		"e5-a5", "e5-b5", "e5-c5", "e5-d5", // se
		"e5-b2", "e5-c3", "e5-d4", // s
		"e5-e1", "e5-e2", "e5-e3", "e5-e4", // sw
		"e5-e6", "e5-e7", "e5-e8", "e5-e9", // nw
		"e5-f5", "e5-g5", "e5-h5", "e5-i5", // ne
		"e5-f6", "e5-g7", "e5-h8", "e5-i9") // n

	// Captured pieces stay until the move is over and block the way: c3 takes e5
	// (landing on f6, g7 or h8; i9 is Black's) and cannot come back over e5 to take
	// b2; or takes b2 (landing on a1) and cannot go back over it. One piece each.
	expectTurns(t, g, "White King c3; Black Man e5 b2 i9; White to move",
		"c3-a1 x b2", "c3-f6 x e5", "c3-g7 x e5", "c3-h8 x e5")
}

func TestHexdameEnd(t *testing.T) {
	g := loadGame(t, "hexdame.zrf")
	r := shiftOutcome(t, g, "White Man e5; Black Man f6; White to move", "e5-g7")
	if !r.Over || len(r.Winners) != 1 || g.Players[r.Winners[0]].Name != "White" {
		t.Errorf("after White takes Black's last man: %v, want White's win", r)
	}
}

// hexBoard is a HexDame position for the reference generator: cell (l, n), letters and
// numbers counted from 1, at index l*10+n; 1 a white man, 2 a white king, -1 and -2
// Black's.
type hexBoard [100]int8

var hexDirs = [6][2]int{{1, 1}, {1, 0}, {0, 1}, {-1, -1}, {0, -1}, {-1, 0}}

func hexOn(l, n int) bool { return l >= 1 && l <= 9 && n >= 1 && n <= 9 && l-n <= 4 && n-l <= 4 }

// hexMoves lists the boards the player me (1 White, -1 Black) can move to, each once:
// the majority rule over every capture, else the quiet moves.
func hexMoves(b *hexBoard, me int8) []hexBoard {
	seen := map[hexBoard]bool{}
	var out []hexBoard
	best := 0
	var caps []hexBoard
	for l := 1; l <= 9; l++ {
		for n := 1; n <= 9; n++ {
			if !hexOn(l, n) || b[l*10+n]*me <= 0 {
				continue
			}
			var taken [100]bool
			hexCaptures(b, me, l*10+n, l, n, b[l*10+n], &taken, 0, func(k int, end int, tk *[100]bool) {
				if k < best {
					return
				}
				if k > best {
					best, caps = k, nil
				}
				nb := *b
				piece := nb[l*10+n]
				nb[l*10+n] = 0
				for i, x := range tk {
					if x {
						nb[i] = 0
					}
				}
				if piece*me == 1 && hexBack(end, me) {
					piece *= 2
				}
				nb[end] = piece
				caps = append(caps, nb)
			})
		}
	}
	if best > 0 {
		for _, nb := range caps {
			if !seen[nb] {
				seen[nb] = true
				out = append(out, nb)
			}
		}
		return out
	}
	for l := 1; l <= 9; l++ {
		for n := 1; n <= 9; n++ {
			p := b[l*10+n]
			if !hexOn(l, n) || p*me <= 0 {
				continue
			}
			for d, dir := range hexDirs {
				if p*me == 1 && d >= 3 {
					break
				}
				dl, dn := dir[0]*int(me), dir[1]*int(me)
				for i := 1; hexOn(l+i*dl, n+i*dn) && b[(l+i*dl)*10+n+i*dn] == 0; i++ {
					nb := *b
					nb[l*10+n] = 0
					to := (l+i*dl)*10 + n + i*dn
					if p*me == 1 && hexBack(to, me) {
						nb[to] = p * 2
					} else {
						nb[to] = p
					}
					out = append(out, nb)
					if p*me == 1 {
						break
					}
				}
			}
		}
	}
	return out
}

// hexBack reports whether cell i is on the back rank of the enemy of me.
func hexBack(i int, me int8) bool {
	if me == 1 {
		return i/10 == 9 || i%10 == 9
	}
	return i/10 == 1 || i%10 == 1
}

// hexCaptures follows every capture sequence of the piece p that left from, now on
// (l, n) with k pieces taken (marked in taken, still on the board); it calls found at
// each end of a sequence that can go no further.
func hexCaptures(b *hexBoard, me int8, from, l, n int, p int8, taken *[100]bool, k int, found func(int, int, *[100]bool)) {
	more := false
	occupied := func(l, n int) bool { return l*10+n != from && b[l*10+n] != 0 }
	for _, dir := range hexDirs {
		dl, dn := dir[0], dir[1]
		i := 1
		if p*me == 2 {
			for hexOn(l+i*dl, n+i*dn) && !occupied(l+i*dl, n+i*dn) {
				i++
			}
		}
		el, en := l+i*dl, n+i*dn
		if !hexOn(el, en) || b[el*10+en]*me >= 0 || taken[el*10+en] {
			continue
		}
		for j := 1; hexOn(el+j*dl, en+j*dn) && !occupied(el+j*dl, en+j*dn); j++ {
			taken[el*10+en] = true
			more = true
			hexCaptures(b, me, from, el+j*dl, en+j*dn, p, taken, k+1, found)
			taken[el*10+en] = false
			if p*me == 1 {
				break
			}
		}
	}
	if !more && k > 0 {
		found(k, l*10+n, taken)
	}
}

func hexOf(g *eval.Game, s *engine.State) hexBoard {
	var b hexBoard
	white := g.PlayerIndex("White")
	for i, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		name := g.Board.Locs[i].Name
		v := int8(1)
		if g.Pieces[c.Kind()].Name == "King" {
			v = 2
		}
		if c.Player() != white {
			v = -v
		}
		b[int(name[0]-'a'+1)*10+int(name[1]-'0')] = v
	}
	return b
}

func hexPerft(b *hexBoard, me int8, depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, nb := range hexMoves(b, me) {
		n += hexPerft(&nb, -me, depth-1)
	}
	return n
}

func hexString(b *hexBoard) string {
	var s strings.Builder
	for i, v := range b {
		if v != 0 {
			s.WriteString(map[int8]string{1: "w", 2: "W", -1: "b", -2: "B"}[v])
			s.WriteString(string(rune('a'+i/10-1)) + string(rune('0'+i%10)) + " ")
		}
	}
	return s.String()
}

// TestHexdameReference compares games/hexdame.zrf with the reference generator above,
// written from the rules in plain Go: perft from the start, and the positions every
// legal turn leads to along random games (where kings appear and captures chain).
func TestHexdameReference(t *testing.T) {
	g := loadGame(t, "hexdame.zrf")
	start := hexOf(g, g.NewState())
	depth := 3
	if longTests {
		depth = 4
	}
	perftAgainst(t, g, depth, func(d int) int64 { return int64(hexPerft(&start, 1, d)) })

	games, plies := 60, 300
	if testing.Short() {
		games = 10
	}
	if longTests {
		games = 400
	}
	white := g.PlayerIndex("White")
	rng := rand.New(rand.NewPCG(14, 1979))
	ws := g.NewWorkspace()
	var positions, kings, chains int
	for i := range games {
		s := g.NewState()
		for ply := range plies {
			_, mover := g.Side(s)
			me := int8(-1)
			if mover == white {
				me = 1
			}
			b := hexOf(g, s)
			turns, err := ws.Turns(s)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", i, ply, err)
			}
			count := map[hexBoard]int{}
			for j := range turns {
				count[hexOf(g, turns[j].After)]++
				if len(turns[j].Parts) > 1 {
					chains++
				}
			}
			ref := hexMoves(&b, me)
			for _, nb := range ref {
				count[nb]--
			}
			positions++
			for nb, n := range count {
				if n != 0 {
					t.Fatalf("game %d ply %d, %s: %d turns, reference %d; %s is reached by %d more zoggo turns than reference moves",
						i, ply, hexString(&b), len(turns), len(ref), hexString(&nb), n)
				}
			}
			for _, v := range b {
				if v == 2 || v == -2 {
					kings++
					break
				}
			}
			if len(turns) == 0 {
				break
			}
			s = turns[rng.IntN(len(turns))].After.Clone()
		}
	}
	t.Logf("%d games, %d positions compared (%d with a king), %d turns of two captures or more", games, positions, kings, chains)
}
