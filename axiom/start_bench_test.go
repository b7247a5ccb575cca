package axiom_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/internal/testutil"
)

// BenchmarkStartCorpus starts every Axiom variant of the corpus that the prototype lists
// (tools/axiom-proto/expected/loadall.jsonl) and takes its baseline, as zoggo check and
// the first use of a game do; reading and compiling the rules files is outside the timing.
// It reports the processor time of the whole process per pass (cpu-ms/op).
func BenchmarkStartCorpus(b *testing.B) {
	corpus := testutil.CorpusDir(b)
	f, err := os.Open(filepath.Join(corpus, "..", "tools", "axiom-proto", "expected", "loadall.jsonl"))
	if err != nil {
		b.Fatalf("the prototype's golden file: %v", err)
	}
	defer f.Close()
	type variant struct {
		src   *axiom.Sources
		setup []axiom.Edit
	}
	var vs []variant
	files := map[string]*compile.File{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct{ Zrf, Title, Error string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			b.Fatal(err)
		}
		if rec.Error != "" {
			continue
		}
		cf := files[rec.Zrf]
		if cf == nil {
			if cf, err = compile.LoadFile(filepath.Join(corpus, rec.Zrf)); err != nil {
				b.Fatalf("%s: %v", rec.Zrf, err)
			}
			files[rec.Zrf] = cf
		}
		i := slices.IndexFunc(cf.Games, func(g *compile.Game) bool { return g.Title == rec.Title })
		if i < 0 {
			b.Fatalf("%s: no variant %q", rec.Zrf, rec.Title)
		}
		g := cf.Games[i]
		src, err := axiom.Locate(os.DirFS(corpus), rec.Zrf, g.Engine, rec.Title)
		if err != nil {
			b.Fatal(err)
		}
		vs = append(vs, variant{src, axiom.Setup(g.Game)})
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	fsys := os.DirFS(corpus)
	b.ReportAllocs()
	cpu := testutil.CPUTime()
	for b.Loop() {
		for _, v := range vs {
			e, err := axiom.Start(fsys, v.src, v.setup)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := e.Baseline(); err != nil {
				b.Fatal(err)
			}
		}
	}
	if d := testutil.CPUTime() - cpu; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d.Milliseconds())/float64(b.N), "cpu-ms/op")
	}
	b.ReportMetric(float64(len(vs)), "variants")
}
