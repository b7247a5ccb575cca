package zrf

import (
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// alikeSeen counts the pairs of blocks Alike found alike, over a test, and holdlessSeen
// the blocks MayHold found to hold no atom of holdNames.
var alikeSeen, holdlessSeen int

// holdNames are the atoms MayHold is asked about: some the random files write, some
// that rules files do.
var holdNames = map[string]bool{"a": true, "pa": true, "x-b": true, "add": true, "n": true,
	"capture": true, "never-moved?": true, "promoted": true, "from": true}

// heldAtom returns an atom of names in the tree n, or "".
func heldAtom(n *Node, names map[string]bool) string {
	if n.Kind == Atom && names[n.Text] {
		return n.Text
	}
	for _, c := range n.List {
		if a := heldAtom(c, names); a != "" {
			return a
		}
	}
	return ""
}

// alikeClaims returns the pairs of deferred blocks of ex, not yet forced, from the same
// body text (at most 20 for each) that Expanded.Alike says are alike.
func alikeClaims(ex *Expanded) [][2]*Node {
	bySrc := map[*Node][]*Node{}
	for n, b := range ex.lazy.todo {
		if len(bySrc[b.src]) < 20 {
			bySrc[b.src] = append(bySrc[b.src], n)
		}
	}
	var out [][2]*Node
	for _, ns := range bySrc {
		for i := range ns {
			for j := range i {
				if ex.Alike(ns[i], ns[j]) {
					out = append(out, [2]*Node{ns[i], ns[j]})
				}
			}
		}
	}
	return out
}

// forceAll forces every deferred block of ex, outermost first, and returns the errors
// met, sorted.
func forceAll(ex *Expanded) ErrorList {
	var errs ErrorList
	seen := map[*Node]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		errs = append(errs, AsList(ex.Force(n))...)
		for _, c := range n.List {
			walk(c)
		}
	}
	for _, f := range ex.Forms {
		walk(f)
	}
	errs.Sort()
	return errs
}

