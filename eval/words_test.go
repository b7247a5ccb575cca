package eval_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
	"github.com/zoggo/zoggo/notation"
)

// playTyped plays the turns as players type them (e2e4, or "pass") on a new match of g.
func playTyped(t *testing.T, g *eval.Game, moves ...string) *match.Match {
	t.Helper()
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		legal := m.Legal()
		i := -1
		if mv == "pass" {
			i = slices.IndexFunc(legal, func(tu eval.Turn) bool { return tu.Parts[0].Pass })
		} else if got := notation.MatchTurn(notation.DescribeTurns(g, m.State(), legal), mv); len(got) == 1 {
			i = got[0]
		}
		if i < 0 {
			t.Fatalf("%s is not one legal turn after %d turns", mv, len(m.History()))
		}
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func words(t *testing.T, g *eval.Game, m *match.Match) string {
	t.Helper()
	if !m.Over() {
		t.Fatalf("the game is not over after %d turns", len(m.History()))
	}
	return g.Words(m.Result(), m.State())
}

func checked(t *testing.T, g *eval.Game, s *engine.State) []string {
	t.Helper()
	locs, err := g.Checked(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range locs {
		out = append(out, g.Board.Locs[l].Name)
	}
	return out
}

func TestWordsChess(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "chess.zrf"))
	m := playTyped(t, g, "f2f3", "e7e5", "g2g4", "d8h4")
	if got, want := words(t, g, m), "Black wins by checkmate"; got != want {
		t.Errorf("Fool's mate: %q, want %q", got, want)
	}
	if got := checked(t, g, m.State()); !slices.Equal(got, []string{"e1"}) {
		t.Errorf("Fool's mate: in check %v, want [e1]", got)
	}
	m = playTyped(t, g, "e2e4", "f7f5", "d1h5")
	if got := checked(t, g, m.State()); !slices.Equal(got, []string{"e8"}) {
		t.Errorf("1.e4 f5 2.Qh5+: in check %v, want [e8]", got)
	}
	m = playTyped(t, g, "e2e4", "e7e5")
	if got := checked(t, g, m.State()); len(got) != 0 {
		t.Errorf("1.e4 e5: in check %v, want none", got)
	}
	m = playTyped(t, g, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8")
	if got, want := words(t, g, m), "Draw by repetition"; got != want {
		t.Errorf("knights back and forth: %q, want %q", got, want)
	}
}

func TestWordsGo(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "go.zrf"))
	for _, tt := range []struct {
		moves []string
		want  string
	}{
		{[]string{"pass", "pass"}, "White wins by 7.5 points (Black 0, White 0 + 7.5)"},
		{[]string{"e5", "pass", "pass"}, "Black wins by 73.5 points (Black 81, White 0 + 7.5)"},
		// Black walls off the a file and b file's lower half... White takes the rest.
		{[]string{"c1", "d1", "c2", "d2", "c3", "d3", "c4", "d4", "c5", "d5", "c6", "d6", "c7", "d7", "c8", "d8", "c9", "d9", "pass", "pass"},
			"White wins by 34.5 points (Black 27, White 54 + 7.5)"},
	} {
		m := playTyped(t, g, tt.moves...)
		if got := words(t, g, m); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.moves, got, tt.want)
		}
	}
}

func TestWordsWithoutGoal(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "chess.zrf"))
	for _, tt := range []struct {
		r    eval.Result
		want string
	}{
		{eval.Result{Over: true, Draw: true, Reason: "no player can move"}, "Draw: no player can move"},
		{eval.Result{Over: true, Draw: true, Reason: "Black cannot move: draw"}, "Draw: Black has no legal move (stalemate)"},
		{eval.Result{Over: true, Draw: true, Reason: "internal error: x.zrf:3:4: boom"}, "Game stopped: rules error at x.zrf:3:4: boom"},
		{eval.Result{}, ""},
		{eval.Result{Over: true, Winners: []engine.Player{1}, Losers: []engine.Player{0}, Reason: "OnIsGameOver: White has lost"}, "Black wins"},
		{eval.Result{Over: true, Draw: true, Reason: "OnIsGameOver: a draw"}, "Draw"},
	} {
		if got := g.Words(tt.r, g.NewState()); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.r, got, tt.want)
		}
	}
}

// TestCheckedDialect: the dialect's check rule of several royal pieces, (count (and
// friend? (piece? King) attacked?)), makes its kings royal for the marks of check.
func TestCheckedDialect(t *testing.T) {
	g := loadString(t, twoKingsGame)
	s := position(t, g, "White Rook d1; Black King a4 c1; Black to move")
	if got := checked(t, g, s); !slices.Equal(got, []string{"c1"}) {
		t.Errorf("rook d1 against kings a4 c1: in check %v, want [c1]", got)
	}
	s = position(t, g, "White Rook a3; Black King b4 c1; Black to move")
	if got := checked(t, g, s); len(got) != 0 {
		t.Errorf("rook a3 against kings b4 c1: in check %v, want none", got)
	}
}

// TestWordsGoals: the words of goals that end games without a position to reach here:
// a loss by having no pieces left, in plural names, and a stalemate that is a loss.
func TestWordsGoals(t *testing.T) {
	for _, tt := range []struct {
		file, loser, want string
	}{
		{"thud.zrf", "Dwarfs", "Trolls win: Dwarfs have no pieces left"},
		{"fanorona.zrf", "White", "Black wins: White has no pieces left"},
		{"checkers.zrf", "Black", "White wins: Black cannot move"},
		{"abalone.zrf", "Black", "White wins: Black has 8 pieces left"},
	} {
		g := evaltest.Load(t, filepath.Join("..", "games", tt.file))
		p := g.PlayerIndex(tt.loser)
		var goal *engine.Goal
		for i := range g.Goals {
			if g.Goals[i].Kind == engine.LossGoal && slices.Contains(g.Goals[i].Players, p) {
				goal = &g.Goals[i]
				break
			}
		}
		if goal == nil {
			t.Fatalf("%s: no loss goal of %s", tt.file, tt.loser)
		}
		r := eval.Result{Over: true, Losers: []engine.Player{p}, Winners: []engine.Player{1 - p}, Goal: goal, For: p}
		if got := g.Words(r, g.NewState()); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.file, got, tt.want)
		}
	}
}
