package zrf

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/internal/testutil"
)

func expandString(t *testing.T, files map[string]string) (*Expanded, *FileSet, error) {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	fset := NewFileSet()
	ex, err := Load(fset, fsys, "main.zrf", DefaultLimits)
	return ex, fset, err
}

func TestExpand(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"whole atom", "(define step ($1 add)) (game (step n))", "(game (n add))"},
		{"splice several items", "(define two a b) (game (x (two) y))", "(game (x a b y))"},
		{"inside atom", "(define pos $1-01 line-$1) (game ((pos q)))", "(game (q-01 line-q))"},
		{"inside string", `(define img (image "images/$1.bmp")) (game (img wk))`, `(game (image "images/wk.bmp"))`},
		{"list argument", "(define blk ($1 add)) (game (blk (verify empty?)))", "(game ((verify empty?) add))"},
		{"nested", "(define a (b $1 $1)) (define b ($1 $2)) (game (a x))", "(game (x x))"},
		{"use before define", "(game (late 1)) (define late (v $1))", "(game (v 1))"},
		{"dynamic scope", "(define body $1 (verify not-friend?)) (define step ((body) (add $2))) (game (step n Warrior))",
			"(game (n (verify not-friend?) (add Warrior)))"},
		{"$10 is $1 then 0", "(define m $10) (game ((m z)))", "(game (z0))"},
		{"args not substituted again", "(define outer ((inner $1))) (define inner ($1)) (game (outer q))", "(game ((q)))"},
		{"head from parameter", "(define call ($1 z)) (define wrap (w $1)) (game (call wrap))", "(game (w z))"},
		{"last definition wins", "(define m 1) (define m 2) (game (m))", "(game 2)"},
		{"zero-arg bare atom is not a call", "(define m 1) (game m (m))", "(game m 1)"},
		{"arg with macro call", "(define q (k $1)) (define r $1) (game (q (r v)))", "(game (k v))"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ex, _, err := expandString(t, map[string]string{"main.zrf": tt.src})
			if err != nil {
				t.Fatalf("Expand: %v", err)
			}
			if got := dump(ex.Forms); got != tt.want {
				t.Errorf("Expand(%q) = %s, want %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestInclude(t *testing.T) {
	ex, _, err := expandString(t, map[string]string{
		"main.zrf":        `(include "Lib\Common.INC") (game (m 1))`,
		"lib/common.inc":  `(include "more.inc") (define m (from-inc $1 (n)))`,
		"lib/more.inc":    `(define n deep)`,
		"lib/unused.zrf":  `(game)`,
		"other/ignore.zr": ``,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dump(ex.Forms), "(game (from-inc 1 deep))"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestExpandErrors(t *testing.T) {
	testutil.LimitMemory(t, 1<<30) // the runaway cases fail, if their bounds regress, not the machine
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  []string // substrings of the error's Detail, in order
	}{
		{"runaway macro", map[string]string{"main.zrf": "(define loop (loop $1))\n(game (loop x))"},
			[]string{"main.zrf:1:14: macro expansion nested more than 200 deep", "loop → loop", `note: macro "loop" is defined here`}},
		// Each macro doubles the last: 2^40 nodes, stopped at the call in the game.
		{"exponential macro", map[string]string{"main.zrf": bomb(40)},
			[]string{"main.zrf:41:13: macro expansion creates more than 4000000 nodes", `main.zrf:2:13: note: in expansion of macro "b0"`}},
		{"mutual recursion", map[string]string{"main.zrf": "(define a (b))\n(define b (a))\n(game (a))"},
			[]string{"nested more than 200 deep", "a → b → a"}},
		{"missing parameter", map[string]string{"main.zrf": "(define m ($1 $3))\n(game (m x y))"},
			[]string{"main.zrf:1:15: $3 has no value: macro \"m\" was invoked with 2 arguments", "main.zrf:2:7: note: in expansion of macro \"m\""}},
		{"list inside atom", map[string]string{"main.zrf": "(define m (a-$1))\n(game (m (x y)))"},
			[]string{"main.zrf:1:12: $1 is part of \"a-$1\" but its argument is a list (x y)"}},
		{"missing include", map[string]string{"main.zrf": `(include "nope.inc") (game)`},
			[]string{`main.zrf:1:10: cannot include "nope.inc": no such file`}},
		{"include cycle", map[string]string{"main.zrf": `(include "a.inc") (game)`, "a.inc": `(include "main.zrf")`},
			[]string{"a.inc:1:10: include cycle: main.zrf includes a.inc includes main.zrf"}},
		{"keyword macro", map[string]string{"main.zrf": "(define game 1)"},
			[]string{`main.zrf:1:9: cannot define a macro named "game"`}},
		{"include leaves root", map[string]string{"main.zrf": `(include "../x.inc")`},
			[]string{"path leaves the folder"}},
		{"top-level macro call", map[string]string{"main.zrf": "(define m 1)\n(m)"},
			[]string{`main.zrf:2:1: macro "m" invoked at the top level`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := expandString(t, tt.files)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			detail := AsList(err)[0].Detail()
			rest := detail
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("error\n%s\ndoes not contain %q (in order)", detail, w)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestExpansionChain checks the note chain of a node that was typed at a call site and
// reached the tree through two macros.
func TestExpansionChain(t *testing.T) {
	src := "(define slide ($1 (while empty? add $1)))\n(define rook (moves (slide $1)))\n(game (piece (rook nnw)))\n"
	ex, fset, err := expandString(t, map[string]string{"main.zrf": src})
	if err != nil {
		t.Fatal(err)
	}
	// (game (piece (moves (nnw (while empty? add nnw)))))
	moves := ex.Forms[0].List[1].List[1]
	block := moves.List[1]
	dir := block.List[0]
	if dir.Text != "nnw" {
		t.Fatalf("unexpected tree %s", ex.Forms[0])
	}
	e := fset.NodeError(dir, "unknown direction %q", dir.Text)
	want := `main.zrf:3:20: unknown direction "nnw"
(game (piece (rook nnw)))
                   ^
main.zrf:1:16: note: substituted for $1 in macro "slide"
main.zrf:2:28: note: substituted for $1 in macro "rook"`
	if got := e.Detail(); got != want {
		t.Errorf("Detail() =\n%s\nwant\n%s", got, want)
	}
	// A node copied from a body names the invocation that produced it.
	while := block.List[1]
	e = fset.NodeError(while, "x")
	if !strings.Contains(e.Detail(), `main.zrf:2:21: note: in expansion of macro "slide"`) ||
		!strings.Contains(e.Detail(), `main.zrf:3:14: note: in expansion of macro "rook"`) {
		t.Errorf("body node chain:\n%s", e.Detail())
	}
}

func TestExpandLimits(t *testing.T) {
	// Each level doubles the text: 2^30 nodes unless the size bound stops it.
	var b strings.Builder
	b.WriteString("(define m0 x)\n")
	for i := 1; i <= 30; i++ {
		b.WriteString("(define m" + itoa(i) + " (m" + itoa(i-1) + ") (m" + itoa(i-1) + "))\n")
	}
	b.WriteString("(game (m30))\n")
	_, _, err := expandString(t, map[string]string{"main.zrf": b.String()})
	if err == nil || !strings.Contains(err.Error(), "creates more than") {
		t.Fatalf("err = %v, want a size error", err)
	}
}

func itoa(i int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i/10)) + string(rune('0'+i%10)))
}

// TestResolvePath resolves names the Windows way, and tells its failures apart.
func TestResolvePath(t *testing.T) {
	fsys := fstest.MapFS{
		"rules/game.zrf":       {},
		"rules/Images/Man.bmp": {},
		"shared/board.bmp":     {},
	}
	for _, tt := range []struct {
		dir, name string
		want      string
		err       error
	}{
		{"rules", "game.zrf", "rules/game.zrf", nil},
		{"rules", `images\MAN.BMP`, "rules/Images/Man.bmp", nil},
		{"rules", `Images\\Man.bmp`, "rules/Images/Man.bmp", nil},
		{"rules", `..\Shared\Board.bmp`, "shared/board.bmp", nil},
		{"rules", "images/king.bmp", "", ErrNoFile},
		{"rules", `..\..\x.bmp`, "", ErrOutside},
		{"rules", `\x.bmp`, "", ErrAbsolute},
		{"rules", `C:\x.bmp`, "", ErrAbsolute},
	} {
		got, err := ResolvePath(fsys, tt.dir, tt.name)
		if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("ResolvePath(%q, %q) = %q, %v; want %q, %v", tt.dir, tt.name, got, err, tt.want, tt.err)
		}
	}
}

// bomb writes a file of n macros, each invoking the one before twice, and a game that
// invokes the last: 2^n nodes in a file of a few hundred bytes.
func bomb(n int) string {
	var b strings.Builder
	b.WriteString("(define b0 (x y))\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "(define b%d ((b%d) (b%d)))\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "(game (help (b%d)))\n", n-1)
	return b.String()
}
