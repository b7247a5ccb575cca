package spell_test

import (
	"testing"

	"github.com/zoggo/zoggo/internal/spell"
)

func TestSuggest(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"Bgi", []string{"Big", "Small"}, "Big"},
		{"nn", []string{"n", "s", "ne"}, "n"},
		{"boardsetup", []string{"board", "board-setup"}, "board-setup"},
		{"xyz", []string{"n", "s"}, ""},
		{"Pawn", []string{"Pawn"}, ""},
	} {
		if got := spell.Suggest(tt.name, tt.cands); got != tt.want {
			t.Errorf("Suggest(%q, %q) = %q, want %q", tt.name, tt.cands, got, tt.want)
		}
	}
}
