package render_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/render"
)

// gridBoard returns a board of one 2-D grid with square cells of the given size, files
// left to right and ranks top to bottom, as ZRF declares them.
func gridBoard(files, ranks string, cell int) *engine.Board {
	b := &engine.Board{}
	g := engine.Grid{Dims: []engine.Dim{
		{Labels: strings.Split(files, "/"), DX: cell},
		{Labels: strings.Split(ranks, "/"), DY: cell},
	}}
	for y, r := range g.Dims[1].Labels {
		for x, f := range g.Dims[0].Labels {
			b.Locs = append(b.Locs, engine.LocInfo{
				Name: f + r, Grid: 0, Coords: []int{x, y}, HasRect: true,
				Rect: [4]int{x * cell, y * cell, (x + 1) * cell, (y + 1) * cell},
			})
		}
	}
	b.Grids = []engine.Grid{g}
	return b
}

// positions returns a board of positions given as name, left, top and size.
func positions(ps ...any) *engine.Board {
	b := &engine.Board{}
	for i := 0; i+3 < len(ps); i += 4 {
		x, y, sz := ps[i+1].(int), ps[i+2].(int), ps[i+3].(int)
		b.Locs = append(b.Locs, engine.LocInfo{Name: ps[i].(string), Grid: -1, HasRect: true,
			Rect: [4]int{x, y, x + sz, y + sz}})
	}
	return b
}

// game returns a game with the named players and pieces on board b. A piece given as
// "Name=N" has the notation N.
func game(b *engine.Board, players string, pieces ...string) *engine.Game {
	g := &engine.Game{Title: "test", Board: b}
	for _, p := range strings.Fields(players) {
		g.Players = append(g.Players, engine.PlayerInfo{Name: p})
	}
	for _, p := range pieces {
		name, notation, _ := strings.Cut(p, "=")
		g.Pieces = append(g.Pieces, &engine.Piece{Name: name, Notation: notation})
	}
	b.Index()
	return g
}

// place adds a piece of player p and type k at each named position of g's setup.
func place(g *engine.Game, p engine.Player, k engine.Kind, locs ...string) {
	for _, name := range locs {
		l := g.Board.LocIndex(name)
		if l == engine.NoLoc {
			panic("no position " + name)
		}
		g.Setup = append(g.Setup, engine.Placement{Player: p, Kind: k, Loc: l})
	}
}

