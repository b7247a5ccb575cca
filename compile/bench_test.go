package compile_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/internal/testutil"
)

// compileFiles are the corpus files whose move code is the most work to compile.
var compileFiles = []string{
	"glukkazan-zog/Rules/Ragnarok.zrf",
	"glukkazan-zog/Rules/Focus.zrf",
	"dagazproject-zrf/Dakon/Dakon.zrf",
	"dagazproject-zrf/Duke/Duke.zrf",
	"dagazproject-zrf/Nine-Tile_Cyvasse/Cyvasse.zrf",
	"dagazproject-zrf/Chase/Chase.zrf",
	"glukkazan-zog/Rules/Tavreli.zrf",
	"dagazproject-zrf/CheckersCollection/CheckersCollection.zrf",
}

// BenchmarkCompileBodies compiles the move code of every game of the files above, as
// zoggo check does, after loading them (not timed). cpu-ms/op is the processor time of
// the whole process while they compile, the collector's included.
func BenchmarkCompileBodies(b *testing.B) {
	dir := testutil.CorpusDir(b)
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		var files []*compile.File
		for _, f := range compileFiles {
			cf, err := compile.LoadFile(filepath.Join(dir, filepath.FromSlash(f)))
			if err != nil {
				b.Fatal(err)
			}
			files = append(files, cf)
		}
		b.StartTimer()
		start := testutil.CPUTime()
		for _, cf := range files {
			if err := cf.Check(); err != nil {
				b.Fatal(err)
			}
		}
		cpu += testutil.CPUTime() - start
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
