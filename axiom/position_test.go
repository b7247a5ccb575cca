package axiom_test

import (
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/internal/testutil"
)

// TestPositionsReplay replays the ten saves through saved positions, as a searcher uses
// the engine: before every line it restores the position the last line reached (after
// visiting, every fourth line, an older position and another move of it), lists the moves, makes the first
// whose text is the line's and saves the result. Every line must be found, the lists of
// a position must be the same each time it is visited, and the end must be the
// prototype's.
func TestPositionsReplay(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	for _, tt := range saves {
		t.Run(path.Base(path.Dir(tt.zsg))+"/"+path.Base(tt.zsg), func(t *testing.T) {
			e, err := start(t, corpus, tt.zrf, tt.title)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := e.Baseline()
			if err != nil {
				t.Fatal(err)
			}
			lines := savedMoves(t, filepath.Join(corpus, tt.zsg))
			var history []*axiom.Position
			var texts [][]string
			maxBytes := 0
			for i, line := range lines {
				// Wander: list an older position and make its last move, then come back.
				if i%4 == 1 {
					j := i / 2
					must(t, e.Restore(history[j]))
					mvs, err := e.List()
					must(t, err)
					if got := moveTexts(mvs); !slices.Equal(got, texts[j]) {
						t.Fatalf("line %d: revisiting the position of line %d gives %q, first %q", i+1, j+1, got, texts[j])
					}
					must(t, e.Make(&mvs[len(mvs)-1]))
				}
				must(t, e.Restore(pos))
				mvs, err := e.List()
				must(t, err)
				k := slices.IndexFunc(mvs, func(m axiom.Move) bool { return m.Text == line })
				if k < 0 {
					t.Fatalf("line %d %q not among %q", i+1, line, moveTexts(mvs))
				}
				history = append(history, pos)
				texts = append(texts, moveTexts(mvs))
				must(t, e.Make(&mvs[k]))
				pos, err = e.Save()
				must(t, err)
				maxBytes = max(maxBytes, pos.Bytes())
			}
			must(t, e.Restore(pos))
			r, err := e.Over()
			must(t, err)
			if r != tt.result {
				t.Errorf("result %d, want %d", r, tt.result)
			}
			t.Logf("%d lines; at most %d bytes per position", len(lines), maxBytes)
		})
	}
}

func moveTexts(mvs []axiom.Move) []string {
	out := make([]string, len(mvs))
	for i := range mvs {
		out[i] = mvs[i].Text
	}
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
