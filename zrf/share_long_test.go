//go:build long

package zrf

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"
)

// TestSharedParamsCorpus compares expansion with shared substitutions against expansion
// that makes every node afresh on every .zrf file of the corpus, by a hash of what
// expansionDump prints (the largest files print hundreds of megabytes). It runs with
// make test-long.
func TestSharedParamsCorpus(t *testing.T) {
	files := corpusFiles(t)
	shared, alone := 0, 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fsys, name := os.DirFS(filepath.Dir(p)), filepath.Base(p)
		var sums [2][]byte
		for i, share := range []bool{true, false} {
			fset := NewFileSet()
			top, err := Read(fset, name, src)
			var ex *Expanded
			if err == nil {
				ex, err = expand(fset, fsys, name, top, DefaultLimits, share)
			}
			h := sha256.New()
			writeExpansion(h, fset, ex, err)
			sums[i] = h.Sum(nil)
			if err == nil {
				n := distinctNodes(ex.Forms, map[*Node]bool{})
				if share {
					shared += n
				} else {
					alone += n
				}
			}
		}
		if string(sums[0]) != string(sums[1]) {
			t.Errorf("%s: shared substitutions change the expansion", p)
		}
	}
	t.Logf("%d corpus files expand alike; %d distinct nodes shared, %d alone", len(files), shared, alone)
}
