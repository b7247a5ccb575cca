package eval_test

// Tests of what zoggo tolerates in rules files from the wild (docs/zrf-decisions.md): each
// fixture loads with the warnings it must give, at their file:line:col, and the game it
// gives is checked. The refusals that stay are chunks of compile/testdata/errors.zrf.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/zrf"
)

// loadLenient loads src as t.zrf and returns its default game and its warnings, each as
// "LINE:COL: MESSAGE".
func loadLenient(t *testing.T, src string) (*eval.Game, []string) {
	t.Helper()
	f, err := eval.Load(zrf.NewFileSet(), fstest.MapFS{"t.zrf": {Data: []byte(src)}}, "t.zrf")
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	g, err := f.Default()
	if err != nil {
		t.Fatalf("default game: %v", err)
	}
	var warns []string
	for _, w := range f.Warnings {
		warns = append(warns, fmt.Sprintf("%d:%d: %s", w.Pos.Line, w.Pos.Column, w.Msg))
	}
	return g, warns
}

// expectWarnings checks that the warnings are exactly those matching want, in order.
func expectWarnings(t *testing.T, got []string, want ...string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d warnings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !regexp.MustCompile(w).MatchString(got[i]) {
			t.Errorf("warning %d = %q, want a match for %q", i, got[i], w)
		}
	}
}

// occupant names the piece on sq at the start, as "PLAYER PIECE", or "".
func occupant(g *eval.Game, s *engine.State, sq string) string {
	c := s.Cells[g.Board.LocIndex(sq)]
	if c.IsEmpty() {
		return ""
	}
	return g.Players[c.Player()].Name + " " + g.Pieces[c.Kind()].Name
}

const lenientBoard = `(board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))`

func TestLenientSetupTwice(t *testing.T) {
	g, warns := loadLenient(t, `(game (title "Override")
   (players A B)
   `+lenientBoard+`
   (piece (name P) (moves (n add)))
   (piece (name Q) (moves (s add)))
   (board-setup (A (P a1 b1 c1)) (B (Q a3 b1))))
`)
	expectWarnings(t, warns, `^8:43: position "b1" is set up twice; the later setup, B Q, replaces A P$`)
	s := g.NewState()
	for sq, want := range map[string]string{"a1": "A P", "b1": "B Q", "c1": "A P", "a3": "B Q", "b2": ""} {
		if got := occupant(g, s, sq); got != want {
			t.Errorf("%s holds %q, want %q", sq, got, want)
		}
	}
}

func TestLenientPieceTwice(t *testing.T) {
	g, warns := loadLenient(t, `(game (title "Pasted twice")
   (players A B)
   `+lenientBoard+`
   (piece (name P) (help "first") (moves (n add)))
   (piece (name Q) (moves (s add)))
   (piece (name P) (help "second") (moves (n add)))
   (board-setup (A (P a1))))
`)
	expectWarnings(t, warns, `^8:4: piece "P" defined twice, with the same moves and drops; the first definition is used$`)
	if len(g.Pieces) != 2 || g.Pieces[0].Help != "first" {
		t.Fatalf("pieces %v, help %q; want P (the first definition) and Q", len(g.Pieces), g.Pieces[0].Help)
	}
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if err != nil || len(turns) != 1 {
		t.Fatalf("%d turns (%v), want a1 - a2 only", len(turns), err)
	}
}

// TestDialectSetupColumns: in the dialect with (stacks N), several pieces set up on one
// position make a column, the later on top.
func TestDialectSetupColumns(t *testing.T) {
	g, warns := loadLenient(t, `(version "zoggo-1")
(game (title "Columns")
   (players A B)
   (stacks 3)
   `+lenientBoard+`
   (piece (name P) (moves (n add)))
   (piece (name Q))
   (board-setup (A (P a1 a1 b1)) (B (Q a1 c3))))
`)
	expectWarnings(t, warns)
	s := g.NewState()
	if got := bashniColumn(g, s, "a1"); got != "B Q / A P / A P" {
		t.Errorf("a1: %q, want B Q / A P / A P", got)
	}
	if got := bashniColumn(g, s, "b1"); got != "A P" {
		t.Errorf("b1: %q, want A P", got)
	}
	if s.Hash != g.FullHash(s) {
		t.Errorf("start hash %x, full hash %x", s.Hash, g.FullHash(s))
	}
}

