package eval_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestDialectShortcutsChangeNothing plays random games of every game of the dialect in
// games/ and checks that, in every position, the legal turns are the same turns in the
// same order, with the same parts, end-of-turn changes and states after them, with the
// fast paths of dialect_fast.go as without them.
func TestDialectShortcutsChangeNothing(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil {
		t.Fatal(err)
	}
	// Slow games get fewer plies; the draughts, whose post-move scan the shortcuts
	// replace, get more games.
	plies := map[string]int{"gess.zrf": 8, "go.zrf": 40, "pentago.zrf": 20, "epaminondas.zrf": 12}
	seeds := map[string]int{"russian.zrf": 12, "brazilian.zrf": 12, "bashni.zrf": 8, "fanorona.zrf": 6}
	ran := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(`(version "zoggo-1")`)) {
			continue
		}
		f, err := eval.LoadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		games, err := f.All()
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(file)
		for _, g := range games {
			ran++
			t.Run(base+"/"+g.Title, func(t *testing.T) {
				n, ns := 100, 3
				if p, ok := plies[base]; ok {
					n = p
				}
				if s, ok := seeds[base]; ok {
					ns = s
				}
				compareDialect(t, g, ns, n, 17)
			})
		}
	}
	if ran < 20 {
		t.Errorf("only %d games of the dialect found in games/", ran)
	}
}

// TestDialectFastPathsProved checks which fast paths the load proves: those of the
// draughts, and none where the body or the check does not allow them.
func TestDialectFastPathsProved(t *testing.T) {
	type counts struct{ scans, actions, heads, checks int }
	for _, tt := range []struct {
		name string
		g    func(t *testing.T) *eval.Game
		want counts
	}{
		// One scan; the global actions and Man's and King's, for each of the four
		// kinds of actions; four jumps and two steps of the man, the king's four
		// jumps and four slides (a first step and no verify: no head); one check.
		{"russian", func(t *testing.T) *eval.Game { return loadGame(t, "russian.zrf") }, counts{1, 12, 6, 1}},
		{"brazilian", func(t *testing.T) *eval.Game { return loadGame(t, "brazilian.zrf") }, counts{1, 12, 6, 1}},
		// An else branch, a condition true at INIT, a condition reading another
		// square, a check reading the board: no scan, no check, and of the actions
		// only the empty ones (pre-part and pre-move, global and Man's); the step's
		// head.
		{"unproved", func(t *testing.T) *eval.Game { return evaltest.LoadText(t, "unproved.zrf", unprovedRules) }, counts{0, 4, 1, 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got counts
			got.scans, got.actions, got.heads, got.checks = eval.FastPaths(tt.g(t))
			if got != tt.want {
				t.Errorf("fast paths proved %+v, want %+v", got, tt.want)
			}
		})
	}
}

// unprovedRules is a game of the dialect whose post-actions and check the fast paths
// must leave to the general path.
const unprovedRules = `(version "zoggo-1")
(game
   (title "Unproved")
   (players White Black)
   (turn-order White Black)
   (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1))))
   (position-attributes (mark 0) (seen 1))
   (check (> (count friend?) 0))
   (post-part (all-positions (if (= mark 1) (set mark 0) else (set seen 1))))
   (post-move (all-positions (if (= seen 1) (set seen 0))) (all-positions (if (= (mark n) 1) (set mark 0))))
   (piece (name Man) (moves (n (verify empty?) (set mark 1) add)))
   (board-setup (White (Man a1 b1)) (Black (Man a3 b3))))
`
