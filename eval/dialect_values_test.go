package eval_test

// Tests of (immediate-values) and of position attributes with starting values at named
// positions (docs/dialect.md, section 4), the two forms that Bao's sowing loop needs.

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// valuesGame is a one-move game whose move sets n twice, counts down k at b1 in a
// loop, and copies what it reads into m and at c1; imm is "(immediate-values)" or "".
func valuesGame(imm string) string {
	return `(version "zoggo-1")
(game (title "Values")
   (players A B)
   (variables (n 0) (m 0))
   (position-attributes (k 0 (b1 3) (c1 -1)))
   ` + imm + `
   (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("1" (0 10))) (directions (e 1 0))))
   (piece (name P) (moves ((set n (+ n 1)) (set n (+ n 1)) (set m n)
      (while (> (k b1) 0) (set k b1 (- (k b1) 1)) (set m (+ m 10)) (verify (< m 100)))
      (set k c1 (k b1)) add)))
   (board-setup (A (P a1))))`
}

func TestDialectImmediateValues(t *testing.T) {
	for _, tt := range []struct {
		name          string
		imm           string
		n, m, kb, kc1 int32
		moves         int // -1: the loop never ends and stops at its bound
	}{
		// Each read sees the sets before it: n is 2 and m starts from it; the loop runs
		// 3 times (m 32), and c1 copies b1's 0.
		{"immediate", "(immediate-values)", 2, 32, 0, 0, 1},
		// Every read sees the start of the part: the loop never sees b1 go down (nor m
		// grow), so it runs until MaxWhileSteps stops it with an error.
		{"at the start of the part", "", 0, 0, 3, -1, -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := evaltest.LoadText(t, "values.zrf", valuesGame(tt.imm))
			s := g.NewState()
			e := g.Ext
			b1, c1 := g.Board.LocIndex("b1"), g.Board.LocIndex("c1")
			if v := g.Val(s, engine.ValPos, e.PosIntIndex("k"), b1); v != 3 {
				t.Errorf("k at b1 starts at %d, want 3", v)
			}
			if v := g.Val(s, engine.ValPos, e.PosIntIndex("k"), c1); v != -1 {
				t.Errorf("k at c1 starts at %d, want -1", v)
			}
			turns, err := g.NewWorkspace().Turns(s)
			if tt.moves < 0 {
				if err == nil || !strings.Contains(err.Error(), "while loop ran more than") {
					t.Fatalf("error %v, want the while loop's bound", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(turns) != tt.moves {
				t.Fatalf("%d turns, want %d", len(turns), tt.moves)
			}
			a := turns[0].After
			got := [4]int32{g.Val(a, engine.ValVar, e.VarIndex("n"), 0), g.Val(a, engine.ValVar, e.VarIndex("m"), 0),
				g.Val(a, engine.ValPos, e.PosIntIndex("k"), b1), g.Val(a, engine.ValPos, e.PosIntIndex("k"), c1)}
			if want := [4]int32{tt.n, tt.m, tt.kb, tt.kc1}; got != want {
				t.Errorf("n, m, k b1, k c1 = %v, want %v", got, want)
			}
		})
	}
}

// TestDialectImmediateValuesLongLoop counts to 90000 in one part: each read folds only
// the sets made since the previous one, so the part takes linear time (a scan of all the
// part's sets at every read would take billions of steps here).
func TestDialectImmediateValuesLongLoop(t *testing.T) {
	g := evaltest.LoadText(t, "count.zrf", `(version "zoggo-1")
(game (title "Count")
   (players A B)
   (position-attributes (k 0))
   (immediate-values)
   (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10))) (directions (e 1 0))))
   (piece (name P) (moves ((while (< (k b1) 90000) (set k b1 (+ (k b1) 1))) add)))
   (board-setup (A (P a1))))`)
	turns, err := g.NewWorkspace().Turns(g.NewState())
	if err != nil || len(turns) != 1 {
		t.Fatalf("%d turns, error %v", len(turns), err)
	}
	b1 := g.Board.LocIndex("b1")
	if v := g.Val(turns[0].After, engine.ValPos, g.Ext.PosIntIndex("k"), b1); v != 90000 {
		t.Errorf("k at b1 = %d, want 90000", v)
	}
}
