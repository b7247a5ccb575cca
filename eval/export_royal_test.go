package eval

import (
	"fmt"

	"github.com/zoggo/zoggo/engine"
)

// FollowRoyalAgree compares followRoyal1 with followRoyal on every turn of turns, played
// from s, when the side to move in s has exactly one royal piece. It returns how many
// turns both followed.
func FollowRoyalAgree(g *Game, s *engine.State, turns []Turn) (int, error) {
	side := g.Entry(s).Side
	roy := g.royal[side]
	if len(roy) == 0 {
		return 0, nil
	}
	var kings []engine.Loc
	for l, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == side && roy[c.Kind()] {
			kings = append(kings, engine.Loc(l))
		}
	}
	if len(kings) != 1 {
		return 0, nil
	}
	n := 0
	for i := range turns {
		t := &turns[i]
		var want [1]engine.Loc
		ok := followRoyal(t.Parts, t.After, side, roy, kings, want[:])
		got, _, ok1 := followRoyal1(t.Parts, t.After, side, roy, kings[0])
		if ok != ok1 || ok && got != want[0] {
			return n, fmt.Errorf("turn %d: followRoyal1 gives %d, %v; followRoyal %d, %v", i, got, ok1, want[0], ok)
		}
		if ok {
			n++
		}
	}
	return n, nil
}
