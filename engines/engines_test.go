package engines

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

func load(t *testing.T, path string) *eval.File {
	t.Helper()
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func game(t *testing.T, path string) *eval.Game {
	t.Helper()
	g, err := load(t, path).Default()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play plays moves by their text and fails at the first that is not found.
func play(t *testing.T, g *eval.Game, moves ...string) *match.Match {
	t.Helper()
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		i, err := Find(g, m.State(), m.Legal(), mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestChessText: castling is the king's two-square move, promotion takes the piece's
// letter, and the texts are the squares' names.
func TestChessText(t *testing.T) {
	g := game(t, "../games/chess.zrf")
	m := play(t, g, "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "E1G1", "d7d5", "e4d5",
		"c8g4", "d5d6", "g4f3", "d6c7", "f3d1")
	at := func(sq string) string {
		c := m.State().Cells[g.Board.LocIndex(sq)]
		if c.IsEmpty() {
			return ""
		}
		return g.Pieces[c.Kind()].Name
	}
	if at("g1") != "King" || at("f1") != "Rook" || at("h1") != "" {
		t.Errorf("after e1g1: g1 %q, f1 %q, h1 %q; want King, Rook and empty", at("g1"), at("f1"), at("h1"))
	}
	for _, promo := range []struct{ mv, kind string }{{"c7c8q", "Queen"}, {"c7d8n", "Knight"}, {"c7d8r", "Rook"}} {
		i, err := Find(g, m.State(), m.Legal(), promo.mv)
		if err != nil {
			t.Fatal(err)
		}
		to := g.Board.LocIndex(promo.mv[2:4])
		if k := m.Legal()[i].After.Cells[to].Kind(); g.Pieces[k].Name != promo.kind {
			t.Errorf("%s makes a %s, want a %s", promo.mv, g.Pieces[k].Name, promo.kind)
		}
	}
	if _, err := Find(g, m.State(), m.Legal(), "c7c8"); err == nil {
		t.Error("c7c8 without a piece's letter was found")
	}
}

// TestTextRoundTrip plays random games of chess and Go: in every position, every legal
// turn's text finds that turn and no other.
func TestTextRoundTrip(t *testing.T) {
	for _, path := range []string{"../games/chess.zrf", "../games/go.zrf"} {
		g := game(t, path)
		r := rand.New(rand.NewPCG(3, 4))
		checked := 0
		for range 3 {
			m, err := match.New(g, nil)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 120 && !m.Over(); ply++ {
				turns := m.Legal()
				for i := range turns {
					text := Text(g, m.State(), &turns[i])
					j, err := Find(g, m.State(), turns, text)
					if err != nil || j != i {
						t.Fatalf("%s ply %d: turn %d reads %q, which finds %d (%v)", path, ply, i, text, j, err)
					}
					checked++
				}
				if err := m.Play(r.IntN(len(turns))); err != nil {
					t.Fatal(err)
				}
			}
		}
		if checked < 1000 {
			t.Errorf("%s: only %d turns checked", path, checked)
		}
	}
}

func TestThink(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		left, inc time.Duration
		togo      int
		want      time.Duration
	}{
		{60 * s, 0, 0, 2 * s},
		{60 * s, 2 * s, 0, 3500 * time.Millisecond},
		{60 * s, 0, 9, 6 * s},
		{4 * s, 10 * s, 0, 2 * s}, // never more than half of what is left
		{100 * time.Millisecond, 0, 0, ai.MinThink},
		{100 * time.Hour, 0, 0, ai.MaxThink},
	} {
		if got := Think(c.left, c.inc, c.togo); got != c.want {
			t.Errorf("Think(%v, %v, %d) = %v, want %v", c.left, c.inc, c.togo, got, c.want)
		}
	}
}

// converse writes the lines to a server one by one and returns all it wrote.
func converse(t *testing.T, serve func(io.Reader, io.Writer) error, lines ...string) string {
	t.Helper()
	var out strings.Builder
	if err := serve(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestUCI(t *testing.T) {
	g := game(t, "../games/chess.zrf")
	out := converse(t, NewUCI(g).Serve, "uci", "setoption name Level value 1",
		"setoption name Threads value 0", "setoption name Evaluation value full",
		"position startpos moves e2e4 e7e5 e1e3", "isready",
		"position startpos moves f2f3 e7e5 g2g4", "go depth 2", "isready")
	for _, want := range []string{"uciok", "option name Level", "readyok",
		`info string option threads takes a number from 1 to 64, not "0"`,
		`info string move 3: move "e1e3" is not legal here`,
		"bestmove d8h4"} { // the mate in one
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// On a clock, and until stop: each gives a legal move; stop ends the infinite
	// search before its minute.
	out = converse(t, NewUCI(g).Serve, "position startpos moves e2e4", "go wtime 300 btime 600 winc 0 binc 0",
		"isready", "go infinite", "stop", "quit")
	moves := 0
	for _, l := range strings.Split(out, "\n") {
		if mv, ok := strings.CutPrefix(l, "bestmove "); ok {
			m := play(t, g, "e2e4")
			if _, err := Find(g, m.State(), m.Legal(), mv); err != nil {
				t.Errorf("bestmove %s: %v", mv, err)
			}
			moves++
		}
		var depth, nodes, ms int
		if n, _ := fmt.Sscanf(l, "info depth %d nodes %d time %d", &depth, &nodes, &ms); n == 3 && time.Duration(ms)*time.Millisecond >= ai.MaxThink {
			t.Errorf("a search took its whole clock: %s", l)
		}
	}
	if moves != 2 {
		t.Errorf("%d bestmoves, want 2:\n%s", moves, out)
	}

	// A game that is over gets no move.
	out = converse(t, NewUCI(g).Serve, "position startpos moves f2f3 e7e5 g2g4 d8h4", "go movetime 20", "quit")
	if !strings.Contains(out, "bestmove 0000") || !strings.Contains(out, "the game is over") {
		t.Errorf("after mate:\n%s", out)
	}
}

func TestGTP(t *testing.T) {
	f := load(t, "../games/go.zrf")
	games, err := f.All()
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewGTP(games, ai.NewSearch(1))
	if err != nil {
		t.Fatal(err)
	}
	out := converse(t, e.Serve, "1 protocol_version", "boardsize 13", "play black N13",
		"play black A1", "play white I5", "2 genmove white", "final_score", "undo", "undo",
		"play black pass", "play white PASS", "final_score", "boardsize 7", "showboard", "quit")
	for _, want := range []string{"=1 2\n\n", "? it is White's turn", "? illegal move", "=2 ",
		"? cannot score", "= W+7.5\n\n", "? unacceptable size", "13 . . ."} { // W+7.5: an empty board, White by the komi
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if got := Size(e.g); got != 13 {
		t.Errorf("boardsize 13 chose %s", e.g.Title)
	}
}
