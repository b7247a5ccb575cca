package eval_test

import (
	"testing"

	"github.com/zoggo/zoggo/ai"
)

// BenchmarkPerftPlayout plays random games as zoggo run plays them since its games are
// played on an ai.Table: one after the other in the buffers of one match, each turn
// drawn without listing them all where the rules allow it (match's PlayRandom). The
// rows of BenchmarkPerft's playout/ play each game in a new match (ai.Play).
func BenchmarkPerftPlayout(b *testing.B) {
	for _, bb := range playoutRows {
		b.Run(bb.name, func(b *testing.B) {
			g := loadRow(b, bb.file, "")
			benchPlayouts(b, g, bb.plies, ai.NewTable(g).Play)
		})
	}
}
