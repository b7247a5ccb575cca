package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// TestGameRules: null moves where the rules have royal pieces and captures (chess and
// its variants), never in checkers (no royal piece) nor Go; in chess the pawns and the
// king are not strong pieces, the others are.
func TestGameRules(t *testing.T) {
	for _, tt := range []struct {
		file string
		null bool
	}{
		{"../games/chess.zrf", true},
		{"../games/gardner.zrf", true},
		{"../games/losalamos.zrf", true},
		{"../games/checkers.zrf", false},
		{"../games/go.zrf", false},
	} {
		g := evaltest.Load(t, tt.file)
		if r := GameRules(g); r.Null != tt.null {
			t.Errorf("%s: null moves %v, want %v", g.Title, r.Null, tt.null)
		}
	}
	g := evaltest.Load(t, "../games/chess.zrf")
	r := GameRules(g)
	for _, name := range []string{"Pawn", "King"} {
		if r.Strong[g.KindIndex(name)] {
			t.Errorf("chess: %s is a strong piece", name)
		}
	}
	for _, name := range []string{"Knight", "Bishop", "Rook", "Queen"} {
		if !r.Strong[g.KindIndex(name)] {
			t.Errorf("chess: %s is not a strong piece", name)
		}
	}
	if !r.Royal[0][g.KindIndex("King")] || !r.Royal[1][g.KindIndex("King")] {
		t.Error("chess: the kings are not royal")
	}
}

// TestShallowRules: the pruning by margins is where null moves are (chess and its
// variants), its unit the pawn's value on the values the search plays by; never in
// checkers nor Go, nor with prune=off.
func TestShallowRules(t *testing.T) {
	for _, tt := range []struct {
		file    string
		shallow bool
	}{
		{"../games/chess.zrf", true},
		{"../games/gardner.zrf", true},
		{"../games/checkers.zrf", false},
		{"../games/go.zrf", false},
	} {
		g := evaltest.Load(t, tt.file)
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, terms := range []bool{false, true} {
			for _, noPrune := range []bool{false, true} {
				w := (&Search{Depth: 1, Terms: terms, NoPrune: noPrune}).newWorker(m, &table{})
				want := tt.shallow && !noPrune
				if w.shallow != want {
					t.Errorf("%s (terms %v, prune=off %v): pruning by margins %v, want %v", g.Title, terms, noPrune, w.shallow, want)
				}
				if want {
					if pawn := w.v.Kind[g.KindIndex("Pawn")]; w.unit != pawn {
						t.Errorf("%s (terms %v): unit %v, want the pawn's %v", g.Title, terms, w.unit, pawn)
					}
				}
			}
		}
	}
}

// TestMargins: a node is cut off only beyond its bound by its depth's margin, on the
// side of the bound the player to move there plays for, and never with an unbounded
// window.
func TestMargins(t *testing.T) {
	w := &worker{shallow: true, unit: 2}
	inf := math.Inf(1)
	for _, tt := range []struct {
		stand       float64
		depth       int
		max         bool
		alpha, beta float64
		cut         bool
		value       float64
	}{
		{10, 2, true, 0, 6, true, 6},
		{10, 3, true, 0, 6, false, 0},
		{10, 1, true, 0, inf, false, 0},
		{-10, 2, false, -6, 0, true, -6},
		{-10, 3, false, -6, 0, false, 0},
		{10, 1, false, 0, 20, false, 0},
	} {
		v, ok := w.beyond(tt.stand, tt.depth, tt.max, tt.alpha, tt.beta)
		if ok != tt.cut || ok && v != tt.value {
			t.Errorf("beyond(%+v) = %v, %v", tt, v, ok)
		}
	}
}

// turnFromTo returns the index of the legal turn of m that moves a piece from the
// position named from to the one named to, or -1.
func turnFromTo(m *match.Match, from, to string) int {
	b := m.Game().Board
	f, t := b.LocIndex(from), b.LocIndex(to)
	for i, turn := range m.Legal() {
		for _, p := range turn.Parts {
			for _, c := range p.Changes {
				if c.Op == engine.OpMove && c.From == f && c.To == t {
					return i
				}
			}
		}
	}
	return -1
}

