package notation

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Played is one turn of a game played in zoggo: the state before it and the turn (a
// pass has a single part with Pass set).
type Played struct {
	Before *engine.State
	Turn   eval.Turn
}

// Record writes a game played in zoggo as a Zillions saved game. Move numbers grow each
// time the turn order starts over; every part gets its own line, "partial K" before the
// parts made by add-partial.
func Record(g *eval.Game, rulesFile string, seats string, turns []Played) *SavedGame {
	sg := &SavedGame{Seats: seats, RulesFile: rulesFile, Variant: g.Title}
	num, last := 1, -1
	for _, pt := range turns {
		if last >= 0 && pt.Before.Turn <= last {
			num++
		}
		last = pt.Before.Turn
		s := pt.Before.Clone()
		for i := range pt.Turn.Parts {
			m := &pt.Turn.Parts[i]
			ml := MoveLine{Num: num, Partial: -1}
			if m.Pass {
				ml.Pass, ml.Text = true, "Pass"
			} else {
				ml.Text = Part(g, s, m)
				if m.Cont != engine.NoMoveType {
					ml.Partial = int(m.Cont) + 1
				}
				g.Apply(s, m)
			}
			sg.Moves = append(sg.Moves, ml)
		}
	}
	return sg
}
