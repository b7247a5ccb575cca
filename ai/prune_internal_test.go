package ai

import (
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
)

// TestGameRules: null moves where the rules have royal pieces and captures (chess and
// its variants), never in checkers (no royal piece) nor Go; in chess the pawns and the
// king are not strong pieces, the others are.
func TestGameRules(t *testing.T) {
	for _, tt := range []struct {
		file string
		null bool
	}{
		{"../games/chess.zrf", true},
		{"../games/gardner.zrf", true},
		{"../games/losalamos.zrf", true},
		{"../games/checkers.zrf", false},
		{"../games/go.zrf", false},
	} {
		g := evaltest.Load(t, tt.file)
		if r := GameRules(g); r.Null != tt.null {
			t.Errorf("%s: null moves %v, want %v", g.Title, r.Null, tt.null)
		}
	}
	g := evaltest.Load(t, "../games/chess.zrf")
	r := GameRules(g)
	for _, name := range []string{"Pawn", "King"} {
		if r.Strong[g.KindIndex(name)] {
			t.Errorf("chess: %s is a strong piece", name)
		}
	}
	for _, name := range []string{"Knight", "Bishop", "Rook", "Queen"} {
		if !r.Strong[g.KindIndex(name)] {
			t.Errorf("chess: %s is not a strong piece", name)
		}
	}
	if !r.Royal[0][g.KindIndex("King")] || !r.Royal[1][g.KindIndex("King")] {
		t.Error("chess: the kings are not royal")
	}
}
