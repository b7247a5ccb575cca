package eval_test

// Tests of games/go.zrf, from the rules its header follows (the Tromp-Taylor rules of
// Go, with suicide forbidden as in the AGA and Chinese rules, komi 7.5): captures of
// whole groups, suicide, and area scoring after two passes. Ko and superko need the
// game's history and are tested with a match (match/go_test.go); match/gnugo_test.go
// compares random games with GNU Go. Columns a..j without i, rows 1..9 from the bottom.

import (
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/evaltest"
)

// goDrop returns the legal turn of spec that drops on point, described as describe does
// ("e4 x e5"), or "illegal".
func goDrop(t *testing.T, g *eval.Game, spec, point string) string {
	t.Helper()
	for _, d := range turnList(t, g, position(t, g, spec)) {
		if d == point || strings.HasPrefix(d, point+" ") {
			return d
		}
	}
	return "illegal"
}

func TestGoPositions(t *testing.T) {
	g := loadGame(t, "go.zrf")
	for _, tt := range []struct{ name, spec, point, want string }{
		// Rule 2: a stone is dropped on an empty point; nothing else moves.
		{"drop", "Black Stone e5; White Stone e6; Black to move", "d4", "d4"},
		{"occupied", "Black Stone e5; White Stone e6; Black to move", "e6", "illegal"},
		// Rule 2: the opponent's group without a liberty is removed.
		{"capture one", "White Stone e5; Black Stone e6 d5 f5; Black to move", "e4", "e4 x e5"},
		{"capture a group", "White Stone d5 e5; Black Stone d6 e6 c5 f5 d4; Black to move", "e4", "e4 x d5 e5"},
		// Two groups that lose their last liberty to the same stone both go.
		{"capture two groups", "White Stone a2 b1; Black Stone a3 b2 c1; Black to move", "a1", "a1 x a2 b1"},
		// A group with another liberty stays.
		{"no capture", "White Stone d5 e5; Black Stone d6 e6 c5 f5; Black to move", "e4", "e4"},
		// Only the opponent's stones are removed: filling one's own group's liberty
		// leaves it (with a liberty) on the board.
		{"own group", "Black Stone a2 b2; White Stone a3 b3 c2; Black to move", "b1", "b1"},
		// Rule 3: suicide is illegal, for one stone or a group.
		{"suicide", "Black Stone a2 b1; White Stone e5; White to move", "a1", "illegal"},
		{"group suicide", "White Stone a1; Black Stone a3 b2 b1 c1; White to move", "a2", "illegal"},
		// The same group with a liberty left (b1 empty) is no suicide.
		{"group with a liberty", "White Stone a1; Black Stone a3 b2 c1; White to move", "a2", "a2"},
		// A drop without liberties is legal when it captures: the capture comes first.
		{"capture before suicide", "Black Stone a2 b1; White Stone a3 b2 c1; White to move", "a1", "a1 x a2 b1"},
	} {
		if got := goDrop(t, g, tt.spec, tt.point); got != tt.want {
			t.Errorf("%s: %s, drop on %s: got %q, want %q", tt.name, tt.spec, tt.point, got, tt.want)
		}
	}
	// A pass is always legal.
	if got := goDrop(t, g, "Black Stone e5; White to move", "pass"); got != "pass" {
		t.Errorf("pass: got %q", got)
	}
}

