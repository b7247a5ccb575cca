package ai_test

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// chessAt loads games/chess.zrf with its first board-setup replaced by setup: chess
// from a position of the test's own, White to move.
func chessAt(tb testing.TB, setup string) *eval.Game {
	tb.Helper()
	src, err := os.ReadFile("../games/chess.zrf")
	if err != nil {
		tb.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "(board-setup")
	if start < 0 {
		tb.Fatal("chess.zrf has no board-setup")
	}
	depth, end := 0, -1
	for i := start; i < len(text) && end < 0; i++ {
		switch text[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				end = i + 1
			}
		}
	}
	if end < 0 {
		tb.Fatal("chess.zrf: board-setup not closed")
	}
	return evaltest.LoadText(tb, "chess.zrf", text[:start]+"(board-setup "+setup+")"+text[end:])
}

// tactics are chess positions with one winning turn for White, found at depth 3.
var tactics = []struct {
	name, setup, want string
}{
	{"back-rank mate", "(White (King g1) (Rook a1) (Pawn f2 g2 h2)) (Black (King g8) (Pawn f7 g7 h7))", "Rook a1 - a8"},
	{"knight fork", "(White (King g1) (Knight b5) (Pawn h2)) (Black (King e8) (Queen a8) (Pawn h7))", "Knight b5 - c7"},
	{"hanging queen", "(White (King g1) (Bishop c1) (Pawn g2)) (Black (King g8) (Queen g5) (Pawn a7))", "Bishop c1 x g5"},
}

// TestSMPTactics: on positions with one winning turn, the search on two threads at a
// fixed depth finds the turn the search on one thread finds, and that is the winning
// one; again and again, since two threads do not always meet the same way.
func TestSMPTactics(t *testing.T) {
	for _, tt := range tactics {
		t.Run(tt.name, func(t *testing.T) {
			g := chessAt(t, tt.setup)
			for _, spec := range []string{"search:3", "search:3:threads=2", "search:3:threads=2:eval=full", "search:3:threads=3"} {
				for seed := uint64(1); seed <= 3; seed++ {
					m, err := match.New(g, nil)
					if err != nil {
						t.Fatal(err)
					}
					a, err := ai.Parse(spec, g)
					if err != nil {
						t.Fatal(err)
					}
					i, err := a.Choose(m, rand.New(rand.NewPCG(seed, 1)))
					if err != nil {
						t.Fatal(err)
					}
					// The text may go on with the rook's castling right it clears.
					if got := notation.Turn(g, m.State(), &m.Legal()[i]); got != tt.want && !strings.HasPrefix(got, tt.want+" @ ") {
						t.Errorf("%s, seed %d: %s, want %s", spec, seed, got, tt.want)
					}
					if _, depth := a.(*ai.Search).Last(); depth != 3 {
						t.Errorf("%s, seed %d: finished depth %d, want 3", spec, seed, depth)
					}
				}
			}
		})
	}
}

// TestSMPClock: a search of two threads on a clock stops in time with a legal turn,
// having searched deeper than depth 1.
func TestSMPClock(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := ai.Parse("search:100ms:threads=2", g)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	i, err := a.Choose(m, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("a 100ms search took %v", took)
	}
	if i < 0 || i >= len(m.Legal()) {
		t.Fatalf("turn %d of %d", i, len(m.Legal()))
	}
	if nodes, depth := a.(*ai.Search).Last(); nodes == 0 || depth < 1 {
		t.Errorf("searched %d nodes to depth %d", nodes, depth)
	}
}

// TestSearchOptions: the options of a search spell back as given, and bad ones are
// refused with a message that names them.
func TestSearchOptions(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	for _, tt := range []struct{ spec, name string }{
		{"search:3:threads=2", "search:3:threads=2"},
		{"search:50ms:threads=2:eval=full", "search:50ms:threads=2:eval=full"},
		{"search:50ms:eval=full", "search:50ms:eval=full"},
		{"search:4:threads=1:eval=material", "search:4"},
	} {
		a, err := ai.Parse(tt.spec, g)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		if a.Name() != tt.name {
			t.Errorf("%s: name %q, want %q", tt.spec, a.Name(), tt.name)
		}
		if b, err := ai.Parse(a.Name(), g); err != nil || b.Name() != a.Name() {
			t.Errorf("%s: the name %q does not parse back (%v)", tt.spec, a.Name(), err)
		}
	}
	for _, tt := range []struct{ spec, msg string }{
		{"search:3:threads=0", "threads=N takes a number from 1 to 64"},
		{"search:3:threads=x", "threads=N takes a number"},
		{"search:3:eval=mobility", "eval takes full or material"},
		{"search:3:depth=2", `unknown search option "depth=2"`},
		{"search:1us:threads=2", "a search on a clock thinks for a time"},
	} {
		_, err := ai.Parse(tt.spec, g)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: error %v, want %q", tt.spec, err, tt.msg)
		}
	}
}

// BenchmarkSearchThreads measures a search to a fixed depth on one and two threads:
// the time to depth (ns/op) and the nodes searched per second by all threads.
func BenchmarkSearchThreads(b *testing.B) {
	for _, tt := range []struct {
		name, file, variant string
		depth               int
	}{
		{"chess", "../games/chess.zrf", "", 4},
		{"kiwipete", "../games/chess.zrf", "Kiwipete", 3},
		{"checkers", "../games/checkers.zrf", "", 7},
		{"thud", "../games/thud.zrf", "", 2},
	} {
		f, err := eval.LoadFile(tt.file)
		if err != nil {
			b.Fatal(err)
		}
		var g *eval.Game
		if tt.variant == "" {
			g, err = f.Default()
		} else {
			g, err = f.Find(tt.variant)
		}
		if err != nil {
			b.Fatal(err)
		}
		for _, threads := range []int{1, 2} {
			b.Run(tt.name+"/threads="+string(rune('0'+threads)), func(b *testing.B) {
				m, err := match.New(g, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes := 0
				start := time.Now()
				for n := 0; n < b.N; n++ {
					s := ai.NewSearch(tt.depth)
					s.MaxNodes, s.Threads = 1<<40, threads
					if _, err := s.Choose(m, rand.New(rand.NewPCG(uint64(n), 1))); err != nil {
						b.Fatal(err)
					}
					k, _ := s.Last()
					nodes += k
				}
				b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
			})
		}
	}
}
