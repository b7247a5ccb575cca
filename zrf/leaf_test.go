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

// sameTree reports where two trees first differ in kind, text, positions or list length
// and capacity, or "" if they do not.
func sameTree(fs1, fs2 *FileSet, a, b []*Node) string {
	if len(a) != len(b) || cap(a) != cap(b) {
		return fmt.Sprintf("%d items (capacity %d) against %d (capacity %d)", len(a), cap(a), len(b), cap(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind != y.Kind || x.Text != y.Text || x.Pos != y.Pos {
			return fmt.Sprintf("%s %q at %s against %s %q at %s",
				x.Kind, x.Text, fs1.Position(x.Pos), y.Kind, y.Text, fs2.Position(y.Pos))
		}
		if d := sameTree(fs1, fs2, x.List, y.List); d != "" {
			return d
		}
	}
	return ""
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
	if d := sameTree(fs1, fs2, got, want); d != "" {
		t.Fatalf("%s: leaf tokens change the tree: %s", name, d)
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

// TestLeafTokensChangeNothing compares the reader with leaf tokens and the plain grammar on
// random text and our own games; TestLeafTokensCorpus (make test-long) reads the corpus.
func TestLeafTokensChangeNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	for i := range 20000 {
		sameRead(t, fmt.Sprintf("random%d.zrf", i), randomSource(r))
	}
	paths, _ := filepath.Glob("../games/*.zrf")
	if len(paths) == 0 {
		t.Fatal("no rules files in ../games")
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sameRead(t, p, src)
	}
}
