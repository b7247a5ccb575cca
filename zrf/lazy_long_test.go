//go:build long

package zrf

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"
)

// TestLazyBlocksCorpus compares lazy expansion, every deferred block forced, with
// expansion at once on every .zrf file of the corpus, by hashes of their dumps. It runs
// with make test-long.
func TestLazyBlocksCorpus(t *testing.T) {
	files := corpusFiles(t)
	deferred := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a, b := sha256.New(), sha256.New()
		deferred += writeLazyExpansion(t, os.DirFS(filepath.Dir(p)), filepath.Base(p), src, DefaultLimits, a, b)
		if !bytes.Equal(a.Sum(nil), b.Sum(nil)) {
			t.Errorf("%s: deferred blocks change the expansion", p)
		}
	}
	t.Logf("%d corpus files expand alike; %d blocks deferred, %d pairs alike, %d blocks without the names", len(files), deferred, alikeSeen, holdlessSeen)
}
