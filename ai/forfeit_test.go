package ai_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/match"
)

// forfeiter plays at random until its nth turn, where it forfeits.
type forfeiter struct{ n, turns int }

func (f *forfeiter) Name() string { return "forfeiter" }

func (f *forfeiter) Choose(m *match.Match, r *rand.Rand) (int, error) {
	f.turns++
	if f.turns == f.n {
		return 0, &ai.Forfeit{Reason: fmt.Sprintf("turn %d", f.turns)}
	}
	return r.IntN(len(m.Legal())), nil
}

// TestForfeit: a player's forfeit ends the game as its loss, every other player winning,
// with the reason; the game is not failed.
func TestForfeit(t *testing.T) {
	g := evaltest.Load(t, "../games/chess.zrf")
	for seat := range 2 {
		agents := []ai.Agent{ai.NewSearch(1), ai.NewSearch(1)}
		agents[seat] = &forfeiter{n: 3}
		rec, err := ai.Play(g, agents, 7, 100)
		if err != nil {
			t.Fatal(err)
		}
		r := rec.Result
		want := []engine.Player{engine.Player(1 - seat)}
		if !r.Over || r.Draw || !slices.Equal(r.Winners, want) || !slices.Equal(r.Losers, []engine.Player{engine.Player(seat)}) ||
			r.Reason != "forfeit: turn 3" || rec.Err != nil {
			t.Errorf("seat %d: result %+v, error %v; want a forfeit on turn 3 won by %v", seat, r, rec.Err, want)
		}
		if n := len(rec.Match.History()); n != 4+seat {
			t.Errorf("seat %d: %d turns played before the forfeit, want %d", seat, n, 4+seat)
		}
	}
}
