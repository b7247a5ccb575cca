package notation_test

import (
	"slices"
	"testing"

	"github.com/zoggo/zoggo/notation"
)

func TestMatchTurn(t *testing.T) {
	texts := []notation.TurnText{
		{ZSG: "e2 - e4", Named: "Pawn e2-e4"},
		{ZSG: "c3 - e5\nx d4", Named: "Man c3-e5 + Man e5-c7"},
		{ZSG: "a7 - a8\n= Queen", Named: "Pawn a7-a8=Q"},
		{ZSG: "a7 - a8\n= Rook", Named: "Pawn a7-a8=R"},
		{ZSG: "B b1 - c3", Named: "knight b1-c3"},
		{ZSG: "B b1 - a3", Named: "Knight b1-a3"},
	}
	for _, tt := range []struct {
		text string
		want []int
	}{
		{"e2 - e4", []int{0}},
		{"  Pawn   e2-e4 ", []int{0}},
		{"pawn e2-e4", []int{0}},          // only by case
		{"Man c3-e5+Man e5-c7", []int{1}}, // parts spaced otherwise
		{"Knight b1-c3", []int{4}},        // by case, as nothing matches exactly
		{"Knight b1-a3", []int{5}},        // exactly, though another matches by case
		{"e2 - e5", nil},
		{"", nil},
	} {
		if got := notation.MatchTurn(texts, tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("MatchTurn(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	twice := append(texts, notation.TurnText{ZSG: "e2 - e4", Named: "Pawn e2-e4 (again)"})
	if got := notation.MatchTurn(twice, "e2 - e4"); !slices.Equal(got, []int{0, 6}) {
		t.Errorf("an ambiguous text: %v, want both turns", got)
	}
}
