package zrf

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/zoggo/zoggo/internal/testutil"
)

func dump(nodes []*Node) string {
	var parts []string
	for _, n := range nodes {
		parts = append(parts, n.String())
	}
	return strings.Join(parts, " ")
}

func TestRead(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"atoms", "(a b c)", "(a b c)"},
		{"nested", "(game (title \"T\") (players W B))", `(game (title "T") (players W B))`},
		{"comments", "; head\n(a ; inner \"not a string\n b) ; tail", "(a b)"},
		{"comment after last paren", "(a);Enjoy!", "(a)"},
		{"crlf and tabs", "(a\r\n\tb\r\n)\r\n", "(a b)"},
		{"lone cr", "(a\rb)", "(a b)"},
		{"ctrl-z", "(a)\x1a", "(a)"},
		{"backslash is literal", `(image "images\Chess\wk.bmp")`, `(image "images\Chess\wk.bmp")`},
		{"semicolon in string", `(title "a;b")`, `(title "a;b")`},
		{"string spans lines", "(help \"one\ntwo\")", "(help \"one\ntwo\")"},
		{"odd atoms", "(Lion! ?Dice $1-B 1a -12 '$1')", "(Lion! ?Dice $1-B 1a -12 '$1')"},
		{"no final newline", "(a)", "(a)"},
		// Text is decoded from the file's code page once, when it is read.
		{"latin-1 bytes", "(title \"Fran\xe7ais\")", "(title \"Français\")"},
		{"cyrillic bytes", "(title \"\xc2\xee\xeb\xea\xe8\") (piece (name Fran\xe7ais))", "(title \"Волки\") (piece (name Franзais))"}, // one code page for the whole file
		{"empty list", "(a ())", "(a ())"},
		{"adjacent tokens", `(a"s"b(c))`, `(a "s" b (c))`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fs := NewFileSet()
			nodes, err := Read(fs, "t.zrf", []byte(tt.src))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if got := dump(nodes); got != tt.want {
				t.Errorf("Read(%q) = %s, want %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestReadPositions(t *testing.T) {
	src := "; c\r\n(game\r\n\t(title \"x\"))\n"
	fs := NewFileSet()
	nodes, err := Read(fs, "p.zrf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	title := nodes[0].List[1]
	for _, tt := range []struct {
		n    *Node
		want string
	}{
		{nodes[0], "p.zrf:2:1"},
		{nodes[0].List[0], "p.zrf:2:2"},
		{title, "p.zrf:3:2"},
		{title.List[1], "p.zrf:3:9"},
	} {
		if got := fs.Position(tt.n.Pos).String(); got != tt.want {
			t.Errorf("position of %s = %s, want %s", tt.n, got, tt.want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	testutil.LimitMemory(t, 1<<30) // the runaway cases fail, if their bounds regress, not the machine
	for _, tt := range []struct{ name, src, want string }{
		// The ")" after (name P) is missing: the unclosed list is (piece, on line 2.
		{"unclosed paren", "(game\n  (piece (name P)\n  (board))\n", `t.zrf:2:3: "(" is never closed`},
		{"unclosed at the end", "(game\n  (piece (name P))\n  (board)\n", `t.zrf:1:1: "(" is never closed`},
		{"unclosed inner", "(a (b c)\n(d (e)\n", `t.zrf:2:1: "(" is never closed`},
		{"extra paren", "(a))\n", `t.zrf:1:4: unexpected ")" with no "(" to close`},
		{"unclosed string", "(title \"abc)\n", `t.zrf:1:8: string not closed`},
		// 400,000 nested lists overflowed the stack of the reader.
		{"nested too deep", "(game\n " + strings.Repeat("(", 400_000) + strings.Repeat(")", 400_001), `t.zrf:2:1001: lists nested more than 1000 deep`},
		{"nested as deep as allowed", strings.Repeat("(", MaxNesting) + strings.Repeat(")", MaxNesting+1), `t.zrf:1:2001: unexpected ")"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(NewFileSet(), "t.zrf", []byte(tt.src))
			if err == nil {
				t.Fatalf("Read(%q) succeeded, want error %q", tt.src, tt.want)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("Read(%q) error = %q, want prefix %q", tt.src, err.Error(), tt.want)
			}
		})
	}
}

func TestErrorDetail(t *testing.T) {
	fs := NewFileSet()
	f := fs.AddFile("d.zrf", []byte("(a\n\t(bad x))\r\n"))
	e := fs.NewError(f.Pos(5), nil, "unknown form %q", "bad")
	want := "d.zrf:2:3: unknown form \"bad\"\n\t(bad x))\n\t ^"
	if got := e.Detail(); got != want {
		t.Errorf("Detail() =\n%s\nwant\n%s", got, want)
	}
}

func TestDecode(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain", "plain"},
		{"Fran\xe7ais \x96 ok", "Français – ok"},
		{"\xc2\xee\xeb\xea\xe8", "Волки"},
		{"already UTF-8: é", "already UTF-8: é"},
	} {
		if got := Decode(tt.in); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFileSetFull checks that a file that would take a FileSet past its size, where a
// Pos no longer fits in 32 bits, is refused with an error naming it, and that the files
// read before it keep their positions.
func TestFileSetFull(t *testing.T) {
	fs := NewFileSet()
	fs.limit = 40 // as if MaxSetSize were 39 bytes
	a, err := Read(fs, "a.zrf", []byte("(game (title \"A\"))\n"))
	if err != nil {
		t.Fatalf("Read(a.zrf): %v", err)
	}
	_, err = Read(fs, "b.zrf", []byte("(game (title \"B\"))\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "b.zrf: too much source") {
		t.Fatalf("Read(b.zrf) = %v, want an error about b.zrf", err)
	}
	if got := fs.Position(a[0].List[1].Pos).String(); got != "a.zrf:1:7" {
		t.Errorf("position of (title ...) = %s, want a.zrf:1:7", got)
	}
	if _, err := Read(fs, "c.zrf", []byte("(c)")); err != nil {
		t.Errorf("Read(c.zrf), which fits: %v", err)
	}
}

// TestNodeSize keeps Node and Site at the sizes their comments give: expansion makes
// millions of each, and a field added or moved carelessly costs every load.
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are given for 64-bit platforms")
	}
	if got := unsafe.Sizeof(Node{}); got != 56 {
		t.Errorf("Node is %d bytes, want 56", got)
	}
	if got := unsafe.Sizeof(Site{}); got != 64 {
		t.Errorf("Site is %d bytes, want 64", got)
	}
}
