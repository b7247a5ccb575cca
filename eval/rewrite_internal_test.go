package eval

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// TestEveryOpHasAForm checks, for every game of games/, that loading it makes no form,
// then forces the forms: every list of ops the run-time runs (a block, the body or else
// of an op, an action of the dialect) has a general form of one fastOp per op made from
// that op, kept (asked again, it is the same form, so x.run makes a list's form once),
// whose ifs and whiles run the kept forms of their bodies; every slot (a general
// block among fast ones, a prefix's rest, a dialect block's rest) holds the form of its
// block's ops from where it starts, with fScan exactly where the prefix found a scan;
// and every prefix's form, made once, is its leading ops, one fGuard per guard, then a
// tail of fast ops of the rest or fRest.
func TestEveryOpHasAForm(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	games, lists, slots, prefixes := 0, 0, 0, 0
	forced := map[*forms]bool{}
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range f.Variants {
			g, err := New(cg)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if g.code == nil {
				continue
			}
			games++
			name := path + " " + cg.Title
			// Variants may share a program's forms, which an earlier variant of
			// this test forced.
			if !forced[g.forms] && (g.forms.tab.Load() != nil || g.forms.any.Load()) {
				t.Errorf("%s: loading the game made forms", name)
			}
			forced[g.forms] = true
			var check func(ops []code.Op)
			check = func(ops []code.Op) {
				if len(ops) == 0 {
					return
				}
				form := g.forms.of(ops)
				if len(*form) != len(ops) {
					t.Fatalf("%s: the form of a list of %d ops has %d", name, len(ops), len(*form))
				}
				if again := g.forms.of(ops); again != form {
					t.Fatalf("%s: the form of a list of %d ops was made twice", name, len(ops))
				}
				lists++
				for k := range *form {
					fo := &(*form)[k]
					o := &ops[k]
					if fo.op != o {
						t.Fatalf("%s: the form of op %d of a list of %d is made of another op", name, k, len(ops))
					}
					if fo.code == fIf || fo.code == fWhile || fo.code == fAll {
						if len(o.Body) > 0 && &fo.body[0] != &(*g.forms.of(o.Body))[0] {
							t.Fatalf("%s: op %d runs a body that is not its kept form", name, k)
						}
						if len(o.Else) > 0 && &fo.els[0] != &(*g.forms.of(o.Else))[0] {
							t.Fatalf("%s: op %d runs an else that is not its kept form", name, k)
						}
					}
					check(o.Body)
					check(o.Else)
				}
			}
			for _, l := range [][][]code.Block{g.code.Moves, g.code.Drops} {
				for _, blocks := range l {
					for i := range blocks {
						check(blocks[i].Ops)
					}
				}
			}
			if d := g.code.Dialect; d != nil {
				for k := range d.Acts {
					for _, ops := range d.Acts[k] {
						check(ops)
					}
				}
			}
			slot := func(s *formSlot, ops []code.Op, from int, scans []slotScan) {
				if s.p.Load() != nil {
					t.Fatalf("%s: a slot was filled before its block ran", name)
				}
				form := s.get(g, ops, from, scans)
				if again := s.get(g, ops, from, scans); len(form) > 0 && &again[0] != &form[0] {
					t.Fatalf("%s: a slot's form was made twice", name)
				}
				if len(form) != len(ops)-from {
					t.Fatalf("%s: a slot from op %d of %d holds %d ops", name, from, len(ops), len(form))
				}
				next := 0
				for k := range form {
					if form[k].op != &ops[from+k] {
						t.Fatalf("%s: op %d of a slot is made of another op", name, k)
					}
					scan := next < len(scans) && scans[next].i == k
					if scan {
						next++
					}
					if (form[k].code == fScan) != scan {
						t.Fatalf("%s: op %d of a slot is fScan: %v, a scan: %v", name, k, form[k].code == fScan, scan)
					}
				}
				slots++
			}
			for _, fb := range g.fast {
				for i := range fb {
					if !fb[i].ok {
						slot(&fb[i].form, fb[i].blk.Ops, fb[i].rest, nil)
					}
				}
			}
			for k := range g.pre {
				for i := range g.pre[k].pre {
					p := &g.pre[k].pre[i]
					slot(&p.rest, g.code.Moves[k][i].Ops, p.restAt, p.scans)
					if p.form.Load() != nil {
						t.Fatalf("%s: a prefix's form was made before its block ran", name)
					}
					form := p.formOf(g)
					if again := p.formOf(g); len(form) > 0 && &again[0] != &form[0] {
						t.Fatalf("%s: a prefix's form was made twice", name)
					}
					ops := p.blk.Ops
					if len(form) < p.pass || len(form) == p.pass && len(ops) > p.lead {
						t.Fatalf("%s: a prefix's form of %d ops has no tail after %d", name, len(form), p.pass)
					}
					for j := range form[:p.pass] {
						if j < p.lead && form[j].op != &ops[j] || j >= p.lead && form[j].code != fGuard {
							t.Fatalf("%s: op %d of a prefix's form is not its leading op or a guard", name, j)
						}
					}
					switch tail := form[p.pass:]; {
					case len(tail) == 0:
					case tail[0].code == fRest:
						if len(tail) != 1 || tail[0].aux.pre != p {
							t.Fatalf("%s: a prefix's fRest is not its whole tail, or not its own", name)
						}
					case len(p.scans) > 0 || tail[0].op != &ops[p.lead]:
						t.Fatalf("%s: a prefix's tail of fast ops does not begin with its rest's first op", name)
					}
					prefixes++
				}
			}
			if df := g.dfast; df != nil {
				for _, fb := range df.blocks {
					for i := range fb {
						if !fb[i].ok {
							slot(&fb[i].form, fb[i].blk.Ops, fb[i].rest, nil)
						}
					}
				}
			}
		}
	}
	t.Logf("%d games, %d lists of ops, %d slots, %d prefixes", games, lists, slots, prefixes)
	if games < 30 || lists < 2000 || slots < 500 || prefixes < 200 {
		t.Errorf("only %d games, %d lists of ops, %d slots and %d prefixes checked", games, lists, slots, prefixes)
	}
}

