package match_test

// Ko and the end of games/go.zrf, which need the game's history: positional superko
// (a move may not recreate an earlier board, the Tromp-Taylor rules' rule 6), simple ko
// in the variant that has it, and the end after two passes in a row.

import (
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

func loadGo(t *testing.T, title string) *eval.Game {
	t.Helper()
	return loadTitle(t, filepath.Join("..", "games", "go.zrf"), title)
}

// goStart returns a position of g with Black's and White's stones on the points named.
func goStart(t *testing.T, g *eval.Game, black, white []string, toMove string) *engine.State {
	t.Helper()
	cells := make([]engine.Cell, len(g.Board.Locs))
	for p, names := range [][]string{black, white} {
		for _, n := range names {
			l := g.Board.LocIndex(n)
			if l == engine.NoLoc {
				t.Fatalf("no point %q", n)
			}
			cells[l] = engine.MakeCell(engine.Player(p), 0, 0)
		}
	}
	turn := 0
	if toMove == "White" {
		turn = 1
	}
	return g.Position(cells, turn, nil)
}

// playPoint plays the drop on point, or a pass for "pass"; it fails when the turn is
// not legal.
func playPoint(t *testing.T, m *match.Match, point string) {
	t.Helper()
	if i := findPoint(m, point); i >= 0 {
		if err := m.Play(i); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("%s is not legal", point)
}

// findPoint returns the index of the legal turn that drops on point (or passes), or -1.
func findPoint(m *match.Match, point string) int {
	g := m.Game()
	for i, tu := range m.Legal() {
		p := tu.Parts[0]
		if p.Pass && point == "pass" || !p.Pass && p.Dest() != engine.NoLoc && g.Board.Locs[p.Dest()].Name == point {
			return i
		}
	}
	return -1
}

func TestGoKo(t *testing.T) {
	// A ko: Black d6 c5 d4, White e6 f5 e4 d5. Black takes d5 by playing e5; White
	// may not take back at d5 at once (that would recreate the board before Black's
	// move), under superko and simple ko alike. After a move each elsewhere the board
	// is new and the recapture is legal.
	black := []string{"d6", "c5", "d4"}
	white := []string{"e6", "f5", "e4", "d5"}
	for _, title := range []string{"Go 9x9", "Go 9x9, simple ko"} {
		g := loadGo(t, title)
		m, err := match.New(g, goStart(t, g, black, white, "Black"))
		if err != nil {
			t.Fatal(err)
		}
		playPoint(t, m, "e5")
		if !m.State().Cells[g.Board.LocIndex("d5")].IsEmpty() {
			t.Fatalf("%s: e5 did not capture d5", title)
		}
		if findPoint(m, "d5") >= 0 {
			t.Errorf("%s: White may take the ko back at once", title)
		}
		// The ko rule forbids only d5: every other empty point (81 less 7 stones and
		// d5) and the pass are legal.
		if n, want := len(m.Legal()), 81-7-1+1; n != want {
			t.Errorf("%s: %d legal turns after the capture, want %d", title, n, want)
		}
		playPoint(t, m, "j9")
		playPoint(t, m, "a1")
		playPoint(t, m, "d5") // takes e5 back: the board has j9 and a1 now
		if !m.State().Cells[g.Board.LocIndex("e5")].IsEmpty() {
			t.Errorf("%s: d5 did not capture e5", title)
		}
	}
}

func TestGoEnd(t *testing.T) {
	g := loadGo(t, "Go 9x9")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	playPoint(t, m, "e5")
	playPoint(t, m, "pass")
	if m.Over() {
		t.Fatal("one pass ended the game")
	}
	playPoint(t, m, "pass") // Black's pass after White's: two in a row
	if !m.Over() {
		t.Fatal("two passes in a row did not end the game")
	}
	// Black's e5 owns the whole board: 81 against 0 + 7.5.
	if r := m.Result(); len(r.Winners) != 1 || g.Players[r.Winners[0]].Name != "Black" {
		t.Errorf("result %v, want a win of Black", r)
	}
	// A pass, a move, a pass: not two in a row. Then White's pass makes two: White's
	// e5 owns the board.
	m, _ = match.New(g, nil)
	playPoint(t, m, "pass")
	playPoint(t, m, "e5")
	playPoint(t, m, "pass")
	if m.Over() {
		t.Error("passes apart ended the game")
	}
	playPoint(t, m, "pass")
	if r := m.Result(); !m.Over() || len(r.Winners) != 1 || g.Players[r.Winners[0]].Name != "White" {
		t.Errorf("result %v, want a win of White", r)
	}
}
