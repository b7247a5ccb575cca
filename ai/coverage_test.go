package ai_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestCoverage plays one random game of every corpus variant that zoggo can run, to a
// result or 200 turns, and compares how each ended with testdata/coverage.txt
// (go test ./ai -update rewrites it).
func TestCoverage(t *testing.T) {
	dir := testutil.CorpusDir(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zrf") {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	var out bytes.Buffer
	for _, rel := range files {
		f, err := eval.LoadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		games, err := f.All()
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		for _, g := range games {
			if g.Axiom() {
				continue
			}
			if slowGames[rel] && !longTests {
				fmt.Fprintf(&out, "%s | %s | skipped (slow; make test-long)\n", rel, zrf.Decode(g.Title))
				continue
			}
			rec, err := ai.Play(g, make([]ai.Agent, len(g.Players)), 1, 200)
			if err != nil {
				t.Errorf("%s %q: %v", rel, g.Title, err)
				continue
			}
			fmt.Fprintf(&out, "%s | %s | %d turns | %s\n", rel, zrf.Decode(g.Title), len(rec.Match.History()), rec.Result.Reason)
		}
	}
	testutil.Golden(t, "../testdata/coverage.txt", out.Bytes(), *update, "go test ./ai -update")
}

// slowGames walk the whole board inside every move; a game of them takes minutes.
var slowGames = map[string]bool{
	"dagazproject-zrf/Gwangsanghui/Gwangsanghui.zrf":     true,
	"dagazproject-zrf/Gwangsanghui/Gwangsanghui.old.zrf": true,
	"glukkazan-zog/Rules/Gwangsanghui.zrf":               true,
}
