package eval_test

// Tests of what zoggo tolerates in rules files from the wild (docs/zrf-decisions.md): each
// fixture loads with the warnings it must give, at their file:line:col, and the game it
// gives is checked. The refusals that stay are chunks of compile/testdata/errors.zrf.

import (
	"fmt"
	"regexp"
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