func TestGoScore(t *testing.T) {
	g := loadGame(t, "go.zrf")
	col := func(c string) string {
		var out []string
		for r := 1; r <= 9; r++ {
			out = append(out, c+string(rune('0'+r)))
		}
		return strings.Join(out, " ")
	}
	for _, tt := range []struct {
		name, spec string
		passes     int32
		want       string // winner, "draw" or "" for a game that goes on
	}{
		// Rule 6: Black e1..e9 and a..d (45), White f1..f9 and g, h, j (36): 45 > 36+7.5.
		{"black ahead", "Black Stone " + col("e") + "; White Stone " + col("f") + "; Black to move", 2, "Black"},
		// Black d1..d9 and a..c (36), White e1..e9 and f..j (45).
		{"white ahead", "Black Stone " + col("d") + "; White Stone " + col("e") + "; Black to move", 2, "White"},
		// Komi decides a close game: Black e (45) against White f plus a white stone
		// at a1 that makes a..d border both colours (neutral): 9 against 9+1+27.
		{"neutral region", "Black Stone " + col("e") + "; White Stone a1 " + col("f") + "; Black to move", 2, "White"},
		// An empty board: no region borders a stone, 0 against 0 + 7.5.
		{"empty", "Black to move", 2, "White"},
		// Rule 5: one pass does not end the game.
		{"one pass", "Black Stone " + col("e") + "; White Stone " + col("f") + "; Black to move", 1, ""},
	} {
		s := position(t, g, tt.spec)
		s.Passes = tt.passes
		res, _, err := g.NewWorkspace().Outcome(s, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		switch {
		case !res.Over:
		case res.Draw:
			got = "draw"
		case len(res.Winners) == 1:
			got = g.Players[res.Winners[0]].Name
		}
		if got != tt.want {
			t.Errorf("%s: got %q (%v), want %q", tt.name, got, res, tt.want)
		}
	}
}

func TestGoPerft(t *testing.T) {
	// No capture is possible in three turns, and perft does not stop after two
	// passes: 81 drops and a pass; then 81 drops x (80 drops + pass) + the pass's
	// 81 + 1 = 6643; then 81*80 x 80 + 81 x 81 (drop, pass) + 81 x 81 (pass, drop) +
	// 82 (pass, pass) = 531604.
	expectPerft(t, loadGame(t, "go.zrf"), []int64{82, 6643, 531604})
}

func TestGoPasses(t *testing.T) {
	// The state counts the passes in a row, and its hash includes the count: a pass
	// then a drop, and a drop alone, reach the same board with the same count.
	g := loadGame(t, "go.zrf")
	step := func(s *engine.State, pass bool) *engine.State {
		t.Helper()
		turns, err := g.NewWorkspace().Turns(s)
		if err != nil {
			t.Fatal(err)
		}
		for i := range turns {
			if turns[i].Parts[0].Pass == pass {
				a := turns[i].After.Clone()
				if a.Hash != g.FullHash(a) {
					t.Fatalf("incremental hash %x, full hash %x", a.Hash, g.FullHash(a))
				}
				return a
			}
		}
		t.Fatal("no such turn")
		return nil
	}
	s := g.NewState()
	p1 := step(s, true)
	p2 := step(p1, true)
	d := step(p1, false)
	if p1.Passes != 1 || p2.Passes != 2 || d.Passes != 0 {
		t.Errorf("passes in a row: %d, %d, then %d after a drop; want 1, 2, 0", p1.Passes, p2.Passes, d.Passes)
	}
	if p2.Hash == s.Hash {
		t.Error("two passes lead back to the start's hash: the count is not hashed")
	}
}

// groupRules drops stones on a 3x3 board under the check CHECK, read after the drop with
// the cursor on the new stone.
const groupRules = `(version "zoggo-1")
(game (title "Groups") (players A B) (turn-order A B)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
      (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (piece (name S) (drops ((verify empty?) add)))
   (check CHECK))
`

func TestGroupNumbers(t *testing.T) {
	load := func(check string) *eval.Game {
		return evaltest.LoadText(t, "groups.zrf", strings.Replace(groupRules, "CHECK", check, 1))
	}
	// Groups of at most two: A's a1 a2 would grow to three with a3, b1 or b2 (each
	// next to a1 or a2); b3, c1 and c2 stand apart (c3 is B's).
	expectTurns(t, load("(<= (group-size) 2)"), "A S a1 a2; B S c3; A to move", "b3", "c1", "c2")
	// At least two liberties: c1 would have only c2 (b1 is B's). a2 joins a1 and has
	// a3 and b2; every other point has two or three.
	expectTurns(t, load("(>= (liberties) 2)"), "A S a1; B S b1; A to move", "a2", "a3", "b2", "b3", "c2", "c3")
	// A location argument: the liberties of the group at a1 after the drop. a1's
	// neighbours are a2 and b1 (B's); a drop on a2 joins a1's group, which then has
	// a3 and b2 (two); any other drop leaves it the one liberty a2.
	expectTurns(t, load("(= (liberties a1) 1)"), "A S a1; B S b1; A to move", "a3", "b2", "b3", "c1", "c2", "c3")
}
