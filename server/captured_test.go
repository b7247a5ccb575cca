package server

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/match"
)

// TestCaptured checks the captured pieces of the game page against the material on the
// board: in these games no piece enters the board, so what a player has lost is exactly
// the pieces captured from them, after every turn of random games. Chess promotes (a
// type changes, the count stays), Abalone pushes marbles off the board (no capture in
// its move code), the others capture.
func TestCaptured(t *testing.T) {
	for _, tt := range []struct {
		file         string
		plies, games uint64
	}{
		{"checkers.zrf", 150, 4},
		{"chess.zrf", 200, 4},
		{"abalone.zrf", 600, 2}, // pushes off are rare in random play
		{"surakarta.zrf", 200, 4},
	} {
		t.Run(tt.file, func(t *testing.T) {
			g := evaltest.Load(t, "../games/"+tt.file)
			np := len(g.Players)
			onBoard := func(m *match.Match, p int) int {
				n := 0
				for _, c := range m.State().Cells {
					if !c.IsEmpty() && int(c.Player()) == p {
						n++
					}
				}
				return n
			}
			seen := 0
			for seed := range tt.games {
				r := rand.New(rand.NewPCG(seed, 3))
				m, err := match.New(g, nil)
				if err != nil {
					t.Fatal(err)
				}
				start := make([]int, np)
				for p := range np {
					start[p] = onBoard(m, p)
				}
				for ply := range int(tt.plies) {
					if m.Over() {
						break
					}
					if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
						t.Fatal(err)
					}
					lost := make([]int, np)
					for _, c := range captured(g, m.History(), m.State()) {
						lost[c.Player] += c.N
					}
					for p := range np {
						if want := start[p] - onBoard(m, p); lost[p] != want {
							t.Fatalf("seed %d ply %d: %d pieces of player %d captured, want %d", seed, ply, lost[p], p, want)
						}
						if ply == int(tt.plies)-1 || m.Over() {
							seen += lost[p]
						}
					}
				}
			}
			if seen == 0 {
				t.Fatal("no capture in any game: the test checked nothing")
			}
		})
	}
}

// playSquares plays the turns given as source and destination squares ("e2-e4").
func playSquares(t *testing.T, g *eval.Game, m *match.Match, moves string) {
	t.Helper()
	for _, mv := range strings.Fields(moves) {
		from, to, _ := strings.Cut(mv, "-")
		i := slices.IndexFunc(m.Legal(), func(tn eval.Turn) bool {
			return len(tn.Parts) == 1 && locName(g, tn.Parts[0].Source()) == from && locName(g, tn.Parts[0].Dest()) == to
		})
		if i < 0 {
			t.Fatalf("no legal turn %s after %d plies", mv, len(m.History()))
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
}

// capText writes captured pieces as "Player Piece N" separated by "; ".
func capText(g *eval.Game, caps []stockJSON) string {
	var out []string
	for _, c := range caps {
		out = append(out, fmt.Sprintf("%s %s %d", g.Players[c.Player].Name, c.Piece, c.N))
	}
	return strings.Join(out, "; ")
}

// TestCapturedChess plays an opening where a queen takes a pawn and is taken back
// (1. e4 g6 2. Qg4 f5 3. Qxf5 gxf5): both captures move onto the taken piece.
func TestCapturedChess(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct{ moves, want string }{
		{"e2-e4 g7-g6 d1-g4 f7-f5", ""},
		{"g4-f5", "Black Pawn 1"},
		{"g6-f5", "White Queen 1; Black Pawn 1"},
		{"e4-f5", "White Queen 1; Black Pawn 2"},
	} {
		playSquares(t, g, m, step.moves)
		if got := capText(g, captured(g, m.History(), m.State())); got != step.want {
			t.Errorf("after %s: captured %q, want %q", step.moves, got, step.want)
		}
	}
}

// TestCapturedUr checks that the dice are never listed and that the pieces listed are
// those the movers landed on: an enemy piece on the square a piece reaches is taken
// (and goes back to its owner's reserve, so the count on the board stays).
func TestCapturedUr(t *testing.T) {
	g := evaltest.Load(t, "../games/ur.zrf")
	seen := 0
	for seed := range uint64(3) {
		r := rand.New(rand.NewPCG(seed, 9))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, len(g.Players))
		for ply := 0; ply < 400 && !m.Over(); ply++ {
			s := m.State()
			side, _ := g.Side(s)
			i := r.IntN(len(m.Legal()))
			tn := m.Legal()[i]
			if d := tn.Parts[len(tn.Parts)-1].Dest(); !g.Players[side].Random && d != engine.NoLoc {
				if c := s.Cells[d]; !c.IsEmpty() && c.Player() != side {
					want[c.Player()]++
				}
			}
			if err := m.Play(i); err != nil {
				t.Fatal(err)
			}
		}
		got := make([]int, len(g.Players))
		for _, c := range captured(g, m.History(), m.State()) {
			if g.Players[c.Player].Random {
				t.Errorf("seed %d: a piece of the random player %s is listed as captured: %+v", seed, g.Players[c.Player].Name, c)
			}
			got[c.Player] += c.N
		}
		if !slices.Equal(got, want) {
			t.Errorf("seed %d: captured per player %v, want %v (%s)", seed, got, want, capText(g, captured(g, m.History(), m.State())))
		}
		for _, n := range want {
			seen += n
		}
	}
	if seen == 0 {
		t.Fatal("no capture in any game: the test checked nothing")
	}
}

// TestCapturedMancala checks that a game whose piece types count seeds (Toguz Kumalak,
// where sowing changes the type of the pits it passes) lists nothing, though its turns
// take pits off the board.
func TestCapturedMancala(t *testing.T) {
	dir := testutil.CorpusDir(t)
	g := evaltest.Load(t, filepath.Join(dir, "glukkazan-zog", "Rules", "ToguzKumalak.zrf"))
	removed := 0
	for seed := range uint64(3) {
		r := rand.New(rand.NewPCG(seed, 5))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 60 && !m.Over(); ply++ {
			before := m.State()
			if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
				t.Fatal(err)
			}
			for l, c := range before.Cells {
				if !c.IsEmpty() && m.State().Cells[l].IsEmpty() {
					removed++
				}
			}
			if caps := captured(g, m.History(), m.State()); len(caps) > 0 {
				t.Fatalf("seed %d ply %d: captured %q, want nothing", seed, ply, capText(g, caps))
			}
		}
	}
	if removed == 0 {
		t.Fatal("no turn emptied a pit: the test checked nothing")
	}
}