// TestLosingCaptures: a queen taking a pawn that a knight, the king or a rook defends
// loses it, taking an undefended pawn does not, and a pawn taking a piece never counts
// as losing.
func TestLosingCaptures(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	for _, tt := range []struct {
		line     []string // from-to pairs from the start
		from, to string
		losing   bool
	}{
		{[]string{"e2", "e4", "e7", "e5", "d1", "h5", "b8", "c6"}, "h5", "e5", true},
		{[]string{"e2", "e4", "e7", "e5", "d1", "h5", "b8", "c6"}, "h5", "f7", true},
		{[]string{"e2", "e4", "e7", "e5", "d1", "h5", "b8", "c6"}, "h5", "h7", true},
		{[]string{"e2", "e4", "e7", "e5", "d1", "h5", "a7", "a6"}, "h5", "e5", false},
		{[]string{"e2", "e4", "d7", "d5"}, "e4", "d5", false},
	} {
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < len(tt.line); k += 2 {
			i := turnFromTo(m, tt.line[k], tt.line[k+1])
			if i < 0 {
				t.Fatalf("%v: no turn %s-%s", tt.line, tt.line[k], tt.line[k+1])
			}
			if err := m.Play(i); err != nil {
				t.Fatal(err)
			}
		}
		w := (&Search{Depth: 1, Terms: true}).newWorker(m, &table{})
		i := turnFromTo(m, tt.from, tt.to)
		if i < 0 {
			t.Fatalf("%v: no turn %s-%s", tt.line, tt.from, tt.to)
		}
		turns := m.Legal()
		gain := Gain(g, w.v, m.State(), &turns[i], m.Mover())
		if gain <= 0 {
			t.Fatalf("%v: %s-%s gains %v, not a capture", tt.line, tt.from, tt.to, gain)
		}
		if got := w.losing(m.State(), &turns[i], m.Mover(), gain); got != tt.losing {
			t.Errorf("after %v: %s-%s losing %v, want %v", tt.line, tt.from, tt.to, got, tt.losing)
		}
	}
}

// TestLateMoveReductions: a late quiet turn is reduced by at least one, more the later
// it comes and the deeper the node, and never so much that its search starts in
// quiescence.
func TestLateMoveReductions(t *testing.T) {
	for depth := 3; depth <= 2*maxLevel; depth++ {
		prev := 0
		for n := 3; n < 200; n++ {
			r := lmr(depth, n)
			if r < 1 || depth-1-r < 1 {
				t.Fatalf("lmr(%d, %d) = %d", depth, n, r)
			}
			if r < prev || depth > 3 && r < lmr(depth-1, n) {
				t.Fatalf("lmr(%d, %d) = %d is less than a turn before it or a node less deep", depth, n, r)
			}
			prev = r
		}
	}
	if lmr(4, 3) != 1 || lmr(8, 30) < 3 {
		t.Errorf("lmr(4, 3) = %d, lmr(8, 30) = %d; want 1 and at least 3", lmr(4, 3), lmr(8, 30))
	}
}

// TestStandBound: the bound of a position's score taken before its turns are listed
// holds for the score evaluate gives once they are: at most it where the searching
// player is to move, at least it where the other is, in positions along random games of
// chess, Gardner and Los Alamos, each reached from a parent whose turns were recorded;
// and in search the bound cuts positions off unlisted.
func TestStandBound(t *testing.T) {
	compared := 0
	for _, file := range []string{"chess", "gardner", "losalamos"} {
		g := evaltest.Load(t, "../games/"+file+".zrf")
		r := rand.New(rand.NewPCG(11, uint64(len(file))))
		m, err := match.New(g, nil)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 60 && !m.Over(); ply++ {
			s := &Search{Depth: 1, MaxNodes: math.MaxInt, Terms: true}
			w := s.newWorker(m, newTable(16, g, m.Mover()))
			for k := range m.Legal() {
				if err := w.x.Play(k); err != nil {
					t.Fatal(err)
				}
				next := w.x.Mover()
				b, ok := w.standBound(w.x.State(), 1, next)
				if !w.x.Over() && ok {
					turns := w.x.Legal()
					w.record(1, next, len(turns))
					v := w.evaluate(w.x.State(), 1, next, len(turns))
					if next == w.me && b > v || next != w.me && b < v {
						t.Fatalf("%s: bound %v, score %v (%s to move, searching %s)", file, b, v, g.Players[next].Name, g.Players[w.me].Name)
					}
					compared++
				}
				w.x.Undo()
			}
			if err := m.Play(r.IntN(len(m.Legal()))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d positions compared", compared)
	}
	g := evaltest.Load(t, "../games/chess.zrf")
	m, err := match.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &Search{Depth: 4, MaxNodes: math.MaxInt, Terms: true}
	w := s.newWorker(m, newTable(1<<12, g, m.Mover()))
	w.deepen(w.order(m.State(), m.Legal(), w.me, -1), 1)
	if w.standCuts == 0 {
		t.Error("the search to depth 4 from the start cut nothing off unlisted")
	}
}
