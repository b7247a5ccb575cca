package ai_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// playLine plays UCI moves from the start of g.
func playLine(t *testing.T, m *match.Match, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		i, err := engines.Find(m.Game(), m.State(), m.Legal(), mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPrunedSearchFindsMates: with null moves, reductions and check extensions the
// search still finds a mate in one and a mate in two (the latter needs the full width
// of the defender's replies), and its value is the mate's.
func TestPrunedSearchFindsMates(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	for _, tt := range []struct {
		line  []string
		depth int
		want  string
	}{
		// Scholar's mate: Qxf7.
		{[]string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"}, 3, "h5f7"},
		// Fool's mate for Black: Qh4.
		{[]string{"f2f3", "e7e5", "g2g4"}, 3, "d8h4"},
		// Legal's mate in two, Bxf7+ Ke7 Nd5#, at depths where late quiet turns are
		// reduced: the queen taken back (Bxd1) scores more until the reductions are
		// searched again.
		{[]string{"e2e4", "e7e5", "g1f3", "d7d6", "f1c4", "c8g4", "b1c3", "g7g6", "f3e5", "g4d1"}, 5, "c4f7"},
	} {
		for _, terms := range []bool{false, true} {
			m, err := match.New(g, nil)
			if err != nil {
				t.Fatal(err)
			}
			playLine(t, m, tt.line...)
			s := &ai.Search{Depth: tt.depth, MaxNodes: math.MaxInt, Terms: terms}
			i, err := s.Choose(m, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if got := engines.Text(g, m.State(), &m.Legal()[i]); got != tt.want {
				t.Errorf("after %v (terms %v): chose %s, want the mate %s", tt.line, terms, got, tt.want)
			}
		}
	}
}

// TestPrunedSearchPlaysLegally: along random games of chess, Gardner's minichess and
// checkers the pruned search returns a legal turn and leaves the match as it found it.
func TestPrunedSearchPlaysLegally(t *testing.T) {
	for _, file := range []string{"../games/chess.zrf", "../games/gardner.zrf", "../games/checkers.zrf"} {
		g := evaltest.Load(t, file)
		r := rand.New(rand.NewPCG(7, 7))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		searched := 0
		for ply := 0; ply < 40 && !m.Over(); ply++ {
			if ply%5 == 0 {
				hash := m.State().Hash
				s := &ai.Search{Depth: 4, MaxNodes: 200000, Terms: ply%10 == 0}
				i, err := s.Choose(m, r)
				if err != nil {
					t.Fatal(err)
				}
				if i < 0 || i >= len(m.Legal()) {
					t.Fatalf("%s: turn %d of %d", g.Title, i, len(m.Legal()))
				}
				if m.State().Hash != hash {
					t.Fatalf("%s: the search changed the match", g.Title)
				}
				searched++
			}
			if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
				t.Fatal(err)
			}
		}
		if searched < 4 {
			t.Fatalf("%s: searched %d positions", g.Title, searched)
		}
	}
}

// TestPrunedSearchDefends: where a quiet turn must be found to stop a mate in one
// (Black against the Scholar's mate threat Qxf7#, the bishop on c4 and the queen on h5),
// the search with its reductions and null moves, at depths where they apply, chooses a
// turn after which White has no mate in one.
func TestPrunedSearchDefends(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	checked := 0
	for _, depth := range []int{3, 4, 5, 6} {
		for seed := uint64(1); seed <= 3; seed++ {
			m, err := match.New(g, nil)
			if err != nil {
				t.Fatal(err)
			}
			playLine(t, m, "e2e4", "e7e5", "f1c4", "b8c6", "d1h5")
			s := &ai.Search{Depth: depth, MaxNodes: math.MaxInt, Terms: true}
			i, err := s.Choose(m, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatal(err)
			}
			text := engines.Text(g, m.State(), &m.Legal()[i])
			if err := m.Play(i); err != nil {
				t.Fatal(err)
			}
			for j := range m.Legal() {
				if err := m.Play(j); err != nil {
					t.Fatal(err)
				}
				if m.Over() && len(m.Result().Winners) == 1 && m.Result().Winners[0] == 0 {
					t.Errorf("depth %d seed %d: %s allows the mate %s", depth, seed, text, lastText(g, m))
				}
				m.Undo()
				checked++
			}
		}
	}
	if checked < 12*20 {
		t.Fatalf("only %d replies checked", checked)
	}
}

// lastText is the UCI text of the last turn played in m.
func lastText(g *eval.Game, m *match.Match) string {
	h := m.History()
	return engines.Text(g, h[len(h)-1].Before, &h[len(h)-1].Turn)
}
