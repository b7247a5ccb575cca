package zrf

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// expansionDump prints everything an expansion hands to later passes: every node's kind,
// text, position and list length, whether it carries a Site of its own, and the values
// of the Site chain that applies to it (macro, call, place, parameter and arguments of
// every step). Sites are printed by value, so that two expansions that share nodes
// differently print alike when they mean the same.
func expansionDump(fset *FileSet, ex *Expanded, err error) string {
	var b strings.Builder
	writeExpansion(&b, fset, ex, err)
	return b.String()
}

// writeExpansion writes what expansionDump returns to w.
func writeExpansion(w io.Writer, fset *FileSet, ex *Expanded, err error) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	if err != nil {
		fmt.Fprintf(b, "error: %v\n", err)
		return
	}
	fmt.Fprintf(b, "created %d\nwarnings %v\n", ex.Created, ex.Warnings)
	ids := map[*Site]int{}      // the number of each Site met
	byValue := map[string]int{} // the number of each Site value met
	var site func(s *Site) int
	site = func(s *Site) int {
		if s == nil {
			return 0
		}
		if id, ok := ids[s]; ok {
			return id
		}
		parent := site(s.Parent)
		var args []string
		for _, a := range s.Args {
			args = append(args, fmt.Sprintf("%s@%d/%d", a, a.Pos, site(a.Site)))
		}
		v := fmt.Sprintf("%s %v %v $%d [%s] parent %d", s.Macro, fset.Position(s.Call),
			fset.Position(s.At), s.Param, strings.Join(args, " "), parent)
		id, ok := byValue[v]
		if !ok {
			id = len(byValue) + 1
			byValue[v] = id
			fmt.Fprintf(b, "site %d: %s\n", id, v)
		}
		ids[s] = id
		return id
	}
	var walk func(n *Node, parent *Site)
	walk = func(n *Node, parent *Site) {
		s := n.SiteIn(parent)
		id := site(s)
		fmt.Fprintf(b, "%s %q %v %d own=%v site %d\n", n.Kind, n.Text, fset.Position(n.Pos), len(n.List), n.Site != nil, id)
		for _, c := range n.List {
			walk(c, s)
		}
	}
	for _, f := range ex.Forms {
		walk(f, nil)
	}
}

// sameExpansion expands the file name of fsys with shared substitutions and without, and
// fails unless both give the same trees, Sites, counts, warnings and errors. It returns
// the number of distinct nodes in each expansion.
func sameExpansion(t *testing.T, fsys fs.FS, name string, lim Limits) (shared, alone int) {
	t.Helper()
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	var dumps [2]string
	var nodes [2]int
	for i, share := range []bool{true, false} {
		fset := NewFileSet()
		top, err := Read(fset, name, src)
		var ex *Expanded
		if err == nil {
			ex, err = expand(fset, fsys, name, top, lim, share)
		}
		dumps[i] = expansionDump(fset, ex, err)
		if err == nil {
			nodes[i] = distinctNodes(ex.Forms, map[*Node]bool{})
		}
	}
	if dumps[0] != dumps[1] {
		a, b := strings.Split(dumps[0], "\n"), strings.Split(dumps[1], "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("%s: shared substitutions change the expansion at line %d:\nshared: %s\nalone:  %s\nsource:\n%s",
					name, i+1, a[i], b[i], src)
			}
		}
		t.Fatalf("%s: shared substitutions change the expansion: %d lines against %d", name, len(a), len(b))
	}
	return nodes[0], nodes[1]
}

// distinctNodes counts the nodes of a forest, each shared node once.
func distinctNodes(nodes []*Node, seen map[*Node]bool) int {
	n := 0
	for _, c := range nodes {
		if !seen[c] {
			seen[c] = true
			n += 1 + distinctNodes(c.List, seen)
		}
	}
	return n
}

// randomMacros writes a rules file of macros that invoke each other with literal
// arguments, with their own parameters and with fewer arguments than they read (so that
// $n comes from an enclosing invocation), pasting parameters into atoms and strings. Each
// macro mostly invokes later ones, so that a body is expanded many times; now and then
// one invokes an earlier one or itself, to run into the depth or size bound.
func randomMacros(r *rand.Rand) string {
	const macros = 5
	var b strings.Builder
	var item func(m, depth int)
	item = func(m, depth int) {
		switch k := r.IntN(10); {
		case k < 2:
			b.WriteString([]string{"a", "b", "n", "add", "01"}[r.IntN(5)])
		case k < 4:
			fmt.Fprintf(&b, "$%d", 1+r.IntN(3))
		case k < 5:
			b.WriteString([]string{"p$1", "x-$2", `"s $3"`, "$1$2", "$12"}[r.IntN(5)])
		case k < 8 && depth < 3 && m < macros-1:
			// An invocation of a later macro, or now and then of any.
			callee := m + 1 + r.IntN(macros-m-1)
			if r.IntN(40) == 0 {
				callee = r.IntN(macros)
			}
			fmt.Fprintf(&b, "(m%d", callee)
			for range r.IntN(4) {
				b.WriteByte(' ')
				item(m, depth+1)
			}
			b.WriteByte(')')
		default:
			if depth >= 3 {
				b.WriteString("c")
				return
			}
			b.WriteString("(l")
			for range r.IntN(4) {
				b.WriteByte(' ')
				item(m, depth+1)
			}
			b.WriteByte(')')
		}
	}
	for m := range macros {
		fmt.Fprintf(&b, "(define m%d", m)
		for range 1 + r.IntN(4) {
			b.WriteString("\n  ")
			item(m, 0)
		}
		b.WriteString(")\n")
	}
	b.WriteString("(game")
	for range 1 + r.IntN(4) {
		fmt.Fprintf(&b, "\n  (m%d", r.IntN(macros))
		for range 3 + r.IntN(2) {
			b.WriteString(" " + []string{"n", "s", "(x y)", "(m4 q)", "a1", "b2", strconv.Itoa(r.IntN(9))}[r.IntN(7)])
		}
		b.WriteString(")")
	}
	b.WriteString(")\n")
	return b.String()
}

// TestSharedParamsChangeNothing compares expansion with shared substitutions (paramKey)
// against expansion that makes every node afresh, on random macro files and our own
// games; TestSharedParamsCorpus (make test-long) compares them on the corpus.
func TestSharedParamsChangeNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 2))
	lim := Limits{MaxDepth: 12, MaxNodes: 5000}
	shared, alone := 0, 0
	for i := range 600 {
		name := fmt.Sprintf("random%d.zrf", i)
		s, a := sameExpansion(t, fstest.MapFS{name: {Data: []byte(randomMacros(r))}}, name, lim)
		shared, alone = shared+s, alone+a
	}
	t.Logf("random files: %d distinct nodes shared, %d alone", shared, alone)
	if shared >= alone {
		t.Errorf("the random files share no substitution (%d nodes shared, %d alone): the test tests nothing", shared, alone)
	}
	paths, _ := filepath.Glob("../games/*.zrf")
	if len(paths) == 0 {
		t.Fatal("no rules files in ../games")
	}
	for _, p := range paths {
		sameExpansion(t, os.DirFS("../games"), filepath.Base(p), DefaultLimits)
	}
}
