package eval

// This file holds the run-time of the dialect's capture-side: a part that removes a
// player's whole army, as the thrown rock of Splut! removes the team of the Sorcerer
// it kills.

import "github.com/zoggo/zoggo/engine"

// addSides appends to the move being added (arena[start:] holds its movements) a
// capture for every piece of each owner in x.sides, where the part leaves it: a piece
// that one of the part's movements carries is captured on its destination, and a piece
// on a square that a movement enters is left to that arrival, which removes it already
// (a capture there, applied after the movements, would remove the newcomer). The owners
// are those of the start of the part.
func (x *gen) addSides(start int) {
	moves := x.arena[start:len(x.arena):len(x.arena)]
	for l, c := range x.cells {
		if c.IsEmpty() || x.b.Locs[l].Dummy {
			continue
		}
		own := false
		for _, p := range x.sides {
			if c.Player() == p {
				own = true
				break
			}
		}
		if !own {
			continue
		}
		at, entered := engine.Loc(l), false
		for _, m := range moves {
			if m.Op != engine.OpMove {
				continue
			}
			if m.From == engine.Loc(l) {
				at = m.To
			} else if m.To == engine.Loc(l) {
				entered = true
			}
		}
		if at == engine.Loc(l) && entered {
			continue
		}
		x.arena = append(x.arena, engine.Change{Op: engine.OpCapture, To: at})
	}
}
