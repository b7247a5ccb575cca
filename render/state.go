package render

// This file turns an engine.State into what the drawings read: the occupant of every
// position, the off-board counts and, for games in the dialect, the columns and values.

import (
	"fmt"
	"strings"

	"github.com/zoggo/zoggo/engine"
)

// Text draws position s of game g as text (see Board), followed for games in the dialect
// by the columns under the top pieces and the values that are not zero. With s nil it
// draws the start position as the setup of the rules places it, with the off-board counts
// of the rules.
func Text(g *engine.Game, s *engine.State) string {
	if g == nil {
		g = &engine.Game{}
	}
	if s == nil {
		pic := Board(g, startCells(g), g.Stock)
		if g.Ext != nil && g.Board != nil {
			pic += ext(g, g.NewState())
		}
		return pic
	}
	return Board(g, cells(s), stocks(g, s)) + ext(g, s)
}

// startCells returns the occupant of every position at the start of the game, from
// g.Setup; a later placement on the same position replaces an earlier one.
func startCells(g *engine.Game) []Occupant {
	if g.Board == nil {
		return nil
	}
	out := make([]Occupant, len(g.Board.Locs))
	for i := range out {
		out[i] = vacant
	}
	for _, p := range g.Setup {
		if p.Loc >= 0 && int(p.Loc) < len(out) {
			out[p.Loc] = Occupant{Player: p.Player, Kind: p.Kind}
		}
	}
	return out
}

// cells returns the occupant of every position of s.
func cells(s *engine.State) []Occupant {
	out := make([]Occupant, len(s.Cells))
	for l, c := range s.Cells {
		if c.IsEmpty() {
			out[l] = vacant
		} else {
			out[l] = Occupant{Player: c.Player(), Kind: c.Kind()}
		}
	}
	return out
}

// stocks returns the positive off-board counts of s.
func stocks(g *engine.Game, s *engine.State) []engine.Stock {
	var out []engine.Stock
	nk := len(g.Pieces)
	if nk == 0 {
		return nil
	}
	for i, n := range s.Stock {
		if n > 0 {
			out = append(out, engine.Stock{Player: engine.Player(i / nk), Kind: engine.Kind(i % nk), N: int(n)})
		}
	}
	return out
}

// ext describes the dialect's extra state of s: one line per column ("e5: Man (White) on
// Man (Black), King (Black)", the top first), then the variables and the integer
// attributes that are not zero. It is empty for plain ZRF games.
func ext(g *engine.Game, s *engine.State) string {
	e := g.Ext
	if e == nil || g.Board == nil {
		return ""
	}
	var b strings.Builder
	name := func(c engine.Cell) string {
		return g.Pieces[c.Kind()].Name + " (" + g.Players[c.Player()].Name + ")"
	}
	for l := range g.Board.Locs {
		under := g.Under(s, engine.Loc(l))
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
		if x := g.Val(s, engine.ValVar, i, 0); x != 0 {
			fmt.Fprintf(&b, "%s = %d\n", v.Name, x)
		}
	}
	for l := range g.Board.Locs {
		for i, a := range e.PieceInts {
			if x := g.Val(s, engine.ValPiece, i, engine.Loc(l)); x != 0 && !s.Cells[l].IsEmpty() {
				fmt.Fprintf(&b, "%s %s = %s\n", g.Board.Locs[l].Name, a.Name, e.ValueText(&e.PieceInts[i], x))
			}
		}
		for i, a := range e.PosInts {
			if x := g.Val(s, engine.ValPos, i, engine.Loc(l)); x != 0 {
				fmt.Fprintf(&b, "%s %s = %d\n", g.Board.Locs[l].Name, a.Name, x)
			}
		}
	}
	return b.String()
}
