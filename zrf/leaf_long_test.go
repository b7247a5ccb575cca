//go:build long

package zrf

import (
	"os"
	"testing"
)

// TestLeafTokensCorpus compares the reader with leaf tokens and the plain grammar on every
// .zrf file of the corpus. Both parsers read about 5 MB, so it runs with make test-long.
func TestLeafTokensCorpus(t *testing.T) {
	dir := os.Getenv("ZOGGO_CORPUS")
	if dir == "" {
		t.Skip("ZOGGO_CORPUS is not set; set it to the shared corpus folder to run this")
	}
	n := 0
	for _, p := range corpusFiles(t) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sameRead(t, p, src)
		n++
	}
	t.Logf("%d corpus files read alike", n)
}
