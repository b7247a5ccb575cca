package axiom_test

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/internal/testutil"
)

// start loads the variant title of the rules file zrf (a path in the corpus).
func start(t testing.TB, corpus, zrf, title string) (*axiom.Engine, error) {
	t.Helper()
	cf, err := compile.LoadFile(filepath.Join(corpus, zrf))
	if err != nil {
		t.Fatalf("%s: %v", zrf, err)
	}
	i := slices.IndexFunc(cf.Games, func(g *compile.Game) bool { return g.Title == title })
	if i < 0 {
		t.Fatalf("%s: no variant %q", zrf, title)
	}
	g := cf.Games[i]
	fsys := os.DirFS(corpus)
	src, err := axiom.Locate(fsys, zrf, g.Engine, title)
	if err != nil {
		t.Fatalf("%s %q: %v", zrf, title, err)
	}
	return axiom.Start(fsys, src, axiom.Setup(g.Game))
}

var moveLine = regexp.MustCompile(`^\s*\d+\.\s+(.*\S)\s*$`)

// savedMoves returns the move lines of a .zsg, without their numbers.
func savedMoves(t *testing.T, file string) []string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n") {
		if m := moveLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// saves are the ten Axiom saves of the corpus, their rules and variant, their number of
// move lines and the prototype's result at the end (tools/axiom-proto/expected/runall.txt).
var saves = []struct {
	zsg, zrf, title string
	lines           int
	result          int32
}{
	{"dagazproject-zrf/Afrika/Problem-1.zsg", "dagazproject-zrf/Afrika/Afrika.zrf", "Problem 1", 25, axiom.LossScore},
	{"dagazproject-zrf/Afrika/Problem-2.zsg", "dagazproject-zrf/Afrika/Afrika.zrf", "Problem 2", 23, axiom.LossScore},
	{"dagazproject-zrf/Gabata/Selus-Problem.zsg", "dagazproject-zrf/Gabata/Selus.zrf", "Selus Problem", 21, axiom.LossScore},
	{"glukkazan-zog/Rules/Selus-Problem.zsg", "glukkazan-zog/Rules/Selus.zrf", "Selus Problem", 21, axiom.LossScore},
	{"dagazproject-zrf/Ordo/Crazy.zsg", "dagazproject-zrf/Ordo/Ordo.zrf", "Ordo (crazy)", 31, axiom.LossScore},
	{"dagazproject-zrf/QXO/Morris.zsg", "dagazproject-zrf/QXO/QXO.zrf", "Three Men's Morris (variant 3)", 76, axiom.WinScore},
	{"dagazproject-zrf/TchukaRuma/TchukaRuma.zsg", "dagazproject-zrf/TchukaRuma/TchukaRuma.zrf", "Tchuka Ruma", 10, axiom.WinScore},
	{"glukkazan-zog/Rules/Ramses.zsg", "glukkazan-zog/Rules/Senet.zrf", "Ramses", 152, axiom.UnknownScore},
	{"glukkazan-zog/Axiom/Ur/simple.zsg", "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf", "Ur [simple evaluation]", 1195, axiom.LossScore},
	{"glukkazan-zog/Axiom/Ur/agressive.zsg", "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf", "Ur [aggressive]", 2485, axiom.LossScore},
}

// TestReplaySaves replays the ten Axiom saves of the corpus to their last line and checks
// the result at the end against the prototype's (tools/axiom-proto/expected/runall.txt).
func TestReplaySaves(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	for _, tt := range saves {
		t.Run(path.Base(path.Dir(tt.zsg))+"/"+path.Base(tt.zsg), func(t *testing.T) {
			t0 := time.Now()
			e, err := start(t, corpus, tt.zrf, tt.title)
			if err != nil {
				t.Fatal(err)
			}
			lines := savedMoves(t, filepath.Join(corpus, tt.zsg))
			if len(lines) != tt.lines {
				t.Fatalf("%d move lines, want %d", len(lines), tt.lines)
			}
			if _, err := e.Replay(lines); err != nil {
				t.Fatal(err)
			}
			r, err := e.GameOver()
			if err != nil {
				t.Fatal(err)
			}
			if r != tt.result {
				t.Errorf("result %d, want %d", r, tt.result)
			}
			t.Logf("%d lines in %v", len(lines), time.Since(t0))
		})
	}
}
