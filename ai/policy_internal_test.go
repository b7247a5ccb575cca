package ai

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// goPosition returns a position of g with Black's and White's stones on the points
// named, Black to move.
func goPosition(t *testing.T, g *eval.Game, black, white string) *engine.State {
	t.Helper()
	cells := make([]engine.Cell, len(g.Board.Locs))
	for p, names := range []string{black, white} {
		for _, n := range strings.Fields(names) {
			l := g.Board.LocIndex(n)
			if l == engine.NoLoc {
				t.Fatalf("no point %q", n)
			}
			cells[l] = engine.MakeCell(engine.Player(p), 0, 0)
		}
	}
	return g.Position(cells, 0, nil)
}

// explorer returns a lazy explorer of a match of g from s.
func explorer(t *testing.T, g *eval.Game, s *engine.State) *match.Match {
	t.Helper()
	m, err := match.New(g, s)
	if err != nil {
		t.Fatal(err)
	}
	x := m.Explore()
	x.SetLazy(true)
	return x
}

// pointOf names the point a turn of x drops on, or "pass".
func pointOf(g *eval.Game, tu *eval.Turn) string {
	if tu.Parts[0].Pass {
		return "pass"
	}
	return g.Board.Locs[tu.Parts[0].Dest()].Name
}

// TestPolicyEyes: in Go (whose rules capture groups) a drop into one's own eye, or one
// that puts its group in atari without capturing, is drawn last, unless a group around it has that point as its last liberty; where the only
// drops left are eye fills, the playout passes when the rules let it, and fills an eye
// when they do not (the policy never leaves a player without a turn it could make).
func TestPolicyEyes(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "go.zrf"))
	p := newPolicy(g)
	if !p.eyes {
		t.Fatal("Go's rules capture groups, but the policy does not see it")
	}
	drop := func(s *engine.State, point string) *engine.Move {
		return &engine.Move{Changes: []engine.Change{{Op: engine.OpDrop, To: g.Board.LocIndex(point), Player: 0}}}
	}
	// a1 is Black's eye (a2 and b1 Black, both with liberties); e5 is surrounded by
	// Black too; b9 is next to White.
	s := goPosition(t, g, "a2 b1 d5 f5 e4 e6 a9", "c9")
	for _, tt := range []struct {
		point string
		last  bool
	}{{"a1", true}, {"e5", true}, {"b9", false}, {"h8", false}} {
		if got := p.last(s, drop(s, tt.point), 0); got != tt.last {
			t.Errorf("drop on %s: drawn last %v, want %v", tt.point, got, tt.last)
		}
	}
	// Into atari: a1 next to White's b1 keeps one liberty (a2) and captures nothing;
	// next to White's b1 in atari (b2 and c1 Black) it captures and is drawn as any other.
	s = goPosition(t, g, "", "b1")
	if !p.last(s, drop(s, "a1"), 0) {
		t.Error("a1 puts itself in atari but is not drawn last")
	}
	s = goPosition(t, g, "b2 c1", "b1")
	if p.last(s, drop(s, "a1"), 0) {
		t.Error("a1 captures b1 but is drawn last")
	}
	// The same eye, but the Black stone on a2 is in atari with a1 its last liberty (a3 and
	// b2 White): filling a1 connects it, so it is drawn as any other drop.
	s = goPosition(t, g, "a2 b1", "a3 b2")
	if p.last(s, drop(s, "a1"), 0) {
		t.Error("a1 saves the group on a2 but is drawn last")
	}
	// A game in which Black's only drops are its two eyes: the playout passes.
	black := "a2 b2 b1 c2 c3 c4 c5 c6 c7 c8 c9 b9 a8 b8 a7 a6 a5 a4 a3 b3 b4 b5 b6 b7"
	var empty []string
	for _, l := range g.Board.Locs {
		if !strings.Contains(" "+black+" a1 a9 ", " "+l.Name+" ") && l.Name[0] != 'd' && !l.Dummy {
			empty = append(empty, l.Name)
		}
	}
	// White fills the board right of column d, with column d empty; Black's stones have
	// eyes at a1 and a9 only: Black's other drops are in column d.
	white := strings.Join(empty, " ")
	s = goPosition(t, g, black+" d1 d2 d3 d4 d5 d6 d7 d8 d9", white)
	x := explorer(t, g, s)
	r := rand.New(rand.NewPCG(1, 1))
	legal := 0
	for _, tu := range x.Legal() {
		if !tu.Parts[0].Pass {
			legal++
		}
	}
	if legal == 0 {
		t.Fatal("no drop is legal: the test's position is wrong")
	}
	for range 20 {
		played, err := p.playCandidate(x, r)
		if err != nil {
			t.Fatal(err)
		}
		if played {
			h := x.History()
			t.Fatalf("a drop on %s was played; want none but eye fills (%d legal drops)", pointOf(g, &h[len(h)-1].Turn), legal)
		}
		if got := pointOf(g, &x.Legal()[p.pick(x, r)]); got != "pass" {
			t.Fatalf("pick played %s, want the pass", got)
		}
	}
	// The same rules without the pass: the player must fill an eye.
	src, err := os.ReadFile(filepath.Join("..", "games", "go.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	nopass := strings.Replace(string(src), `(option "pass turn" true)`, `(option "pass turn" false)`, 1)
	if nopass == string(src) {
		t.Fatal("go.zrf no longer offers the pass as the test expects")
	}
	g2 := evaltest.LoadText(t, "nopass.zrf", nopass)
	x = explorer(t, g2, goPosition(t, g2, black+" d1 d2 d3 d4 d5 d6 d7 d8 d9", white))
	p2 := newPolicy(g2)
	for range 20 {
		if got := pointOf(g2, &x.Legal()[p2.pick(x, r)]); got != "a1" && got != "a9" {
			t.Fatalf("without passes pick played %s, want an eye (a1 or a9)", got)
		}
	}
}

// TestPolicyPrior: in Go a node's turns start with a prior in their RAVE statistics:
// the centre above the edge, the edge above the corner, an eye fill far below.
func TestPolicyPrior(t *testing.T) {
	g := evaltest.Load(t, filepath.Join("..", "games", "go.zrf"))
	p := newPolicy(g)
	s := goPosition(t, g, "a2 b1", "")
	x := explorer(t, g, s)
	turns := x.Legal()
	a := newAMAF(g, 0, turns)
	p.prior(a, s, turns)
	mean := map[string]float64{}
	for i := range turns {
		if a.n[i] > 0 {
			mean[pointOf(g, &turns[i])] = a.wins[i] / a.n[i]
		}
	}
	if !(mean["e5"] > mean["e1"] && mean["e1"] > mean["j9"] && mean["j9"] > mean["a1"]) {
		t.Errorf("priors: centre e5 %.2f, edge e1 %.2f, corner j9 %.2f, eye a1 %.2f", mean["e5"], mean["e1"], mean["j9"], mean["a1"])
	}
}
