package axiom_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/internal/testutil"
)

// BenchmarkPlayout plays random games of three Axiom games, each from a freshly started
// engine to its end or 300 moves, and reports the moves made and the move lists
// generated per second (each move is generated, decompiled, matched by its string and
// made, as a replay does). Starting the engine is outside the timing.
func BenchmarkPlayout(b *testing.B) {
	corpus := testutil.CorpusDir(b)
	for _, bb := range []struct{ name, zrf, title string }{
		{"ordo", "dagazproject-zrf/Ordo/Ordo.zrf", "Ordo"},
		{"senet", "dagazproject-zrf/Senet/Senet.zrf", "Senet (Kendall's variant)"},
		{"morris", "dagazproject-zrf/QXO/QXO.zrf", "Three Men's Morris (variant 1)"},
	} {
		b.Run(bb.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			moves := 0
			b.ResetTimer()
			for b.Loop() {
				b.StopTimer()
				e, err := start(b, corpus, bb.zrf, bb.title)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				for range 300 {
					if res, err := e.GameOver(); err != nil {
						b.Fatal(err)
					} else if res != axiom.UnknownScore {
						break
					}
					list, err := e.Moves()
					if err != nil {
						b.Fatal(err)
					}
					if len(list) == 0 {
						break
					}
					if err := e.Play(list[r.IntN(len(list))]); err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
