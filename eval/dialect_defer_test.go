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

// TestDialectDeferChangesNothing plays random games of a small draughts written to
// meet the cases of dialect_defer.go that the games in games/ do not: a crowning
// whose condition reads the board (no table: actsQuiet makes the board after the
// part), and a post-move that captures the man itself on some squares (a quiet part
// whose turn captures, completed and kept). In every position the legal turns must be
// the same with the dialect's shortcuts as without them.
func TestDialectDeferChangesNothing(t *testing.T) {
	g := evaltest.LoadText(t, "defer.zrf", deferRules)
	if !eval.DropsQuiet(g) {
		t.Fatal("the check is not proved to drop quiet turns")
	}
	if n := compareDialect(t, g, 20, 80, 5); n < 200 {
		t.Errorf("only %d positions compared", n)
	}
}

// compareDialect plays seeds random games of up to plies plies of g (random streams
// seed, stream) and compares every position's legal turns with the dialect's shortcuts
// and without them (compareOff). It returns the number of positions compared.
func compareDialect(t *testing.T, g *eval.Game, seeds, plies int, stream uint64) int {
	t.Helper()
	n, _ := compareOff(t, g, eval.UseDialectPaths, 0, comparison{seeds: seeds, plies: plies, stream: stream, min: atLeast(seeds, plies)})
	return n
}

// deferRules is a small draughts of the dialect with Russian's compulsory capture.
const deferRules = `(version "zoggo-1")
(define man-step ($1 (verify empty?) add))
(define man-jump ($1 (verify enemy?) (verify (= taken 0)) (set taken 1) $1 (verify empty?) (add-partial jumptype)))
(define king-slide ($1 (while empty? add $1)))
(game
   (title "Defer")
   (players White Black)
   (turn-order White Black)
   (board
      (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e/f" (10 0)) ("6/5/4/3/2/1" (0 10)))
         (directions (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
      (symmetry Black (nw sw) (ne se) (sw nw) (se ne))
      (zone (name far-row) (players White) (positions a6 b6 c6 d6 e6 f6))
      (zone (name far-row) (players Black) (positions a1 b1 c1 d1 e1 f1))
      (zone (name trap) (players White Black) (positions c4 d3)))
   (position-attributes (taken 0))
   (check (or (> (captures) 0) (= (max (captures)) 0)))
   (post-move (all-positions (if (= taken 1) capture (set taken 0))))
   (piece
      (name Man)
      (moves
         (move-type jumptype)
            (man-jump ne) (man-jump nw) (man-jump se) (man-jump sw)
         (move-type normaltype)
            (man-step nw) (man-step ne))
      (post-part (if (and (in-zone? far-row) (piece? Man)) (change-type King)))
      (post-move (if (in-zone? trap) capture)))
   (piece
      (name King)
      (moves
         (move-type jumptype)
            (man-jump ne) (man-jump nw) (man-jump se) (man-jump sw)
         (move-type normaltype)
            (king-slide ne) (king-slide nw) (king-slide se) (king-slide sw)))
   (board-setup
      (White (Man a1 c1 e1 b2 d2 f2))
      (Black (Man b6 d6 f6 a5 c5 e5)))
   (loss-condition (White Black) stalemated))
`
