package eval

import "github.com/zoggo/zoggo/engine"

// Permutation returns the dialect's permutation i, as an engine.OpPermute change names it
// in its Value: pairs of a position and the position its contents go to (positions that
// keep their contents are left out). It is nil for a number the rules do not have.
func (g *Game) Permutation(i int32) [][2]engine.Loc {
	if g.code == nil || i < 0 || int(i) >= len(g.code.Perms) {
		return nil
	}
	out := make([][2]engine.Loc, 0, len(g.code.Perms[i]))
	for _, pr := range g.code.Perms[i] {
		if pr.From != pr.To {
			out = append(out, [2]engine.Loc{pr.From, pr.To})
		}
	}
	return out
}
