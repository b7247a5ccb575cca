package axiom_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

// TestFirstMoves starts each of the 159 Axiom variants of the corpus and compares its first
// move list with the prototype's (tools/axiom-proto/expected/loadall.jsonl): the number of
// moves and the first four strings. Filler and Jofur place pieces at random in OnNewGame,
// so only their counts are compared; ChessCraft is a draft that never loaded.
func TestFirstMoves(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	f, err := os.Open(filepath.Join(corpus, "..", "tools", "axiom-proto", "expected", "loadall.jsonl"))
	if err != nil {
		t.Fatalf("the prototype's golden file: %v", err)
	}
	defer f.Close()
	random := map[string]bool{"Filler": true, "Jofur": true}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var n, ok int
	for sc.Scan() {
		var rec struct {
			Zrf, Title, Error string
			N                 int
			Sample            []string
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		n++
		t.Run(rec.Zrf+"/"+rec.Title, func(t *testing.T) {
			e, err := start(t, corpus, rec.Zrf, rec.Title)
			if rec.Error != "" {
				if err == nil || !strings.Contains(err.Error(), "slide") {
					t.Fatalf("error %v, want one naming slide (the prototype: %s)", err, rec.Error)
				}
				t.Logf("fails as it did in Axiom: %v", err)
				ok++
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := e.Moves()
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != rec.N {
				t.Errorf("%d moves, want %d", len(got), rec.N)
			}
			if !random[rec.Title] && !slices.Equal(got[:min(4, len(got))], rec.Sample) {
				t.Errorf("first moves\n %q\nwant\n %q", got[:min(4, len(got))], rec.Sample)
			}
			if !t.Failed() {
				ok++
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 159 {
		t.Errorf("%d variants, want 159", n)
	}
	t.Logf("%d of %d variants as the prototype", ok, n)
}
