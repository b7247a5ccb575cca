package server

import (
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/render"
)

// side is where a player's pieces stand at the start, as the board is drawn.
type side struct {
	y     float64 // the mean height of the centres of their positions (down is larger)
	n     int     // the pieces counted
	kind  int     // the type of the first of them, or -1
	drawn bool    // the board has a picture with positions
}

// startSide returns, per player, where its pieces stand in the start position.
func startSide(g *eval.Game) []side {
	out := make([]side, len(g.Players))
	for i := range out {
		out[i].kind = -1
	}
	s := g.NewState()
	for l, c := range s.Cells {
		if c.IsEmpty() || l >= len(g.Board.Locs) || int(c.Player()) >= len(out) {
			continue
		}
		sd := &out[c.Player()]
		if sd.kind < 0 {
			sd.kind = int(c.Kind())
		}
		info := &g.Board.Locs[l]
		if !info.HasRect || info.Dummy {
			continue
		}
		sd.y += float64(info.Rect[1]+info.Rect[3]) / 2
		sd.n++
	}
	for i := range out {
		if out[i].n > 0 {
			out[i].y /= float64(out[i].n)
			out[i].drawn = true
		}
	}
	return out
}

// turned says whether the board should be turned for the bearer of seats you: when all
// the seats are players whose pieces start above those of every other player (not
// dice), the board is turned by 180° so that the bearer's side is at the bottom, as a
// player sits at a real board. Players without pieces at the start have no side: a
// board that starts empty (Go) is symmetric, and both players see it as its record
// writes it, as Go servers show it.
func turned(g *eval.Game, sides []side, you []int) bool {
	if len(you) == 0 {
		return false
	}
	for _, p := range you {
		if p < 0 || p >= len(sides) || !sides[p].drawn {
			return false
		}
		others := 0
		for q, sd := range sides {
			if q == p || g.Players[q].Random || !sd.drawn {
				continue
			}
			// Half a unit: the centres of the rules' rectangles are whole or halves.
			if sides[p].y >= sd.y-0.5 {
				return false
			}
			others++
		}
		if others == 0 {
			return false
		}
	}
	return true
}

// seatImage returns the picture of a piece of player p, to show the player's colour
// beside its name: the type of its first piece at the start, else the first type with
// a picture.
func (gm *game) seatImage(p int) string {
	if k := gm.sides[p].kind; k >= 0 {
		if img := gm.image(p, k); img != "" {
			return img
		}
	}
	for k := range gm.g.Pieces {
		if img := gm.image(p, k); img != "" {
			return img
		}
	}
	return ""
}

// seatsOf fills the colours of st's players (the picture of one of their pieces and
// the colour of the discs drawn for pieces without one) and whether the board is
// turned.
func (gm *game) seatsOf(st *stateJSON) {
	if gm.sidesOf != gm.g {
		gm.sides, gm.sidesOf = startSide(gm.g), gm.g
	}
	discs := render.DiscColours(gm.g.Players)
	for i := range st.Players {
		if !gm.g.Players[i].Random {
			st.Players[i].Image = gm.seatImage(i)
			st.Players[i].Colour = discs[i]
		}
	}
	st.Turned = turned(gm.g, gm.sides, st.You)
}