// pieceValue writes the value of piece attribute name on sq.
func pieceValue(t *testing.T, g *eval.Game, s *engine.State, sq, name string) string {
	t.Helper()
	e := g.Ext
	i := e.PieceIntIndex(name)
	if i < 0 {
		t.Fatalf("no piece attribute %q", name)
	}
	return e.ValueText(&e.PieceInts[i], g.Val(s, engine.ValPiece, i, g.Board.LocIndex(sq)))
}

// TestLenientValueAttributes: a plain file with Dagaz's integer and name attributes loads
// with one warning for the file, however many games and attributes have them, and the
// attributes hold and change their values.
func TestLenientValueAttributes(t *testing.T) {
	g, warns := loadLenient(t, `(game (title "Slide")
   (players You)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("1" (0 10)))
      (directions (e 1 0)))
   )
   (piece (name Tile) (attribute value 7) (attribute key 'B0000') (attribute moved? false)
      (moves (e (verify empty?) (set-attribute value 2) (set-attribute key 'B0001') (set-attribute moved? true) add)))
   (piece (name Blank) (attribute value 0))
   (board-setup (You (Tile a1) (Blank c1))))
(variant (title "Slide again"))
`)
	expectWarnings(t, warns, `^7:40: non-boolean attribute default: a Dagaz extension \(attribute "value" holds numbers, not true or false\)$`)
	s := g.NewState()
	if v, k := pieceValue(t, g, s, "a1", "value"), pieceValue(t, g, s, "a1", "key"); v != "7" || k != "'B0000'" {
		t.Errorf("a1 starts with value %s, key %s; want 7, 'B0000'", v, k)
	}
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil || len(turns) != 1 {
		t.Fatalf("%d turns (%v), want a1 - b1", len(turns), err)
	}
	next := s.Clone()
	g.Apply(next, &turns[0].Parts[0])
	if v, k := pieceValue(t, g, next, "b1", "value"), pieceValue(t, g, next, "b1", "key"); v != "2" || k != "'B0001'" {
		t.Errorf("after a1 - b1, b1 has value %s, key %s; want 2, 'B0001'", v, k)
	}
	if got := pieceValue(t, g, next, "c1", "value"); got != "0" {
		t.Errorf("the Blank's value is %s, want 0", got)
	}
}

// TestDialectNameAttributes: in the dialect, names compare for equality.
func TestDialectNameAttributes(t *testing.T) {
	g, warns := loadLenient(t, `(version "zoggo-1")
(game (title "Keys")
   (players You)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("1" (0 10)))
      (directions (e 1 0) (w -1 0))))
   (piece (name Tile) (attribute key 'B0000')
      (moves
         ((verify (= key 'B0000')) e (verify empty?) (set-attribute key 'B0001') add)
         ((verify (!= key 'B0000')) w (verify empty?) add)))
   (board-setup (You (Tile a1))))
`)
	expectWarnings(t, warns)
	ws := g.NewWorkspace()
	s := g.NewState()
	for i, want := range []string{"a1 - b1", "b1 - a1"} {
		turns, err := ws.Turns(s)
		if err != nil || len(turns) != 1 {
			t.Fatalf("turn %d: %d turns (%v), want %s", i+1, len(turns), err, want)
		}
		m := &turns[0].Parts[0]
		if got := g.Board.Locs[m.Changes[0].From].Name + " - " + g.Board.Locs[m.Dest()].Name; got != want {
			t.Fatalf("turn %d: %s, want %s", i+1, got, want)
		}
		next := s.Clone()
		g.Apply(next, m)
		s = next
	}
}

