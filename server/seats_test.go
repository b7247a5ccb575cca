package server

import (
	"testing"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/store/memstore"
)

// TestTurned checks which seats see the board turned: those whose pieces start at the
// top of the board as the rules draw it, whatever the player's name or order.
func TestTurned(t *testing.T) {
	for _, tt := range []struct {
		file string
		you  []int
		want bool
	}{
		{"chess.zrf", []int{0}, false}, // White, at the bottom
		{"chess.zrf", []int{1}, true},  // Black
		{"chess.zrf", []int{0, 1}, false},
		{"chess.zrf", nil, false},
		{"checkers.zrf", []int{0}, true}, // Black, first to move, starts at the top
		{"checkers.zrf", []int{1}, false},
		{"go.zrf", []int{1}, false}, // no piece at the start: no side
		{"ur.zrf", []int{0}, false},
		{"ur.zrf", []int{1}, true}, // Black, whose reserve is above the board; the dice do not count
	} {
		g := evaltest.Load(t, "../games/"+tt.file)
		if got := turned(g, startSide(g), tt.you); got != tt.want {
			t.Errorf("%s: turned for seats %v = %v, want %v (sides %+v)", tt.file, tt.you, got, tt.want, startSide(g))
		}
	}
}

// TestSeatsState checks what GET /api/games/{id} says of the seats: turned for the
// invited Black, not for White nor for spectators, and each player's colour.
func TestSeatsState(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(chessHotSeat)
	for _, tt := range []struct {
		who    string
		secret string
		want   bool
	}{
		{"White", c.Secret, false},
		{"Black", c.Invites[0].Secret, true},
		{"a spectator", c.View, false},
	} {
		s := h.state(c.ID, tt.secret)
		if s.Turned != tt.want {
			t.Errorf("%s: turned %v, want %v", tt.who, s.Turned, tt.want)
		}
		if len(s.Players) != 2 || s.Players[0].Colour == s.Players[1].Colour || s.Players[0].Colour[0] == "" {
			t.Errorf("%s: players %+v, want two different colours", tt.who, s.Players)
		}
	}
}
