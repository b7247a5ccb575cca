package eval_test

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestDialectDropQuietProved checks which checks the load proves to remove every turn
// that captures nothing once some turn captures (dialect_defer.go): the draughts' and
// other forms of the rule, and none where a quiet turn may stay.
func TestDialectDropQuietProved(t *testing.T) {
	for _, tt := range []struct {
		name, check string
		want        bool
	}{
		{"russian", "(check (or (> (captures) 0) (= (max (captures)) 0)))", true},
		{"brazilian", "(check (>= (captures) (max (captures))))", true},
		{"always", "(check (> (captures) 0))", true},
		{"not", "(check (not (< (captures) (max (captures)))))", true},
		{"fewer", "(check (<= (captures) (max (captures))))", false},
		{"min", "(check (>= (captures) (min (captures))))", false},
		{"parts", "(check (or (> (captures) 0) (= (max parts) 1)))", false},
		{"mover", "(check (or (> (captures) 0) (= (mover Man) 1)))", false},
		{"board", "(check (> (count friend?) 0))", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(dropQuietRules, "CHECK", tt.check, 1)
			g := evaltest.LoadText(t, tt.name+".zrf", src)
			if got := eval.DropsQuiet(g); got != tt.want {
				t.Errorf("%s: drops quiet turns %v, want %v", tt.check, got, tt.want)
			}
		})
	}
	for _, file := range []string{"russian.zrf", "brazilian.zrf"} {
		g := loadGame(t, file)
		if !eval.DropsQuiet(g) {
			t.Errorf("%s: the check is not proved to drop quiet turns", file)
		}
		// A man's two steps and a king's four slides.
		if adds, slides := eval.Tails(g); adds != 2 || slides != 4 {
			t.Errorf("%s: %d add tails and %d slides, want 2 and 4", file, adds, slides)
		}
	}
}

// dropQuietRules is a game of the dialect whose check is CHECK.
const dropQuietRules = `(version "zoggo-1")
(game
   (title "Checks")
   (players White Black)
   (turn-order White Black)
   (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1))))
   CHECK
   (piece (name Man) (moves (n (verify empty?) add) (n (verify enemy?) capture n (verify empty?) add)))
   (board-setup (White (Man a1 b1)) (Black (Man a3 b3))))
`

// TestDialectDirectActions checks which action lists the load proves to run without
// the interpreter (dialect_direct.go): all of the draughts' (their post-move scan and
// the crowning of a man among them), and of the unproved game only the empty ones: its
// scans are not sparse (an else branch, a condition true at the starting values, one
// reading another square).
func TestDialectDirectActions(t *testing.T) {
	for _, tt := range []struct {
		name string
		g    func(t *testing.T) *eval.Game
		want int
	}{
		{"russian", func(t *testing.T) *eval.Game { return loadGame(t, "russian.zrf") }, 12},
		{"brazilian", func(t *testing.T) *eval.Game { return loadGame(t, "brazilian.zrf") }, 12},
		{"unproved", func(t *testing.T) *eval.Game { return evaltest.LoadText(t, "unproved.zrf", unprovedRules) }, 6},
	} {
		if got := eval.DirectActions(tt.g(t)); got != tt.want {
			t.Errorf("%s: %d action lists run directly, want %d", tt.name, got, tt.want)
		}
	}
}