func TestText(t *testing.T) {
	for _, tt := range []struct {
		name string
		game func() *engine.Game
		want string
	}{{
		name: "3x3 grid",
		game: func() *engine.Game {
			g := game(gridBoard("a/b/c", "3/2/1", 50), "White Black", "King", "Pawn")
			place(g, 0, 0, "a1")
			place(g, 0, 1, "b2")
			place(g, 1, 0, "c3")
			g.Stock = []engine.Stock{{Player: 0, Kind: 1, N: 2}}
			return g
		},
		want: `3 . . k
2 . P .
1 K . .
  a b c

White: K King, P Pawn; in hand: 2 Pawn
Black: k King
`,
	}, {
		// Rows offset by half a cell, as on a hexagonal board, fit together.
		name: "staggered rows",
		game: func() *engine.Game {
			g := game(positions(
				"a1", 0, 0, 40, "a2", 40, 0, 40, "a3", 80, 0, 40,
				"b1", 20, 35, 40, "b2", 60, 35, 40,
				"c1", 0, 70, 40, "c2", 40, 70, 40, "c3", 80, 70, 40,
			), "Red Blue", "Stone")
			place(g, 0, 0, "c1", "c2")
			place(g, 1, 0, "a3", "b1")
			return g
		},
		want: `. . s
 s .
S S .

Red: S Stone
Blue: s Stone
`,
	}, {
		name: "dummy position",
		game: func() *engine.Game {
			b := gridBoard("a/b", "1", 10)
			b.Locs = append(b.Locs, engine.LocInfo{Name: "hand", Grid: -1, Dummy: true},
				engine.LocInfo{Name: "spare", Grid: -1, Dummy: true})
			g := game(b, "White Black", "Man")
			place(g, 0, 0, "a1")
			place(g, 1, 0, "hand")
			return g
		},
		want: `1 M .
  a b

not in the picture:
  hand: m

White: M Man
Black: m Man
`,
	}, {
		// King owns K as the shortest name; Knight takes more letters; the Pawns differ
		// by their initials and digits; a notation wins over a name.
		name: "symbol clash",
		game: func() *engine.Game {
			g := game(gridBoard("a/b/c/d/e", "2/1", 10), "White Black",
				"King", "Knight", "Pawn-a1", "Pawn-b1", "Kangaroo=K", "Bishop=b")
			place(g, 0, 0, "a1")
			place(g, 0, 1, "b1")
			place(g, 0, 2, "c1")
			place(g, 0, 3, "d1")
			place(g, 0, 4, "e1")
			place(g, 1, 5, "a2")
			place(g, 1, 0, "b2")
			return g
		},
		want: `2 b   ki  .   .   .
1 KI  KN  PA1 PB1 K
  a   b   c   d   e

White: KI King, KN Knight, PA1 Pawn-a1, PB1 Pawn-b1, K Kangaroo
Black: ki King, b Bishop
`,
	}, {
		// Names that differ only in case run out of letters and are numbered; a notation
		// without letters is the same for both players and gives way to the name.
		name: "names alike",
		game: func() *engine.Game {
			g := game(gridBoard("a/b/c/d", "1", 10), "White Black", "Rook", "ROOK", "Xiangqi=+")
			place(g, 0, 0, "a1")
			place(g, 0, 1, "b1")
			place(g, 0, 2, "c1")
			place(g, 1, 2, "d1")
			return g
		},
		want: `1 ROOK  ROOK2 X     x
  a     b     c     d

White: ROOK Rook, ROOK2 ROOK, X Xiangqi
Black: x Xiangqi
`,
	}, {
		name: "three players",
		game: func() *engine.Game {
			g := game(gridBoard("a/b/c", "1", 10), "Red Green Blue", "Man", "Queen")
			place(g, 0, 0, "a1")
			place(g, 1, 0, "b1")
			place(g, 2, 0, "c1")
			g.Stock = []engine.Stock{{Player: 2, Kind: 1, N: 1}}
			return g
		},
		want: `1 1M 2M 3M
  a  b  c

Red: 1M Man
Green: 2M Man
Blue: 3M Man, Q Queen; in hand: 1 Queen
`,
	}, {
		name: "same centre",
		game: func() *engine.Game {
			g := game(positions("x", 0, 0, 10, "y", 20, 0, 10, "z", 0, 0, 10, "w", 0, 0, 10),
				"White", "Counter")
			place(g, 0, 0, "x", "z")
			return g
		},
		want: `C .

not in the picture:
  z: C

White: C Counter
`,
	}, {
		name: "one position",
		game: func() *engine.Game {
			g := game(positions("only", -50, -70, 0), "White", "Pawn")
			place(g, 0, 0, "only")
			return g
		},
		want: `P

White: P Pawn
`,
	}, {
		name: "no positions",
		game: func() *engine.Game {
			g := game(&engine.Board{}, "White Black", "Pawn")
			g.Stock = []engine.Stock{{Player: 1, Kind: 0, N: 3}}
			return g
		},
		want: `White: no pieces
Black: p Pawn; in hand: 3 Pawn
`,
	}, {
		name: "no board",
		game: func() *engine.Game {
			return &engine.Game{Players: []engine.PlayerInfo{{Name: "White"}, {Name: "?Dice", Random: true}}}
		},
		want: "White: no pieces\n",
	}, {
		name: "layers",
		game: func() *engine.Game {
			b := &engine.Board{Grids: []engine.Grid{{Dims: []engine.Dim{
				{Labels: []string{"a", "b"}, DX: 10},
				{Labels: []string{"2", "1"}, DY: 10},
				{Labels: []string{"x", "y"}, DX: 1000},
			}}}}
			for z := range 2 {
				for y := range 2 {
					for x := range 2 {
						d := b.Grids[0].Dims
						b.Locs = append(b.Locs, engine.LocInfo{
							Name: d[0].Labels[x] + d[1].Labels[y] + d[2].Labels[z], Coords: []int{x, y, z},
							HasRect: true, Rect: [4]int{1000*z + 10*x, 10 * y, 1000*z + 10*x + 10, 10*y + 10},
						})
					}
				}
			}
			g := game(b, "White", "Rook")
			place(g, 0, 0, "a1x", "b2y")
			return g
		},
		want: `layer x:
2 . .
1 R .
  a b

layer y:
2 . R
1 . .
  a b

White: R Rook
`,
	}, {
		name: "too wide",
		game: func() *engine.Game {
			var files []string
			for i := range 100 {
				files = append(files, "f"+string(rune('0'+i/10))+string(rune('0'+i%10)))
			}
			g := game(gridBoard(strings.Join(files, "/"), "1", 10), "White", "Pawn")
			place(g, 0, 0, "f071", "f421")
			return g
		},
		want: `100 positions, too many to draw; the occupied ones:
  f071: P
  f421: P

White: P Pawn
`,
	}} {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.game()
			got := render.Text(g, nil)
			if got != tt.want {
				t.Errorf("Text(%s) mismatch:\n--- want:\n%s--- got:\n%s", tt.name, tt.want, got)
			}
		})
	}
}

