package notation_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
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

// TestMatchTurnSquares: turns typed by their squares, as players write them, and by
// their ZSG text without attribute changes.
func TestMatchTurnSquares(t *testing.T) {
	texts := []notation.TurnText{
		{ZSG: "Pawn e2 - e4", Named: "e2 - e4 pawn-double", Short: "Pawn e2 - e4", Path: []string{"e2", "e4"}},
		{ZSG: "Pawn e2 x d3", Named: "e2 x d3 take", Short: "Pawn e2 x d3", Path: []string{"e2", "d3"}},
		{ZSG: "Man a3 - c5 x b4; Man c5 - e7 x d6", Named: "a3 x c5 jump + c5 x e7 jump", Short: "Man a3 - c5 x b4; Man c5 - e7 x d6", Path: []string{"a3", "c5", "e7"}},
		{ZSG: "King x1 - x2 @ x2 0 1", Named: "x1 - x2 step", Short: "King x1 - x2", Path: []string{"x1", "x2"}},
		{ZSG: "Pawn g7 - g8 = Queen", Named: "g7 - g8 promote = Queen", Short: "Pawn g7 - g8 = Queen", Path: []string{"g7", "g8"}, Becomes: []string{"Queen"}},
		{ZSG: "Pawn g7 - g8 = Rook", Named: "g7 - g8 promote = Rook", Short: "Pawn g7 - g8 = Rook", Path: []string{"g7", "g8"}, Becomes: []string{"Rook", "R"}},
		{ZSG: "White Stone c4", Named: "c4 drop White Stone", Short: "White Stone c4", Path: []string{"c4"}},
	}
	for _, tt := range []struct {
		text string
		want []int
	}{
		{"e2e4", []int{0}},
		{"e2 e4", []int{0}},
		{"e2-e4", []int{0}},
		{"E2 - E4", []int{0}},
		{"e2xd3", []int{1}},
		{"e2-d3", []int{1}},
		{"a3xc5xe7", []int{2}}, // a capture chain, every square
		{"a3xe7", []int{2}},    // or its ends
		{"a3xc5", nil},         // but not a part of it
		{"x1x2", []int{3}},     // square names that hold a separator
		{"x1xx2", []int{3}},
		{"King x1 - x2", []int{3}}, // the text without its attribute change
		{"g7g8", []int{4, 5}},      // two moves: the player must choose
		{"g7g8q", []int{4}},        // by the initial
		{"g7-g8=R", []int{5}},      // by the notation
		{"G7G8ROOK", []int{5}},     // by the name
		{"g7g8k", nil},
		{"c4", []int{6}},
		{"e2e5", nil},
		{"e2", nil},
	} {
		if got := notation.MatchTurn(texts, tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("MatchTurn(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestDescribeTurnsTyped: the squares and promotion choices DescribeTurns gives a game's
// turns are what players type.
func TestDescribeTurnsTyped(t *testing.T) {
	g := evaltest.LoadText(t, "promote.zrf", `(game (title "Promote")
   (players White Black)
   (board (grid (start-rectangle 0 0 10 10)
      (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
      (directions (n 0 -1) (ne 1 -1))))
   (piece (name Pawn) (attribute moved? false)
      (moves (n (verify empty?) (set-attribute moved? true) (add Queen Rook))
             (ne (verify enemy?) add)))
   (piece (name Queen) (notation "Q"))
   (piece (name Rook))
   (board-setup (White (Pawn a1)) (Black (Rook b2))))
`)
	s := g.NewState()
	turns, err := g.NewWorkspace().Turns(s)
	if err != nil {
		t.Fatal(err)
	}
	texts := notation.DescribeTurns(g, s, turns)
	find := func(text string) string {
		var out []string
		for _, i := range notation.MatchTurn(texts, text) {
			out = append(out, texts[i].Short)
		}
		return strings.Join(out, " | ")
	}
	for _, tt := range []struct{ text, want string }{
		// The attribute change is left out; the promotion keeps its square, as in the
		// ZSG text, where it follows the attribute change.
		{"a1a2q", "Pawn a1 - a2 = Queen on a2"},
		{"a1-a2=Rook", "Pawn a1 - a2 = Rook on a2"},
		{"a1a2", "Pawn a1 - a2 = Queen on a2 | Pawn a1 - a2 = Rook on a2"},
		{"Pawn a1 - a2 = Rook on a2", "Pawn a1 - a2 = Rook on a2"},
		{"a1xb2", "Pawn a1 x b2"},
	} {
		if got := find(tt.text); got != tt.want {
			t.Errorf("MatchTurn(%q): %q, want %q (turns %+v)", tt.text, got, tt.want, texts)
		}
	}
}
