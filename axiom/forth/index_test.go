package forth

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// indexPair returns two VMs that have run base, one looking words up through the index
// and one walking the chain.
func indexPair(t *testing.T, cfg Config, base []byte) (ix, wk *VM) {
	t.Helper()
	ix, wk = New(cfg), New(cfg)
	wk.noIndex = true
	for _, vm := range []*VM{ix, wk} {
		if err := vm.Interpret("base", base); err != nil {
			t.Fatal(err)
		}
	}
	return ix, wk
}

// sameVMs fails the test if the two VMs differ in memory, stacks or the answers of Find
// for names. It reports whether a lookup walked a chain to its bound (a cycle).
func sameVMs(t *testing.T, what string, ix, wk *VM, names []string) (cycle bool) {
	t.Helper()
	if !bytes.Equal(ix.mem, wk.mem) {
		i := 0
		for i < len(ix.mem) && ix.mem[i] == wk.mem[i] {
			i++
		}
		t.Fatalf("%s: memories differ from %d", what, i)
	}
	if !slices.Equal(ix.ds, wk.ds) || !slices.Equal(ix.rs, wk.rs) {
		t.Fatalf("%s: stacks differ: %v %v against %v %v", what, ix.ds, ix.rs, wk.ds, wk.rs)
	}
	for _, n := range names {
		if a, b := ix.Find(n), wk.Find(n); a != b {
			t.Fatalf("%s: Find(%q) = %d with the index, %d walking", what, n, a, b)
		}
		if a, b := ix.Steps(), wk.Steps(); a != b {
			t.Fatalf("%s: Find(%q) charged %d steps with the index, %d walking", what, n, a, b)
		}
		cycle = cycle || wk.Steps() >= maxChain>>4
	}
	return cycle
}

// indexSnippets are the pieces of the random programs of TestIndexChangesNothing: words
// defined, redefined, forgotten, hidden and looked up, and writes into the headers,
// their links, their names and the vocabulary cells. %s is a name of indexNames.
var indexSnippets = []string{
	": %s 1 ;",
	": %s %s 1+ ;",
	"CREATE %s",
	"%s",
	"-FIND %s DROP",
	"' %s DROP",
	"FORGET %s",
	"IMMEDIATE",
	"VOCABULARY %s",
	"%s DEFINITIONS",
	"FORTH DEFINITIONS",
	"FORTH",
	": %s [ CURRENT @ @ 4 + @ . ] ;",
	"CURRENT @ @ DUP @ 1+ SWAP !",
	"CURRENT @ @ @ 0 SWAP C!",
	"CURRENT @ @ @ 65 SWAP C!",
	"CURRENT @ @ 4 + DUP @ 2 XOR SWAP !",
	"CURRENT @ @ 8 + DUP @ 8 + @ SWAP !",
	"CURRENT @ @ 8 + @ CURRENT @ !",
	"CURRENT @ @ @ 4 - CURRENT @ @ !",
	"HERE 24 - 8 0 FILL",
	"HERE 40 - HERE 16 - 16 CMOVE",
	"DP @ 32 - DP !",
	"HERE 12 - 0 SWAP I!",
	"CURRENT @ @ 8 + CONTEXT !",
	"CONTEXT @ CURRENT !",
	"CURRENT @ @ DUP 8 + !",
	"PAD CURRENT @ !",
	"save",
	"restore",
}

var indexNames = []string{"A", "B", "AB", "DUP", "X1", "SWAP", "IF", "V", "W", "+"}

// TestIndexChangesNothing runs random programs that define, forget and corrupt words on
// two VMs, one looking words up through the index and one walking the chain, and checks
// after each piece that their memories, stacks, step counts, errors and the answers of
// lookups are the same. Snapshots are saved and restored along the way.
func TestIndexChangesNothing(t *testing.T) {
	base := []byte(kernel)
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, urDir, "CORE.4TH")); err == nil {
			base = b
		}
	}
	cfg := Config{MemSize: 256 << 10, MaxSteps: 200_000, DataStack: 256, ReturnStack: 256}
	r := rand.New(rand.NewPCG(16, 4))
	indexed, total := 0, 0
	for prog := range indexPrograms {
		ix, wk := indexPair(t, cfg, base)
		ix.Baseline()
		wk.Baseline()
		var snaps [][2]*Snapshot
	steps:
		for step := range 60 {
			s := indexSnippets[r.IntN(len(indexSnippets))]
			var names []any
			for range strings.Count(s, "%s") {
				names = append(names, indexNames[r.IntN(len(indexNames))])
			}
			src := fmt.Sprintf(s, names...)
			what := fmt.Sprintf("program %d, step %d: %q", prog, step, src)
			switch src {
			case "save":
				snaps = append(snaps, [2]*Snapshot{ix.Save(), wk.Save()})
				continue
			case "restore":
				if len(snaps) > 0 {
					s := snaps[r.IntN(len(snaps))]
					ix.Restore(s[0])
					wk.Restore(s[1])
				}
				if sameVMs(t, what, ix, wk, indexNames) {
					break steps
				}
				continue
			}
			e1, e2 := ix.Interpret("p", []byte(src)), wk.Interpret("p", []byte(src))
			if fmt.Sprint(e1) != fmt.Sprint(e2) {
				t.Fatalf("%s: error %v with the index, %v walking", what, e1, e2)
			}
			if a, b := ix.Steps(), wk.Steps(); a != b {
				t.Fatalf("%s: %d steps with the index, %d walking", what, a, b)
			}
			total++
			for _, c := range ix.chains {
				if !c.bad {
					indexed++
					break
				}
			}
			if sameVMs(t, what, ix, wk, indexNames) {
				break // Every lookup now walks a cycle to its bound: slow, and enough seen.
			}
		}
	}
	// The programs must leave the index standing often enough to have tested it.
	if indexed < total/5 {
		t.Errorf("the index stood after %d pieces of %d", indexed, total)
	}
	t.Logf("the index stood after %d pieces of %d", indexed, total)
}

// TestIndexLoadsAxiom loads CORE.4TH, axiom.4th and a game with the index and walking,
// and compares the memories and the steps of each load.
func TestIndexLoadsAxiom(t *testing.T) {
	dir := filepath.Join(corpus(t), urDir)
	fsys := os.DirFS(dir)
	ix, wk := stubVM(map[string]int{}), stubVM(map[string]int{})
	wk.noIndex = true
	for _, f := range []string{"CORE.4TH", "axiom.4th", "Ur.4th"} {
		e1, e2 := ix.Load(fsys, f), wk.Load(fsys, f)
		if e1 != nil {
			t.Fatalf("%s: %v", f, e1)
		}
		if fmt.Sprint(e1) != fmt.Sprint(e2) {
			t.Fatalf("%s: error %v with the index, %v walking", f, e1, e2)
		}
		if a, b := ix.Steps(), wk.Steps(); a != b {
			t.Errorf("%s: %d steps with the index, %d walking", f, a, b)
		}
		sameVMs(t, f, ix, wk, ix.names())
	}
}
