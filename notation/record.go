package notation

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/match"
)

// Record writes a game played in zoggo as a Zillions saved game: every part of every turn
// of m gets its own line, with the turn's move number, and "partial K" before the parts
// made by add-partial; a pass is written Pass.
func Record(m *match.Match, rulesFile string, seats string) *SavedGame {
	g := m.Game()
	sg := &SavedGame{Seats: seats, RulesFile: rulesFile, Variant: g.Title}
	for _, pt := range m.History() {
		s := pt.Before.Clone()
		for i := range pt.Turn.Parts {
			p := &pt.Turn.Parts[i]
			ml := MoveLine{Num: pt.Num, Partial: -1}
			if p.Pass {
				ml.Pass, ml.Text = true, "Pass"
			} else {
				ml.Text = Part(g, s, p)
				if p.Cont != engine.NoMoveType {
					ml.Partial = int(p.Cont) + 1
				}
				g.Apply(s, p)
			}
			sg.Moves = append(sg.Moves, ml)
		}
	}
	return sg
}
