package match_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// TestGroupBoard compares eval's GroupBoard, the rewrite of group-capturing drops
// (eval/groupdrops.go), with the general path along random games of every game of
// games/go.zrf: at every position the drops it finds legal (with the match's repetition
// rule applied to its KeyAfter) are the drops among the match's legal turns, and after
// every turn its cells and repetition key are the match's. One board follows the game
// turn by turn, another is loaded afresh at every position. The random games play
// every legal drop with the same chance, so boards fill and groups are captured, and
// they pass one turn in forty.
func TestGroupBoard(t *testing.T) {
	f, err := eval.LoadFile(filepath.Join("..", "games", "go.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	positions, captures, refusedKo, refusedSuicide := 0, 0, 0, 0
	for gi := range f.Variants {
		g, err := f.Game(gi)
		if err != nil {
			t.Fatal(err)
		}
		if !g.GroupDrops() {
			t.Fatalf("%s: GroupDrops refuses it", g.Title)
		}
		games, plies := 12, 260
		if len(g.Board.Locs) > 100 {
			games, plies = 1, 500
		}
		for k := range games {
			r := rand.New(rand.NewPCG(uint64(gi), uint64(k)))
			m, err := match.New(g, nil)
			if err != nil {
				t.Fatal(err)
			}
			inc, err := g.NewGroupBoard()
			if err != nil {
				t.Fatal(err)
			}
			fresh, _ := g.NewGroupBoard()
			if err := inc.Load(m.State()); err != nil {
				t.Fatal(err)
			}
			_, window := m.RepeatRule()
			for ply := 0; ply < plies && !m.Over(); ply++ {
				if err := fresh.Load(m.State()); err != nil {
					t.Fatal(err)
				}
				mover := m.Mover()
				var want []engine.Loc
				pass := -1
				for i, tu := range m.Legal() {
					if tu.Parts[0].Pass {
						pass = i
						continue
					}
					want = append(want, tu.Parts[0].Dest())
				}
				slices.Sort(want)
				for bi, b := range []*eval.GroupBoard{inc, fresh} {
					var got []engine.Loc
					for _, l := range b.Empty() {
						if !b.Legal(l, mover) {
							if bi == 0 {
								refusedSuicide++
							}
							continue
						}
						if m.SeenKey(b.KeyAfter(l, mover), window) {
							if bi == 0 {
								refusedKo++
							}
							continue
						}
						got = append(got, l)
					}
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("%s game %d ply %d (board %d): group board's drops %v, the rules' %v\n%s",
							g.Title, k, ply, bi, names(g, got), names(g, want), show(g, m.State()))
					}
				}
				positions++
				i := pass
				if len(want) > 0 && (pass < 0 || r.IntN(40) != 0) {
					i = r.IntN(len(m.Legal()))
					for m.Legal()[i].Parts[0].Pass {
						i = r.IntN(len(m.Legal()))
					}
				}
				tu := m.Legal()[i]
				before := len(inc.Empty())
				if !tu.Parts[0].Pass {
					inc.Play(tu.Parts[0].Dest(), mover)
				}
				if err := m.Play(i); err != nil {
					t.Fatal(err)
				}
				if len(inc.Empty()) > before {
					captures++
				}
				if !slices.Equal(inc.Cells(), m.State().Cells) || inc.Key() != g.RepeatKey(m.State()) {
					t.Fatalf("%s game %d ply %d: after %s the group board differs from the rules'\n%s",
						g.Title, k, ply, g.Board.Locs[tu.Parts[0].Dest()].Name, show(g, m.State()))
				}
			}
		}
	}
	t.Logf("%d positions compared, %d turns with captures, %d drops refused as suicide, %d as repetitions",
		positions, captures, refusedSuicide, refusedKo)
	if positions < 5000 || captures < 200 || refusedSuicide < 50 || refusedKo < 5 {
		t.Fatalf("too little compared: %d positions, %d captures, %d suicides, %d repetitions",
			positions, captures, refusedSuicide, refusedKo)
	}
}

// TestGroupDropsRefuses: the other games of games/ are not of GroupBoard's form, nor is
// Go with a rule changed (suicide allowed, captures of the stone's own groups too).
func TestGroupDropsRefuses(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil || len(files) < 20 {
		t.Fatalf("games/: %d files, %v", len(files), err)
	}
	checked := 0
	for _, path := range files {
		f, err := eval.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for gi := range f.Variants {
			g, err := f.Game(gi)
			if err != nil {
				t.Fatal(err)
			}
			if g.GroupDrops() != (filepath.Base(path) == "go.zrf") {
				t.Errorf("%s %q: GroupDrops %v", path, g.Title, g.GroupDrops())
			}
			checked++
		}
	}
	src, err := os.ReadFile(filepath.Join("..", "games", "go.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string][2]string{
		"suicide allowed": {"(check (> (liberties) 0))", ""},
		"one side only":   {"(capture-dead n) (capture-dead e) (capture-dead s) (capture-dead w)", "(capture-dead n) (capture-dead e) (capture-dead s)"},
		"own groups too":  {"(if (and (enemy? $1)", "(if (and (not-empty? $1)"},
		"a goal at once":  {"(and (>= passes 2) (> (* 2 (area Black))", "(and (>= passes 0) (> (* 2 (area Black))"},
	} {
		text := string(src)
		if !strings.Contains(text, change[0]) {
			t.Fatalf("%s: go.zrf has no %q", name, change[0])
		}
		path := filepath.Join(t.TempDir(), "go.zrf")
		if err := os.WriteFile(path, []byte(strings.Replace(text, change[0], change[1], 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := eval.LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, err := f.Default()
		if err != nil {
			t.Fatal(err)
		}
		if g.GroupDrops() {
			t.Errorf("%s: GroupDrops accepts it", name)
		}
		checked++
	}
	t.Logf("%d games checked", checked)
}

func names(g *eval.Game, ls []engine.Loc) string {
	var out []string
	for _, l := range ls {
		out = append(out, g.Board.Locs[l].Name)
	}
	return strings.Join(out, " ")
}

// show draws the board of s in text, one row a line.
func show(g *eval.Game, s *engine.State) string {
	var b strings.Builder
	for l, c := range s.Cells {
		switch {
		case c.IsEmpty():
			b.WriteByte('.')
		case c.Player() == 0:
			b.WriteByte('X')
		default:
			b.WriteByte('O')
		}
		if g.Board.Locs[l].Name[0] == g.Board.Locs[len(s.Cells)-1].Name[0] {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