// TestLenientDisplayForms: display-only forms out of their place are ignored, with one
// warning a file for each form and place; the game is the one without them.
func TestLenientDisplayForms(t *testing.T) {
	g, warns := loadLenient(t, `(game (title "Glyphs")
   (players A B)
   (glyph "board.png")
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("2/1" (0 10)))
      (directions (n 0 -1)))
      (glyph "grid") (help "a small board")
      (zone (name top) (players A B) (positions a2 b2 c2) (glyph "t") (help "the top")))
   (piece (name P) (glyph A "p.png") (move-sound "step.wav") (image A "p.bmp") (moves (n add)))
   (piece (name Q) (glyph "q"))
   (board-setup (A (P a1 b1)) (B (Q c2))))
`)
	expectWarnings(t, warns,
		`^3:4: \(glyph \.\.\.\) in a game only serves display \(a Dagaz extension\); zoggo ignores it$`,
		`^7:7: \(glyph \.\.\.\) in a board only serves display`,
		`^7:22: \(help \.\.\.\) in a board only serves display`,
		`^9:20: \(glyph \.\.\.\) in a piece only serves display`,
		`^9:38: \(move-sound \.\.\.\) in a piece only serves display`)
	if len(g.Pieces) != 2 || len(g.Pieces[0].Images[0]) != 1 {
		t.Errorf("pieces %d, P's images %v; want 2 and P's own image", len(g.Pieces), g.Pieces[0].Images)
	}
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if err != nil || len(turns) != 2 {
		t.Errorf("%d turns (%v), want a1 - a2 and b1 - b2", len(turns), err)
	}
}

// TestLenientPieceTwiceVariant: a variant that redefines a piece its base game defines
// twice replaces both, with the one warning of the base game's duplicate.
func TestLenientPieceTwiceVariant(t *testing.T) {
	f, err := eval.Load(zrf.NewFileSet(), fstest.MapFS{"t.zrf": {Data: []byte(`(game (title "Base")
   (players A B)
   ` + lenientBoard + `
   (piece (name P) (moves (n add)))
   (piece (name P) (moves (n add)))
   (board-setup (A (P a1))))
(variant (title "Backwards")
   (piece (name P) (moves (s add)))
   (board-setup (A (P a3))))
`)}}, "t.zrf")
	if err != nil {
		t.Fatal(err)
	}
	var warns []string
	for _, w := range f.Warnings {
		warns = append(warns, fmt.Sprintf("%d:%d: %s", w.Pos.Line, w.Pos.Column, w.Msg))
	}
	expectWarnings(t, warns, `^7:4: piece "P" defined twice, with the same moves and drops`)
	g, err := f.Find("Backwards")
	if err != nil {
		t.Fatal(err)
	}
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if len(g.Pieces) != 1 || err != nil || len(turns) != 1 {
		t.Errorf("%d piece types, %d turns (%v); want P alone, moving a3 - a2", len(g.Pieces), len(turns), err)
	}
}

// TestChooseByNumber: Choose reaches a variant whose title repeats an earlier one by its
// number; Find, which saved games and the server use, takes titles only.
func TestChooseByNumber(t *testing.T) {
	f, err := eval.Load(zrf.NewFileSet(), fstest.MapFS{"t.zrf": {Data: []byte(`(game (title "Twin")
   (players A B)
   ` + lenientBoard + `
   (piece (name P))
   (board-setup (A (P a1))))
(variant (title "Twin")
   (board-setup (A (P c3))))
`)}}, "t.zrf")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, want string // want: the square of A's piece, or an error
	}{
		{"Twin", "a1"},
		{"1", "a1"},
		{"2", "c3"},
		{"3", "no game or variant number 3: the file has 2, numbered from 1"},
	} {
		g, err := f.Choose(tt.name)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			s := g.NewState()
			for l, c := range s.Cells {
				if !c.IsEmpty() {
					got = g.Board.Locs[l].Name
				}
			}
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("Choose(%q): %q, want %q", tt.name, got, tt.want)
		}
	}
	if _, err := f.Find("2"); err == nil || !strings.Contains(err.Error(), `no game or variant titled "2"`) {
		t.Errorf("Find(\"2\"): %v, want no such title", err)
	}
}

