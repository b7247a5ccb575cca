package zrf

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plainParser parses every list through the grammar, with no leaf tokens: the general
// path that the leaf tokens of Read must agree with.
var plainParser = newParser(false)

// treeDump prints nodes with every position, so that two reads compare in full.
func treeDump(fs *FileSet, nodes []*Node) string {
	var b strings.Builder
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		fmt.Fprintf(&b, "%*s%s %q %s", depth, "", n.Kind, n.Text, fs.Position(n.Pos))
		if n.Kind == List {
			fmt.Fprintf(&b, " end %s len %d cap %d", fs.Position(n.End), len(n.List), cap(n.List))
		}
		b.WriteByte('\n')
		for _, c := range n.List {
			walk(c, depth+1)
		}
	}
	for _, n := range nodes {
		walk(n, 0)
	}
	return b.String()
}

// sameRead reads src with leaf tokens and without, and fails unless both give the same
// trees, positions and errors.
func sameRead(t *testing.T, name string, src []byte) {
	t.Helper()
	fs1, fs2 := NewFileSet(), NewFileSet()
	got, err1 := Read(fs1, name, src)
	want, err2 := readWith(plainParser, fs2, name, src)
	if fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Fatalf("%s: error with leaf tokens %v, without %v", name, err1, err2)
	}
	if g, w := treeDump(fs1, got), treeDump(fs2, want); g != w {
		t.Fatalf("%s: leaf tokens change the tree\nwith:\n%.2000s\nwithout:\n%.2000s", name, g, w)
	}
}

// randomSource builds text from the pieces that matter to the scanner: parentheses,
// atoms, strings (with parentheses, semicolons and line ends inside), comments and
// every kind of blank.
func randomSource(r *rand.Rand) []byte {
	pieces := []string{"(", "(", "(", ")", ")", ")", "a", "$1", "b-2", `"s"`, `"(x; y)"`,
		"\"two\nlines\"", "; c (\n", ";)", " ", "\t", "\n", "\r\n", "\r", "\x1a", "\f", `"`}
	var b strings.Builder
	n := r.IntN(60)
	for range n {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return []byte(b.String())
}

func TestLeafTokensChangeNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	for i := range 20000 {
		sameRead(t, fmt.Sprintf("random%d.zrf", i), randomSource(r))
	}
	paths, _ := filepath.Glob("../games/*.zrf")
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".zrf") || strings.HasSuffix(p, ".inc")) {
				paths = append(paths, p)
			}
			return nil
		})
	} else {
		t.Log("ZOGGO_CORPUS is not set: comparing on our own games and random text only")
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sameRead(t, p, src)
	}
}
