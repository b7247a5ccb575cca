package compile_test

import (
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// TestShareCode checks which games of a file share their move code: a variant that
// changes only its setup takes its base game's Program; one whose board gives a position
// named in a body another number, or that brings its own piece, or that adds a move
// type before the bodies name theirs, compiles its own, and that code is what it must be.
// A variant that declares its piece again with the same text takes the ops only.
func TestShareCode(t *testing.T) {
	const src = `
(define board3 (board (grid (start-rectangle 0 0 10 10)
   (dimensions ("$1" (10 0)) ("3/2/1" (0 10)))
   (directions (n 0 -1) (s 0 1)))))
(game (title "Base") (players White Black) (turn-order White Black)
   (board3 "a/b/c")
   (piece (name Man) (moves (n (add-partial hop)) (c3 add)))
   (board-setup (White (Man a1)) (Black (Man b3))))
(variant (title "Setup") (board-setup (White (Man b1)) (Black (Man c3))))
(variant (title "Wide") (board3 "z/a/b/c"))
(variant (title "Man") (piece (name Man) (moves (s add))))
(variant (title "Types") (piece (name Man) (moves (move-type slow) (n (add-partial hop)) (c3 add))))
(variant (title "Setup again") (board-setup (White (Man c1)) (Black (Man a3))))
(variant (title "Man again") (piece (name Man) (moves (n (add-partial hop)) (c3 add))))
`
	cf, err := compile.Load(zrf.NewFileSet(), fstest.MapFS{"in.zrf": {Data: []byte(src)}}, "in.zrf")
	if err != nil {
		t.Fatal(err)
	}
	progs := map[string]*code.Program{}
	for _, g := range cf.Games {
		p, err := g.Program()
		if err != nil {
			t.Fatalf("%s: %v", g.Title, err)
		}
		progs[g.Title] = p
	}
	for _, tt := range []struct {
		title string
		share bool
	}{
		{"Setup", true},
		{"Wide", false},
		{"Man", false},
		{"Types", false},
		{"Setup again", true},
		{"Man again", false},
	} {
		if got := progs[tt.title] == progs["Base"]; got != tt.share {
			t.Errorf("%s shares the code of Base: %v, want %v", tt.title, got, tt.share)
		}
	}
	// Man again declares its piece anew with the same text: it takes the ops of Base, and
	// its instructions have their own source positions.
	base, again := progs["Base"], progs["Man again"]
	if &again.Moves[0][0] != &base.Moves[0][0] {
		t.Error("Man again compiled its own ops; want those of Base")
	}
	if len(again.At) != len(base.At) || len(again.At) == 0 {
		t.Fatalf("Man again has %d sources, Base %d", len(again.At), len(base.At))
	}
	for i := range again.At {
		if again.At[i].Pos <= base.At[i].Pos {
			t.Errorf("source %d of Man again is at %d, not after that of Base (%d)", i, again.At[i].Pos, base.At[i].Pos)
		}
	}
	for _, g := range cf.Games {
		if g.Title == "Man" {
			continue
		}
		// Every other game jumps to c3 and names the move type hop, by the numbers of
		// its own tables.
		ops := progs[g.Title].Moves[0][len(progs[g.Title].Moves[0])-1].Ops
		if ops[0].Code != code.OpJump || g.Board.Locs[ops[0].A].Name != "c3" {
			t.Errorf("%s: first op of its last block is %v %d, want a jump to c3", g.Title, ops[0].Code, ops[0].A)
		}
		add := progs[g.Title].Moves[0][len(progs[g.Title].Moves[0])-2].Ops[1]
		if add.Code != code.OpAdd || add.A < 0 || g.MoveTypes[add.A] != "hop" {
			t.Errorf("%s: add-partial continues with move type %d of %q, want hop", g.Title, add.A, g.MoveTypes)
		}
		if len(g.Rules) != 1 || g.Rules[0].Name != "Man" {
			t.Errorf("%s: rules %v, want one named Man", g.Title, g.Rules)
		}
	}
}
