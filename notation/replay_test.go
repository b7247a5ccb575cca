package notation_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/notation"
)

func corpusDir(tb testing.TB) string {
	dir := os.Getenv("ZOGGO_CORPUS")
	if dir == "" {
		tb.Skip("ZOGGO_CORPUS is not set; set it to the shared corpus folder (make test does) to run this")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Fatalf("ZOGGO_CORPUS=%s is not a folder: %v", dir, err)
	}
	return dir
}

func savedGames(tb testing.TB) (string, []string) {
	dir := corpusDir(tb)
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zsg") {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return dir, out
}

// TestReplayCorpus replays every saved game of the corpus.
func TestReplayCorpus(t *testing.T) {
	dir, files := savedGames(t)
	ok := 0
	for _, rel := range files {
		sg, g, err := notation.OpenSavedGame(filepath.Join(dir, rel))
		if err != nil {
			t.Logf("OPEN %s: %v", rel, err)
			continue
		}
		if g.Axiom() {
			t.Logf("AXIOM %s", rel)
			continue
		}
		_, err = notation.Replay(g, sg, rel)
		var d *notation.Divergence
		if errors.As(err, &d) {
			t.Logf("DIVERGE %s", d.Detail())
			continue
		}
		if err != nil {
			t.Logf("ERR %s: %v", rel, err)
			continue
		}
		ok++
	}
	t.Logf("%d of %d replayed", ok, len(files))
}
