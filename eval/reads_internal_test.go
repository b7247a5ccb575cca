package eval

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
)

// TestCondReads checks the classes condReads gives some conditions, each of which the
// shortcuts rely on.
func TestCondReads(t *testing.T) {
	at := func(k code.CondCode, l code.LocKind) *code.Cond {
		return &code.Cond{Code: k, Loc: code.LocArg{Kind: l}}
	}
	ints := func(a, b *code.Expr) *code.Cond { return &code.Cond{Code: code.CondCmp, Ints: []*code.Expr{a, b}} }
	one := &code.Expr{Code: code.IntConst, A: 1}
	caps := &code.Expr{Code: code.IntCaptures, A: -1}
	pos := &code.Expr{Code: code.IntPos, A: 0}
	for _, tt := range []struct {
		name  string
		c     *code.Cond
		class reads
		want  bool
	}{
		{"empty? on the cursor is a cell test", at(code.CondEmpty, code.LocCursor), cellReads, true},
		{"empty? next to it is not", at(code.CondEmpty, code.LocDir), cellReads, false},
		{"empty? next to it is pure", at(code.CondEmpty, code.LocDir), pureReads, true},
		{"in-zone? on the cursor is a place test", at(code.CondInZone, code.LocCursor), locReads, true},
		{"in-zone? is not a cell test", at(code.CondInZone, code.LocCursor), cellReads, false},
		{"on-board? on the cursor reads nothing", at(code.CondOnBoard, code.LocCursor), 0, true},
		{"attacked? is not pure", at(code.CondAttacked, code.LocCursor), pureReads, false},
		{"last-to? is not pure", at(code.CondLastTo, code.LocCursor), pureReads, false},
		{"attribute is not a square test", at(code.CondAttr, code.LocCursor), squareReads, false},
		{"marked? reads the run", at(code.CondMarked, code.LocCursor), pureReads, false},
		{"and of a cell and a zone test is a square test",
			&code.Cond{Code: code.CondAnd, Args: []*code.Cond{at(code.CondFriend, code.LocCursor), at(code.CondInZone, code.LocCursor)}}, squareReads, true},
		{"and of a cell and a zone test is not a cell test",
			&code.Cond{Code: code.CondAnd, Args: []*code.Cond{at(code.CondFriend, code.LocCursor), at(code.CondInZone, code.LocCursor)}}, cellReads, false},
		{"captures compared is a turn fact", ints(caps, one), turnReads, true},
		{"a position value is not", ints(pos, one), turnReads, false},
		{"a position value at the cursor", ints(pos, one), posValReads, true},
		{"a position value elsewhere is not", ints(&code.Expr{Code: code.IntPos, Loc: code.LocArg{Kind: code.LocDir}}, one), posValReads, false},
		{"not of two arguments is no class", &code.Cond{Code: code.CondNot, Args: []*code.Cond{at(code.CondEmpty, code.LocCursor), at(code.CondEmpty, code.LocCursor)}}, ^readOdd, false},
		{"a subtraction of one number is no class", ints(&code.Expr{Code: code.IntSub, Args: []*code.Expr{one}}, one), ^readOdd, false},
	} {
		if got := readsOnly(tt.c, tt.class); got != tt.want {
			t.Errorf("%s: readsOnly %v, want %v (reads %b)", tt.name, got, tt.want, condReads(tt.c, nil))
		}
	}
}

// TestSquareTableIsTest compares squareTable's tables with gen.test, on random boards,
// for every condition of squareReads in the move code and actions of the games in
// games/: the table must be what the one evaluator gives.
func TestSquareTableIsTest(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no games: %v", err)
	}
	conds, compared := 0, 0
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := range f.Variants {
			g, err := f.Game(i)
			if err != nil || g.code == nil {
				continue
			}
			var all []*code.Cond
			var visit func(ops []code.Op)
			visit = func(ops []code.Op) {
				for i := range ops {
					if c := ops[i].Cond; c != nil && readsOnly(c, squareReads) {
						all = append(all, c)
					}
					visit(ops[i].Body)
					visit(ops[i].Else)
				}
			}
			for _, blocks := range [][][]code.Block{g.code.Moves, g.code.Drops} {
				for _, bl := range blocks {
					for i := range bl {
						visit(bl[i].Ops)
					}
				}
			}
			if d := g.code.Dialect; d != nil {
				for _, acts := range d.Acts {
					for _, ops := range acts {
						visit(ops)
					}
				}
			}
			rng := rand.New(rand.NewPCG(uint64(len(all)), 25))
			s := g.NewState()
			nk, np, n := len(g.Pieces), len(g.Players), len(g.Board.Locs)
			for _, c := range all {
				sc, ok := g.squareTable(c)
				if !ok {
					continue
				}
				conds++
				x := newGen(g)
				x.s, x.cells = s, make([]engine.Cell, n)
				for trial := 0; trial < 50; trial++ {
					for l := range x.cells {
						x.cells[l] = engine.Empty
						if k := rng.IntN(nk + 1); k < nk {
							x.cells[l] = engine.MakeCell(engine.Player(rng.IntN(np)), engine.Kind(k), 0)
						}
					}
					x.side = engine.Player(rng.IntN(np))
					x.nbr = g.Board.Neighbor[x.side]
					x.cursor = engine.Loc(rng.IntN(n))
					if got, want := sc.at(x.cells, x.side, x.cursor), x.test(c); got != want {
						t.Fatalf("%s %q: %s on %s for player %d holding %v: table %v, test %v", path, g.Title, c.Code, g.Board.Locs[x.cursor].Name, x.side, x.cells[x.cursor], got, want)
					}
					compared++
				}
			}
		}
	}
	if conds < 20 || compared < 1000 {
		t.Fatalf("compared %d conditions (%d tests): too few", conds, compared)
	}
	t.Logf("compared %d conditions, %d tests", conds, compared)
}