// TestFormsMadeAtOnce runs perft in several workspaces of one freshly loaded game at
// once, so that they make its forms at the same time (run it with -race), and checks
// each count against a game loaded apart.
func TestFormsMadeAtOnce(t *testing.T) {
	rows := []struct {
		file  string
		depth int
	}{
		{"chess.zrf", 3}, {"checkers.zrf", 5}, {"international.zrf", 3}, {"thud.zrf", 1},
		{"russian.zrf", 4}, {"bao.zrf", 2}, {"ur.zrf", 2}, {"fanorona.zrf", 2},
	}
	for _, r := range rows {
		load := func() *Game {
			f, err := LoadFile(filepath.Join("..", "games", r.file))
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(f.Variants[0])
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		g0 := load()
		want, err := g0.Perft(g0.NewState(), r.depth)
		if err != nil {
			t.Fatal(err)
		}
		g := load()
		const n = 4
		got := make([]int64, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i], errs[i] = g.Perft(g.NewState(), r.depth)
			}()
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil || got[i] != want || want == 0 {
				t.Errorf("%s perft(%d) in workspace %d: %d, %v; apart: %d", r.file, r.depth, i, got[i], errs[i], want)
			}
		}
	}
}

// TestFirstFailsAsCellTest checks the first checks made for all of a piece's blocks at
// once (firstDirs, gen.firstFails) against each block's own first op run by cellTest,
// for every piece of Russian draughts on every square of random positions: a block's
// bit is set exactly when its step leaves the board or its test fails there.
func TestFirstFailsAsCellTest(t *testing.T) {
	f, err := LoadFile(filepath.Join("..", "games", "russian.zrf"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find("")
	if err != nil {
		t.Fatal(err)
	}
	if g.dfast == nil || g.dfast.blocks == nil {
		t.Fatal("Russian draughts has no dialect blocks")
	}
	x := newGen(g)
	rng := uint64(1)
	checked := 0
	for round := 0; round < 200; round++ {
		s := g.NewState()
		for l := range s.Cells {
			// A random board: empty, or a piece of a random player and kind.
			rng = rng*6364136223846793005 + 1442695040888963407
			if r := rng >> 33; r%3 != 0 && !g.Board.Locs[l].Dummy {
				s.Cells[l] = engine.MakeCell(engine.Player(r/3%2), engine.Kind(r/6%uint64(len(g.Pieces))), 0)
			} else {
				s.Cells[l] = engine.Empty
			}
		}
		for side := range g.Players {
			x.cells, x.side, x.nbr = s.Cells, engine.Player(side), g.Board.Neighbor[side]
			for l := range s.Cells {
				for k, blocks := range g.dfast.blocks {
					fails := x.firstFails(g.dfast.blocks[k][0].firsts, engine.Loc(l))
					for i := range blocks {
						b := &blocks[i]
						want := false
						if b.first != nil {
							to := x.nbr[l*x.nd+int(b.first.a)]
							want = to == engine.NoLoc || cellTest(b.first.cc, s.Cells[to], x.side) == b.first.neg
							checked++
						}
						if got := fails>>uint(i)&1 != 0; got != want {
							t.Fatalf("round %d, side %d, square %d, kind %d, block %d: first check fails %v, cellTest says %v", round, side, l, k, i, got, want)
						}
					}
				}
			}
		}
	}
	if checked < 100000 {
		t.Fatalf("compared %d first checks, fewer than 100000", checked)
	}
	t.Logf("%d first checks compared", checked)
}
