package render

import "github.com/zoggo/zoggo/engine"

// DiscColours returns, per player, the fill and the stroke of the discs SVG draws for
// pieces without a picture, so that a page can show a player's colour beside its name.
func DiscColours(players []engine.PlayerInfo) [][2]string {
	out := make([][2]string, len(players))
	for p, c := range playerColours(players) {
		out[p] = [2]string{c[0], c[1]}
	}
	return out
}