// TestLenientSetupSameSide: a position listed for two piece types of the same player (a
// pawn on a square another type's list names too) holds the later one, with a warning.
func TestLenientSetupSameSide(t *testing.T) {
	g, warns := loadLenient(t, `(game (title "Typo")
   (players A B)
   `+lenientBoard+`
   (piece (name P) (moves (n add)))
   (piece (name Q) (moves (s add)))
   (board-setup (A (Q a1 b1) (P b1 c1)) (B (Q a3))))
`)
	expectWarnings(t, warns, `^8:33: position "b1" is set up twice; the later setup, A P, replaces A Q$`)
	s := g.NewState()
	for sq, want := range map[string]string{"a1": "A Q", "b1": "A P", "c1": "A P", "a3": "B Q"} {
		if got := occupant(g, s, sq); got != want {
			t.Errorf("%s holds %q, want %q", sq, got, want)
		}
	}
}

// TestLenientMixedAttribute: an attribute whose default is a number in one piece and a
// name in another loads, with a warning, in a file that never reads or sets it.
func TestLenientMixedAttribute(t *testing.T) {
	g, warns := loadLenient(t, `(game (title "Mixed")
   (players A B)
   `+lenientBoard+`
   (piece (name P) (attribute rank 1) (moves (n add)))
   (piece (name Q) (attribute rank royal) (moves (n add)))
   (board-setup (A (P a1) (Q b1)) (B (P c3))))
`)
	expectWarnings(t, warns,
		`^6:36: non-boolean attribute default: a Dagaz extension`,
		`^7:36: attribute "rank" holds numbers elsewhere; here its default is "royal": accepted while no move code reads or sets it$`)
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if err != nil || len(turns) != 2 {
		t.Fatalf("%d turns (%v), want a1 - a2 and b1 - b2", len(turns), err)
	}
}

// TestMissingDirectionLeavesBoard runs a variant whose board lacks a direction the
// game's pieces step through (compile warns and loads it): its turns are those of a
// variant whose board has the direction leading off the board from everywhere.
func TestMissingDirectionLeavesBoard(t *testing.T) {
	src := `(game (title "Base")
   (players White Black)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1) (ne 1 -1))))
   (piece (name Man) (moves (n add) (ne add) ((verify (not-empty? ne)) s add)
      ((verify (not (on-board? ne))) s s add) ((opposite ne) add) (n (capture ne) add)))
   (board-setup (White (Man b2)) (Black (Man c3))))
(variant (title "Small")
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1)))))
(variant (title "Edge")
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1) (ne 5 -5)))))
`
	path := filepath.Join(t.TempDir(), "dirs.zrf")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	small, err := f.Find("Small")
	if err != nil {
		t.Fatal(err)
	}
	edge, err := f.Find("Edge")
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, spec := range []string{
		"White Man b2; Black Man c3; White to move",
		"White Man a3 b2; Black Man b1 c3; White to move",
		"White Man a1; Black Man a2 b1; White to move",
		"White Man b3 c1; Black Man a1; Black to move",
	} {
		got, want := turnList(t, small, position(t, small, spec)), turnList(t, edge, position(t, edge, spec))
		if !slices.Equal(got, want) {
			t.Errorf("%s: the board without ne gives %v, the board whose ne leaves it %v", spec, got, want)
		}
		compared += len(want)
	}
	if compared < 8 {
		t.Errorf("compared %d turns, want 8 or more", compared)
	}
}
