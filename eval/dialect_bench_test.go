package eval_test

// Benchmarks of perft in games of the zoggo-1 dialect, with processor time beside the
// wall clock: the machine is shared, and CPU time is the steadier of the two.

import (
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

// BenchmarkPerftDialect measures perft with every leaf applied in the dialect's
// draughts and other games of the dialect, single-threaded, and reports leaves per
// second of the wall clock and of processor time (leaves/cpu-s, the garbage
// collector's time on the other core included).
func BenchmarkPerftDialect(b *testing.B) {
	for _, bb := range []struct {
		name, file string
		depth      int
	}{
		{"russian/d7", "games/russian.zrf", 7},
		{"brazilian/d7", "games/brazilian.zrf", 7},
		{"bashni/d5", "games/bashni.zrf", 5},
		{"italian/d6", "games/italian.zrf", 6},
		{"turkish/d5", "games/turkish.zrf", 5},
		{"abalone/d2", "games/abalone.zrf", 2},
		{"gess/d2", "games/gess.zrf", 2},
	} {
		b.Run(bb.name, func(b *testing.B) {
			g := loadRow(b, bb.file, "")
			s := g.NewState()
			if _, err := g.Perft(s, min(bb.depth, 3)); err != nil {
				b.Fatal(err)
			}
			var leaves int64
			b.ReportAllocs()
			allocs := mallocs()
			cpu := testutil.CPUTime()
			for b.Loop() {
				n, err := g.Perft(s, bb.depth)
				if err != nil {
					b.Fatal(err)
				}
				leaves += n
			}
			if d := testutil.CPUTime() - cpu; d > 0 {
				b.ReportMetric(float64(leaves)/d.Seconds(), "leaves/cpu-s")
			}
			reportLeaves(b, leaves, mallocs()-allocs, "leaves/s", "allocs/leaf")
		})
	}
}
