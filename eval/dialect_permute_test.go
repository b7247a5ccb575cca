package eval_test

// Tests of the dialect's (permute ...) on a small board written here; Pentago's twists
// are tested in dialect_pentago_test.go.

import (
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// boardList lists a position's pieces by player: "White a4 c6; Black b5".
func boardList(g *eval.Game, s *engine.State) string {
	var out []string
	for p := range g.Players {
		var locs []string
		for l, c := range s.Cells {
			if !c.IsEmpty() && int(c.Player()) == p {
				locs = append(locs, g.Board.Locs[l].Name)
			}
		}
		if len(locs) > 0 {
			slices.Sort(locs)
			out = append(out, g.Players[p].Name+" "+strings.Join(locs, " "))
		}
	}
	return strings.Join(out, "; ")
}

// permuteRules is a 3x3 board whose piece S runs BLOCK as a move and drops only on a3
// with DROP.
const permuteRules = `(version "zoggo-1")
(game (title "Permute") (players A B) (turn-order A B)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (piece (name S) (moves BLOCK) (drops ((verify (position? a3)) DROP add))))
`

// TestDialectPermute checks (permute ...) apart from Pentago: the permutation applies to
// the board the part leaves, so it carries the moving piece, the pieces standing in its
// positions and the part's captures; two permutes compose in order.
func TestDialectPermute(t *testing.T) {
	for _, tt := range []struct{ name, block, drop, spec, want string }{
		// S steps a1 > b1, then a1 > b1 > c1 > a1 carries it on to c1, and B's c1 to a1.
		{"moving piece", "(e (verify empty?) (permute (a1 b1 c1)) add)", "(verify false)", "A S a1; B S c1; A to move", "A c1; B a1"},
		// a1 > b1, then b1 > c1: a1's piece ends on c1; b1's goes to a1; c1's to b1.
		{"composed", "(n (verify false) add)", "(permute (a1 b1)) (permute (b1 c1))", "A S a1; B S b1 c1; A to move", "A a3 c1; B a1 b1"},
		// The capture of a1 comes first: B's piece there is gone, and A's b1 goes to a1.
		{"capture", "(n (verify false) add)", "(capture a1) (permute (a1 b1))", "A S b1; B S a1; A to move", "A a1 a3"},
	} {
		src := strings.NewReplacer("BLOCK", tt.block, "DROP", tt.drop).Replace(permuteRules)
		g := evaltest.LoadText(t, "permute.zrf", src)
		s := position(t, g, tt.spec)
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range turns {
			a := turns[i].After
			if a.Hash != g.FullHash(a) {
				t.Errorf("%s: incremental hash %x, full hash %x", tt.name, a.Hash, g.FullHash(a))
			}
			got = append(got, boardList(g, a))
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: %s: got %q, want [%q]", tt.name, tt.spec, got, tt.want)
		}
	}
	// A piece landing on a position the permute moves would capture what the
	// permutation carries away: refused, at the rules position.
	src := strings.NewReplacer("BLOCK", "(e (permute (b1 c1)) add)", "DROP", "(verify false)").Replace(permuteRules)
	g := evaltest.LoadText(t, "permute.zrf", src)
	_, err := g.NewWorkspace().Turns(position(t, g, "A S a1; B S b1; A to move"))
	if err == nil || !strings.Contains(err.Error(), "permute.zrf:") || !strings.Contains(err.Error(), "permute cannot capture by landing") {
		t.Errorf("landing on a permuted position: got %v", err)
	}
}