// TestBoardOdd checks that cells and stocks that do not fit the game are drawn, not
// panicked on.
func TestBoardOdd(t *testing.T) {
	g := game(gridBoard("a/b", "1", 10), "White", "Pawn")
	cells := []render.Occupant{{Player: 5, Kind: 0}} // too short, and a player out of range
	stock := []engine.Stock{{Player: 0, Kind: 7, N: 1}, {Player: -1, Kind: 0, N: 2}}
	want := "1 ? .\n  a b\n\nWhite: no pieces\n"
	if got := render.Board(g, cells, stock); got != want {
		t.Errorf("Board mismatch:\n--- want:\n%s--- got:\n%s", want, got)
	}
}

// TestTextOdd checks that games without a board are drawn, not panicked on.
func TestTextOdd(t *testing.T) {
	for _, g := range []*engine.Game{nil, {}, {Ext: &engine.Ext{StackCap: 2}}} {
		if got := render.Text(g, nil); got != "\n" {
			t.Errorf("Text(%+v, nil) = %q, want an empty picture", g, got)
		}
	}
}

// TestTextCorpus draws the start of every game and variant of every rules file in
// $ZOGGO_CORPUS that loads.
func TestTextCorpus(t *testing.T) {
	root := os.Getenv("ZOGGO_CORPUS")
	if root == "" {
		t.Skip("ZOGGO_CORPUS is not set")
	}
	if _, err := os.Stat(root); err != nil {
		t.Fatalf("ZOGGO_CORPUS: %v", err)
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".zrf") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no .zrf files under %s", root)
	}
	for _, path := range files {
		rel, _ := filepath.Rel(root, path)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			f, err := eval.LoadFile(path)
			if err != nil {
				t.Skipf("does not load: %v", strings.SplitN(err.Error(), "\n", 2)[0])
			}
			for _, g := range f.Variants {
				out := render.Text(g.Game, nil)
				for _, line := range strings.Split(out, "\n") {
					if n := utf8.RuneCountInString(line); n > 160 && !strings.Contains(line, ": ") {
						t.Errorf("%s: line of %d characters:\n%s", g.Title, n, line)
					}
				}
			}
		})
	}
}