// writeLazyExpansion expands name of fsys at once and lazily, forcing every deferred
// block, and writes the dumps of both to w and v (see expansionDump). Where expansion
// fails at once, it writes only whether the lazy expansion failed too, and it fails if
// that is not so or, when no bound was exceeded, if the errors differ. It returns the
// number of blocks deferred.
func writeLazyExpansion(t *testing.T, fsys fs.FS, name string, src []byte, lim Limits, w, v io.Writer) int {
	t.Helper()
	var exs [2]*Expanded
	var errs [2]error
	for i, lazy := range []bool{false, true} {
		fset := NewFileSet()
		top, err := Read(fset, name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		exs[i], errs[i] = expandWith(fset, fsys, name, top, lim, true, lazy)
		if i == 0 {
			writeExpansion(w, fset, exs[i], errs[i])
			continue
		}
		if errs[1] != nil {
			// Errors outside the blocks: LoadLazy reports those, and those only (unless a
			// bound stopped the expansion at once before it met them).
			if errs[0] == nil {
				t.Fatalf("%s: expanding lazily fails (%v), at once not", name, errs[1])
			}
			all := errorLines(errs[0])
			for _, l := range strings.SplitAfter(errorLines(errs[1]), "\n") {
				if !strings.Contains(all, "more than") && !strings.Contains(all, l) {
					t.Fatalf("%s: LoadLazy reports %q, expanding at once not:\n%s", name, l, all)
				}
			}
			fmt.Fprintln(v, "error")
			return 0
		}
		deferred := len(exs[1].lazy.todo)
		claims := alikeClaims(exs[1])
		var holdless []*Node // blocks MayHold says hold no atom of holdNames
		for n := range exs[1].lazy.todo {
			if !exs[1].MayHold(n, holdNames) {
				holdless = append(holdless, n)
			}
		}
		forced := forceAll(exs[1])
		for _, n := range holdless {
			if a := heldAtom(n, holdNames); a != "" {
				t.Fatalf("%s: MayHold says the block at %v holds none of %v; expanded, it holds %q: %s",
					name, fset.Position(n.Pos), holdNames, a, n)
			}
		}
		holdlessSeen += len(holdless)
		for _, c := range claims {
			if !alikeTrees(c[0], c[1]) {
				t.Fatalf("%s: Alike says the blocks at %v and %v are alike; expanded, they are %s and %s",
					name, fset.Position(c[0].Pos), fset.Position(c[1].Pos), c[0], c[1])
			}
		}
		alikeSeen += len(claims)
		exs[1].Created = exs[1].lazy.x.nodes
		if len(forced) > 0 {
			errs[1] = forced
		}
		if errs[0] != nil {
			if errs[1] == nil {
				t.Fatalf("%s: expanding at once fails (%v), lazily not", name, errs[0])
			}
			if a, b := errorLines(errs[0]), errorLines(errs[1]); !strings.Contains(a, "more than") && a != b {
				t.Fatalf("%s: errors at once:\n%s\nlazily:\n%s", name, a, b)
			}
			fmt.Fprintln(v, "error")
			return deferred
		}
		if errs[1] != nil {
			t.Fatalf("%s: forcing the blocks fails (%v), expanding at once not", name, errs[1])
		}
		writeExpansion(v, fset, exs[1], errs[1])
		return deferred
	}
	return 0
}

// sameLazyExpansion fails unless name expands alike at once and lazily, all blocks forced.
func sameLazyExpansion(t *testing.T, fsys fs.FS, name string, lim Limits) int {
	t.Helper()
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	var a, b strings.Builder
	n := writeLazyExpansion(t, fsys, name, src, lim, &a, &b)
	if b.String() == "error\n" {
		return n
	}
	if a.String() != b.String() {
		x, y := strings.Split(a.String(), "\n"), strings.Split(b.String(), "\n")
		for i := range min(len(x), len(y)) {
			if x[i] != y[i] {
				t.Fatalf("%s: deferred blocks change the expansion at line %d:\nat once: %s\nlazily:  %s\nsource:\n%s",
					name, i+1, x[i], y[i], src)
			}
		}
		t.Fatalf("%s: deferred blocks change the expansion: %d lines against %d", name, len(x), len(y))
	}
	return n
}

// TestLazyBlocksChangeNothing compares lazy expansion (LoadLazy), every deferred block
// forced, with expansion at once, and checks that the blocks Expanded.Alike finds alike
// before they are forced expand alike and that those MayHold says hold no atom of a set
// hold none, on random macro files whose lists are moves lists
// and on our own games; TestLazyBlocksCorpus (make test-long) does it on the corpus.
func TestLazyBlocksChangeNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 3))
	lim := Limits{MaxDepth: 12, MaxNodes: 5000}
	deferred := 0
	for i := range 600 {
		name := fmt.Sprintf("random%d.zrf", i)
		src := randomMacros(r)
		if i%3 != 0 {
			src = strings.ReplaceAll(src, "(l ", "(moves ")
		}
		if i%3 == 1 {
			src = strings.Replace(src, "(moves ", "(l ", 1)
		}
		deferred += sameLazyExpansion(t, fstest.MapFS{name: {Data: []byte(src)}}, name, lim)
	}
	t.Logf("random files: %d blocks deferred, %d pairs alike, %d blocks without the names", deferred, alikeSeen, holdlessSeen)
	if deferred < 100 {
		t.Errorf("the random files defer %d blocks: the test tests little", deferred)
	}
	paths, _ := filepath.Glob("../games/*.zrf")
	if len(paths) == 0 {
		t.Fatal("no rules files in ../games")
	}
	deferred = 0
	for _, p := range paths {
		deferred += sameLazyExpansion(t, os.DirFS("../games"), filepath.Base(p), DefaultLimits)
	}
	t.Logf("games: %d blocks deferred; %d pairs alike, %d blocks without the names in all", deferred, alikeSeen, holdlessSeen)
	if alikeSeen == 0 || holdlessSeen == 0 {
		t.Error("Alike found no pair of blocks alike, or MayHold no block without the names: the test tests nothing of it")
	}
}

// errorLines prints every error of a list, one a line.
func errorLines(err error) string {
	var b strings.Builder
	for _, e := range AsList(err) {
		fmt.Fprintln(&b, e)
	}
	return b.String()
}
