package eval_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
)

// The comparisons with the corpus's Zillions versions (Turkish, Kens, Ossetian, Damone,
// Splut!) share these helpers: they load the corpus's game and models of ours that read
// one rule as the corpus does, name every difference they explain, and follow a turn
// that several versions allow.

// corpusGame returns the game or variant titled title of the corpus rules file rel (a
// slash-separated path below the corpus).
func corpusGame(t *testing.T, rel, title string) *eval.Game {
	t.Helper()
	return findGame(t, filepath.Join(testutil.CorpusDir(t), filepath.FromSlash(rel)), title)
}

// findGame loads the rules file at path and returns its game or variant titled title, or
// its default game when title is empty.
func findGame(t *testing.T, path, title string) *eval.Game {
	t.Helper()
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g *eval.Game
	if title == "" {
		g, err = f.Default()
	} else {
		g, err = f.Find(title)
	}
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// rulesModel is the text of one of our rules files, edited into a model of another
// reading of its rules.
type rulesModel struct {
	t    *testing.T
	path string
	src  string
}

// readRules reads the rules file at path for models of it.
func readRules(t *testing.T, path string) *rulesModel {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return &rulesModel{t: t, path: path, src: string(raw)}
}

// replace returns src with its one occurrence of old replaced by new; the test fails if
// old is not in src exactly once (the rules file changed, and the model with it must).
func (m *rulesModel) replace(src, old, new string) string {
	m.t.Helper()
	if strings.Count(src, old) != 1 {
		m.t.Fatalf("%s no longer holds %q once", m.path, old)
	}
	return strings.Replace(src, old, new, 1)
}

// load writes src to a file called name and returns its game titled title (the default
// game when title is empty).
func (m *rulesModel) load(name, src, title string) *eval.Game {
	m.t.Helper()
	path := filepath.Join(m.t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		m.t.Fatal(err)
	}
	return findGame(m.t, path, title)
}

// explain counts a difference under its name when the turns explain it, and fails the
// test with the message otherwise: every difference a comparison meets must have a name.
func explain(t *testing.T, diffs map[string]int, name string, explained bool, format string, args ...any) {
	t.Helper()
	if explained {
		diffs[name]++
	} else {
		t.Errorf(format, args...)
	}
}

// sameKeys says whether a and b hold the same positions.
func sameKeys(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}

// inAll returns, sorted, the keys of first that every one of the other sets holds too.
func inAll(first map[string]int, others ...map[string]int) []string {
	var keys []string
next:
	for k := range first {
		for _, o := range others {
			if _, ok := o[k]; !ok {
				continue next
			}
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// boardsAfter returns the positions that the legal turns of s lead to, as write writes
// them, each with the index of the first turn that reaches it, and the turns. A turn
// that write gives "" is left out.
func boardsAfter(t *testing.T, g *eval.Game, s *engine.State, write func(*eval.Turn) string) (map[string]int, []eval.Turn) {
	t.Helper()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for i := range turns {
		b := write(&turns[i])
		if _, ok := out[b]; !ok && b != "" {
			out[b] = i
		}
	}
	return out, turns
}
