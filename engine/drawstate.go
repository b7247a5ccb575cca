package engine

import (
	"fmt"
	"strings"
)

// Cells returns the occupancy of every position of s, for drawing.
func (g *Game) Cells(s *State) []Occupant {
	out := make([]Occupant, len(s.Cells))
	for l, c := range s.Cells {
		if c.IsEmpty() {
			out[l] = Occupant{Player: NoPlayer, Kind: NoKind}
		} else {
			out[l] = Occupant{Player: c.Player(), Kind: c.Kind()}
		}
	}
	return out
}

// Stocks returns the positive off-board counts of s.
func (g *Game) Stocks(s *State) []Stock {
	var out []Stock
	nk := len(g.Pieces)
	for i, n := range s.Stock {
		if n > 0 {
			out = append(out, Stock{Player: Player(i / nk), Kind: Kind(i % nk), N: int(n)})
		}
	}
	return out
}

// DrawState draws a position as text (see Draw), followed for games in the dialect by
// the columns under the top pieces and the values that are not zero.
func (g *Game) DrawState(s *State) string {
	return Draw(g, g.Cells(s), g.Stocks(s)) + g.DrawExt(s)
}

// DrawExt describes the dialect's extra state of s: one line per column ("e5: Man
// (White) on Man (Black), King (Black)", the top first), then the variables and the
// integer attributes that are not zero. It is empty for plain ZRF games.
func (g *Game) DrawExt(s *State) string {
	e := g.Ext
	if e == nil {
		return ""
	}
	var b strings.Builder
	name := func(c Cell) string {
		return g.Pieces[c.Kind()].Name + " (" + g.Players[c.Player()].Name + ")"
	}
	for l := range g.Board.Locs {
		under := g.Under(s, Loc(l))
		if len(under) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s: %s on", g.Board.Locs[l].Name, name(s.Cells[l]))
		for i, c := range under {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + name(c))
		}
		b.WriteString("\n")
	}
	for i, v := range e.Vars {
		if x := g.Val(s, ValVar, i, 0); x != 0 {
			fmt.Fprintf(&b, "%s = %d\n", v.Name, x)
		}
	}
	for l := range g.Board.Locs {
		for i, a := range e.PieceInts {
			if x := g.Val(s, ValPiece, i, Loc(l)); x != 0 && !s.Cells[l].IsEmpty() {
				fmt.Fprintf(&b, "%s %s = %d\n", g.Board.Locs[l].Name, a.Name, x)
			}
		}
		for i, a := range e.PosInts {
			if x := g.Val(s, ValPos, i, Loc(l)); x != 0 {
				fmt.Fprintf(&b, "%s %s = %d\n", g.Board.Locs[l].Name, a.Name, x)
			}
		}
	}
	return b.String()
}
