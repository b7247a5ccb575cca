package eval_test

import (
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/internal/testutil"
)

// BenchmarkPerftPlayout plays random games as zoggo run plays them since its games are
// played on an ai.Table: one after the other in the buffers of one match. The rows of
// BenchmarkPerft's playout/ play each game in a new match (ai.Play).
func BenchmarkPerftPlayout(b *testing.B) {
	for _, bb := range []struct {
		name, file, variant string
		plies               int
	}{
		{"chess", "games/chess.zrf", "", 1000},
		{"gwangsanghui", "corpus/glukkazan-zog/Rules/Gwangsanghui.zrf", "", 300},
	} {
		b.Run(bb.name, func(b *testing.B) {
			g := loadRow(b, bb.file, bb.variant)
			table := ai.NewTable(g)
			agents := make([]ai.Agent, len(g.Players))
			// Warm up: the game's tables and the table's buffers for one long game.
			if _, err := table.Play(agents, 0, bb.plies); err != nil {
				b.Fatal(err)
			}
			var plies int64
			seed := uint64(0)
			b.ReportAllocs()
			allocs := mallocs()
			cpu := testutil.CPUTime()
			for b.Loop() {
				seed++
				rec, err := table.Play(agents, seed, bb.plies)
				if err != nil {
					b.Fatal(err)
				}
				plies += int64(len(rec.Match.History()))
			}
			if d := testutil.CPUTime() - cpu; d > 0 {
				b.ReportMetric(float64(plies)/d.Seconds(), "plies/cpu-s")
			}
			reportLeaves(b, plies, mallocs()-allocs, "plies/s", "allocs/ply")
		})
	}
}
