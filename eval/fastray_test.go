package eval_test

import (
	"testing"
	"time"

	"github.com/zoggo/zoggo/eval"
)

// TestFastUnitsChangeNothing plays random games and checks that, in every position, the
// legal turns (whose royal-piece checks run capture tests on the fast blocks) are the
// same turns in the same order with the units of fastray.go as with the fast blocks run
// one by one, and with the guards of the blocks on the general path (fast.go) as
// without them. The rows are the games of TestFastBlocksChangeNothing; with the build tag
// long every rules file of the corpus is played too.
func TestFastUnitsChangeNothing(t *testing.T) {
	for _, tt := range fastRows(t, 6) {
		t.Run(tt.file+"/"+tt.variant, func(t *testing.T) {
			g := fastRowGame(t, tt)
			units, blocks := eval.FastUnits(g)
			n, _ := compareOff(t, g, eval.UseUnits, 0, comparison{seeds: tt.seeds, plies: tt.plies, stream: 67, limit: 20 * time.Second, min: atLeast(tt.seeds, tt.plies)})
			t.Logf("%d units of %d blocks, %d positions compared", units, blocks, n)
		})
	}
	g := loadRow(t, "games/chess.zrf", "")
	if units, blocks := eval.FastUnits(g); units != 6 || blocks != 62 {
		// One per piece type: the pawn's pushes, takes and en passant (6 blocks), the
		// knight's leaps (8), the bishop's slides (4), the rook's rays (28), the queen's
		// slides (8), the king's steps (8); castling is not a fast block.
		t.Errorf("chess: %d units of %d blocks, want 6 of 62", units, blocks)
	}
}
