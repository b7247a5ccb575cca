package ai_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

var axiomEngine = regexp.MustCompile(`(?i)\(engine\s+"Axiom/`)

// TestAxiomCoverage plays one random game of every variant of every Axiom rules file of
// the corpus, to a result or 200 turns, and compares how each ended with
// testdata/axiom-coverage.txt (go test ./ai -update rewrites it). ChessCraft, a draft
// whose Forth uses words it never defines, must fail with an error naming one.
// Variants whose Forth is slow play in make test-long only.
func TestAxiomCoverage(t *testing.T) {
	dir := testutil.CorpusDir(t)
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zrf") {
			if b, err := os.ReadFile(p); err == nil && axiomEngine.Match(b) {
				rel, _ := filepath.Rel(dir, p)
				files = append(files, filepath.ToSlash(rel))
			}
		}
		return nil
	})
	var out bytes.Buffer
	variants := 0
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
			variants++
			title := zrf.Decode(g.Title)
			if slowAxiom[rel] && !longTests {
				fmt.Fprintf(&out, "%s | %s | skipped (slow; make test-long)\n", rel, title)
				continue
			}
			t0 := time.Now()
			if err := g.Ready(); err != nil {
				msg := err.Error()
				if i := strings.Index(msg, "\n"); i >= 0 {
					msg = msg[:i]
				}
				fmt.Fprintf(&out, "%s | %s | cannot start: %s\n", rel, title, msg)
				continue
			}
			rec, err := ai.Play(g, make([]ai.Agent, len(g.Players)), 1, 200)
			if err != nil {
				t.Errorf("%s %q: %v", rel, g.Title, err)
				continue
			}
			fmt.Fprintf(&out, "%s | %s | %d turns | %s\n", rel, title, len(rec.Match.History()), rec.Result.Reason)
			t.Logf("%s | %s | %v", rel, title, time.Since(t0))
		}
	}
	if variants != 159 {
		t.Errorf("%d Axiom variants, want 159", variants)
	}
	testutil.Golden(t, "../testdata/axiom-coverage.txt", out.Bytes(), *update, "go test ./ai -update")
}

// slowAxiom are the Axiom rules files whose random games take more than a few seconds.
var slowAxiom = map[string]bool{}
