package eval_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/zrf"
)

var update = flag.Bool("update", false, "rewrite golden files")

func corpusDir(tb testing.TB) string { return testutil.CorpusDir(tb) }

func corpusRules(tb testing.TB) (string, []string) {
	dir := corpusDir(tb)
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".zrf") {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatalf("no .zrf files under %s", dir)
	}
	return dir, files
}

// axiomSource tells from the raw text whether a file uses an external engine, without
// the compiler's help.
var axiomSource = regexp.MustCompile(`\(engine\s+"`)

// TestCorpus loads every rules file of the corpus: each must compile, and a file uses
// the Axiom engine exactly when every game in it says so. The per-variant counts are
// compared with testdata/corpus-summary.txt, and perft(1) and perft(2) of every variant
// that zoggo can run with testdata/corpus-perft.txt (go test ./eval -update rewrites
// both; review the diff).
func TestCorpus(t *testing.T) {
	dir, files := corpusRules(t)
	var sum, perft bytes.Buffer
	axiomFiles, games := 0, 0
	for _, rel := range files {
		src, err := os.ReadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		f, err := eval.LoadFile(filepath.Join(dir, rel))
		if err != nil {
			t.Errorf("%s does not compile:\n%s", rel, zrf.AsList(err)[0].Detail())
			continue
		}
		wantAxiom := axiomSource.Match(src)
		if wantAxiom {
			axiomFiles++
		}
		if len(f.Variants) == 0 {
			t.Errorf("%s: no playable game", rel)
		}
		all, err := f.All()
		if err != nil {
			t.Errorf("%s: the move code does not compile:\n%s", rel, zrf.AsList(err)[0].Detail())
			continue
		}
		for _, g := range all {
			games++
			if g.Axiom() != wantAxiom {
				t.Errorf("%s %q: Axiom() = %v, but the source says %v", rel, g.Title, g.Axiom(), wantAxiom)
			}
			fmt.Fprintf(&sum, "%s | %s | players %d | positions %d | pieces %d | directions %d | zones %d",
				rel, zrf.Decode(g.Title), len(g.Players), len(g.Board.Locs), len(g.Pieces), len(g.Board.Dirs), len(g.Board.Zones))
			if g.Axiom() {
				sum.WriteString(" | axiom")
			}
			sum.WriteString("\n")
			if !g.Axiom() {
				fmt.Fprintf(&perft, "%s | %s | %s\n", rel, zrf.Decode(g.Title), perftText(g))
			}
		}
	}
	t.Logf("%d files, %d of them Axiom, %d playable games and variants", len(files), axiomFiles, games)
	golden(t, "../testdata/corpus-summary.txt", sum.Bytes())
	golden(t, "../testdata/corpus-perft.txt", perft.Bytes())
}

// perftText gives perft(1) and perft(2) of a game from its start, or the error.
func perftText(g *eval.Game) string {
	var out []string
	for d := 1; d <= 2; d++ {
		n, err := g.Perft(g.NewState(), d)
		if err != nil {
			return "error: " + strings.ReplaceAll(err.Error(), "\n", " ")
		}
		out = append(out, fmt.Sprint(n))
	}
	return strings.Join(out, " ")
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	testutil.Golden(t, path, got, *update, "go test ./eval -update")
}

// TestCorpusFacts checks facts counted by hand from the rules files.
func TestCorpusFacts(t *testing.T) {
	dir := corpusDir(t)
	for _, tt := range []struct {
		file, title          string
		positions, pieces    int
		players, dirs, setup int
	}{
		// A 15x15 board minus 60 corner squares and the Thudstone: 225-61 = 164;
		// 32 dwarfs and 8 trolls.
		{"dagazproject-zrf/Thud/Thud.zrf", "Thud", 164, 2, 2, 8, 40},
		// Chess on 8x8 with the 16+16 pieces; eight directions.
		{"dagazproject-zrf/CirceAndAndernach/CirceAndAndernach.zrf", "", 64, 0, 2, 0, 32},
	} {
		f, err := eval.LoadFile(filepath.Join(dir, tt.file))
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		g, err := f.Find(tt.title)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, got, want int) {
			if want != 0 && got != want {
				t.Errorf("%s %q: %s = %d, want %d", tt.file, g.Title, what, got, want)
			}
		}
		check("positions", len(g.Board.Locs), tt.positions)
		check("piece types", len(g.Pieces), tt.pieces)
		check("players", len(g.Players), tt.players)
		check("directions", len(g.Board.Dirs), tt.dirs)
		check("pieces set up", len(g.Setup), tt.setup)
	}
}

// BenchmarkLoadCorpus reads, expands and compiles every corpus file, as the commands that
// play one variant do (move code is compiled when a variant is asked for). Like the
// other corpus benchmarks it reports the processor time per op (cpu-ms/op, the
// collector's included) beside the wall time, which a busy machine inflates.
func BenchmarkLoadCorpus(b *testing.B) {
	dir, files := corpusRules(b)
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		for _, rel := range files {
			if _, err := eval.LoadFile(filepath.Join(dir, rel)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// reportCPU starts counting processor time; the function it returns reports it per op.
func reportCPU(b *testing.B) func() {
	start := testutil.CPUTime()
	return func() {
		if d := testutil.CPUTime() - start; d > 0 && b.N > 0 {
			b.ReportMetric(float64(d.Milliseconds())/float64(b.N), "cpu-ms/op")
		}
	}
}

// BenchmarkCheckCorpus also compiles the move code of every variant and makes each ready to
// run, as zoggo check and the corpus tests do.
func BenchmarkCheckCorpus(b *testing.B) {
	dir, files := corpusRules(b)
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		for _, rel := range files {
			f, err := eval.LoadFile(filepath.Join(dir, rel))
			if err == nil {
				_, err = f.All()
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
