package eval_test

// Helpers for the tests of games written in the dialect: set up a position from a short
// text and list its legal turns in a compact, readable form.

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// loadGame loads one of our games from games/.
func loadGame(t testing.TB, name string) *eval.Game {
	t.Helper()
	return evaltest.Load(t, filepath.Join("..", "games", name))
}

// position builds a state from a spec such as
//
//	"White Man c3 e3, King a1; Black Man d4 f6; Black to move"
//
// Each clause names a player, then piece types each followed by their positions; the
// clause "P to move" picks the first turn-order entry of P. A position written
// "e5/Man,King" (Bashni) puts a column under the top piece: Man just beneath, then King;
// the pieces under belong to the clause's player unless written Black:Man.
func position(t testing.TB, g *eval.Game, spec string) *engine.State {
	t.Helper()
	cells := make([]engine.Cell, len(g.Board.Locs))
	under := map[engine.Loc][]engine.Cell{}
	turn := 0
	for _, clause := range strings.Split(spec, ";") {
		// Commas separate words, except inside a column ("e5/Man,King").
		var f []string
		for _, w := range strings.Fields(clause) {
			if strings.Contains(w, "/") {
				f = append(f, strings.TrimSuffix(w, ","))
				continue
			}
			f = append(f, strings.FieldsFunc(w, func(r rune) bool { return r == ',' })...)
		}
		if len(f) == 0 {
			continue
		}
		p := g.PlayerIndex(f[0])
		if p == engine.NoPlayer {
			t.Fatalf("position %q: unknown player %q", spec, f[0])
		}
		if len(f) == 3 && f[1] == "to" && f[2] == "move" {
			found := false
			for i, e := range g.TurnOrder.Entries {
				if e.Mover == p {
					turn, found = i, true
					break
				}
			}
			if !found {
				t.Fatalf("position %q: %s has no turn", spec, f[0])
			}
			continue
		}
		k := engine.NoKind
		for _, w := range f[1:] {
			if kk := g.KindIndex(w); kk != engine.NoKind {
				k = kk
				continue
			}
			name, col, _ := strings.Cut(w, "/")
			l := g.Board.LocIndex(name)
			if l == engine.NoLoc || k == engine.NoKind {
				t.Fatalf("position %q: %q is not a position after a piece type", spec, w)
			}
			cells[l] = engine.MakeCell(p, k, g.DefaultAttrs(k))
			if col != "" {
				for _, u := range strings.Split(col, ",") {
					up := p
					if pl, kn, ok := strings.Cut(u, ":"); ok {
						up, u = g.PlayerIndex(pl), kn
					}
					uk := g.KindIndex(u)
					if uk == engine.NoKind || up == engine.NoPlayer {
						t.Fatalf("position %q: bad column piece %q", spec, u)
					}
					under[l] = append(under[l], engine.MakeCell(up, uk, g.DefaultAttrs(uk)))
				}
			}
		}
	}
	return g.Position(cells, turn, under)
}

// turnList returns the legal turns of s, each described by describe, sorted.
func turnList(t testing.TB, g *eval.Game, s *engine.State) []string {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range turns {
		out = append(out, describe(g, s, &turns[i]))
	}
	slices.Sort(out)
	return out
}

