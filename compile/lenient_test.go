package compile_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// The tolerances of docs/zrf-decisions.md are tested in eval/lenient_test.go; here the
// one whose warning comes from the move code, which File.Check compiles.

// loadLenient loads src, checks every game's move code, and returns the file and the
// text of its warnings (one a line, with file:line:col).
func loadLenient(t *testing.T, src string) (*compile.File, string) {
	t.Helper()
	f, err := compile.Load(zrf.NewFileSet(), fstest.MapFS{"in.zrf": {Data: []byte(src)}}, "in.zrf")
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if err := f.Check(); err != nil {
		t.Fatalf("check: %v", err)
	}
	var w []string
	for _, e := range f.Warnings {
		w = append(w, e.Error())
	}
	return f, strings.Join(w, "\n")
}

func wantWarning(t *testing.T, warnings, want string) {
	t.Helper()
	if !strings.Contains(warnings, want) {
		t.Errorf("no warning %q among:\n%s", want, warnings)
	}
}

const lenientBoard = `(board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1) (ne 1 -1))))`

// A variant with a board of its own that lacks a direction the game's pieces step
// through loads; such a step leaves the board.
func TestLenientMissingDirection(t *testing.T) {
	f, w := loadLenient(t, `(game (title "Base")
   (players White Black)
   `+lenientBoard+`
   (piece (name Man) (moves (n add) (ne add) ((verify (not-empty? ne)) s add) ((opposite ne) add)))
   (board-setup (White (Man b2)) (Black (Man c3))))
(variant (title "Small")
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1)))))`)
	wantWarning(t, w, `in.zrf:6:38: warning: direction "ne" is not on the board of "Small" (another board of the file has it): moves through it leave the board`)
	if n := strings.Count(w, `direction "ne"`); n != 1 {
		t.Errorf("%d warnings about ne, want 1:\n%s", n, w)
	}
	small := f.Games[1]
	if small.Board.DirIndex("ne") != engine.NoDir {
		t.Fatalf("the variant's board got the direction ne")
	}
	prog, err := small.Program()
	if err != nil || prog == nil {
		t.Fatalf("Small: %v", err)
	}
	// The game itself compiles the same blocks with its own direction, unwarned.
	if _, err := f.Games[0].Program(); err != nil {
		t.Fatal(err)
	}
}