// describe writes a turn as its path of squares joined by "-" ("c3-e5-c7"), or for
// parts that move several pieces at once their movements ("a1>a2 b1>b2"), then
// " x " and the squares whose piece was removed or replaced by another owner's (for
// group moves: pieces that did not move away and whose square was emptied, changed
// hands or was entered), then
// " =T" when the piece that moved ends as another type.
func describe(g *eval.Game, s *engine.State, t *eval.Turn) string {
	b := g.Board
	var path []string
	group := false
	for _, p := range t.Parts {
		n := 0
		for _, c := range p.Changes {
			if c.Op == engine.OpMove || c.Op == engine.OpDrop {
				n++
			}
		}
		if n > 1 {
			group = true
		}
	}
	var first engine.Cell
	last := engine.NoLoc
	if group {
		for _, p := range t.Parts {
			for _, c := range p.Changes {
				if c.Op == engine.OpMove {
					path = append(path, b.Locs[c.From].Name+">"+b.Locs[c.To].Name)
				}
			}
		}
		slices.Sort(path)
		path = []string{strings.Join(path, " ")}
	} else {
		for i, p := range t.Parts {
			if p.Pass {
				path = append(path, "pass")
				continue
			}
			if i == 0 {
				if src := p.Source(); src != engine.NoLoc {
					path = append(path, b.Locs[src].Name)
					first = s.Cells[src]
				}
			}
			if d := p.Dest(); d != engine.NoLoc {
				path = append(path, b.Locs[d].Name)
				last = d
			}
		}
	}
	out := strings.Join(path, "-")
	var gone []string
	moved, entered := map[engine.Loc]bool{}, map[engine.Loc]bool{}
	for _, p := range t.Parts {
		for _, c := range p.Changes {
			if c.Op == engine.OpMove {
				moved[c.From], entered[c.To] = true, true
			}
		}
	}
	for l, c := range s.Cells {
		a := t.After.Cells[l]
		if c.IsEmpty() || engine.Loc(l) == t.Parts[0].Source() {
			continue
		}
		if group {
			// A piece that did not move away is removed when its square is emptied,
			// changes hands or is entered (a marble pushed off where a marble of the
			// same side arrives).
			if !moved[engine.Loc(l)] && (a.IsEmpty() || a.Player() != c.Player() || entered[engine.Loc(l)]) {
				gone = append(gone, b.Locs[l].Name)
			}
			continue
		}
		if a.IsEmpty() || a.Player() != c.Player() && engine.Loc(l) != last {
			gone = append(gone, b.Locs[l].Name)
		} else if engine.Loc(l) == last && a.Player() != c.Player() {
			gone = append(gone, b.Locs[l].Name)
		}
	}
	if len(gone) > 0 {
		slices.Sort(gone)
		out += " x " + strings.Join(gone, " ")
	}
	if last != engine.NoLoc && !first.IsEmpty() && !t.After.Cells[last].IsEmpty() && t.After.Cells[last].Kind() != first.Kind() {
		out += " =" + g.Pieces[t.After.Cells[last].Kind()].Name
	}
	return out
}

// expectTurns compares the turns of the position spec with want (any order).
func expectTurns(t *testing.T, g *eval.Game, spec string, want ...string) {
	t.Helper()
	got := turnList(t, g, position(t, g, spec))
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %s\n want %s", spec, fmt.Sprint(got), fmt.Sprint(want))
	}
}

// expectPerft checks perft from the start position at depths 1, 2, ... against want.
func expectPerft(t *testing.T, g *eval.Game, want []int64) {
	t.Helper()
	for d, w := range want {
		n, err := g.Perft(g.NewState(), d+1)
		if err != nil {
			t.Fatal(err)
		}
		if n != w {
			t.Errorf("perft(%d) = %d, want %d", d+1, n, w)
		}
	}
}

func TestBrazilianPerft(t *testing.T) {
	g := loadGame(t, "brazilian.zrf")
	// The figures of the issue (international rules on 8x8).
	want := []int64{7, 49, 302, 1469, 7473, 37628}
	expectPerft(t, g, want)
}

func TestBrazilianPositions(t *testing.T) {
	g := loadGame(t, "brazilian.zrf")
	// Capture is compulsory: the man on c3 must take d4 (b6 stays).
	expectTurns(t, g, "White Man c3, g3; Black Man d4 b6 h8; White to move",
		"c3-e5 x d4")
	// Majority: taking two (b4 and d6) beats taking one (f4).
	expectTurns(t, g, "White Man a3 e3; Black Man b4 d6 f4 h8; White to move",
		"a3-c5-e7 x b4 d6")
	// A man that passes the far row mid-capture stays a man; ending there crowns it.
	expectTurns(t, g, "White Man e5; Black Man f6 h8; White to move",
		"e5-g7 x f6")
	expectTurns(t, g, "White Man e5; Black Man d6 a1; White to move",
		"e5-c7 x d6")
	expectTurns(t, g, "White Man d6; Black Man e7 a1; White to move",
		"d6-f8 x e7 =King")
	// Turkish strike: a flying king cannot jump the same piece twice, and a taken
	// piece blocks its way until the move ends.
	// The king takes c3 and must go on to take e5 from d4 (majority), landing on any
	// square behind it.
	expectTurns(t, g, "White King a1; Black Man c3 e5 a7; White to move",
		"a1-d4-f6 x c3 e5", "a1-d4-g7 x c3 e5", "a1-d4-h8 x c3 e5")
	// Turkish strike: the king takes d2, then e5; coming back from f6 over e5 (already
	// taken) to reach b2 would make three captures, but a taken piece stays on the
	// board until the move ends and blocks the way. So the best is two.
	expectTurns(t, g, "White King e1; Black Man d2 e5 b2; White to move",
		"e1-c3-a1 x b2 d2", "e1-c3-f6 x d2 e5", "e1-c3-g7 x d2 e5", "e1-c3-h8 x d2 e5")
}
