package compile

import (
	"io"
	"sort"

	"github.com/zoggo/zoggo/internal/code"
)

// Names returns the names of the game's pieces, positions, directions and the rest, for
// printing its code with code.Dump.
func (g *Game) Names() *code.Names {
	n := &code.Names{Dirs: g.Board.Dirs, Attrs: g.AttrNames, MoveTypes: g.MoveTypes}
	for _, p := range g.Pieces {
		n.Kinds = append(n.Kinds, p.Name)
	}
	for _, p := range g.Players {
		n.Players = append(n.Players, p.Name)
	}
	for _, l := range g.Board.Locs {
		n.Locs = append(n.Locs, l.Name)
	}
	for _, z := range g.Board.Zones {
		n.Zones = append(n.Zones, z.Name)
	}
	for _, r := range g.Rules {
		n.Rules = append(n.Rules, r.String())
	}
	to := g.TurnOrder
	n.Labels = make([]string, len(to.Entries))
	// Several labels may name one entry: the first in alphabetical order is printed, so
	// that the dump does not depend on map order.
	labels := make([]string, 0, len(to.Labels))
	for l := range to.Labels {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		if i := to.Labels[l]; i >= 0 && i < len(n.Labels) && n.Labels[i] == "" {
			n.Labels[i] = l
		}
	}
	if to.Repeat < len(n.Labels) && n.Labels[to.Repeat] == "" {
		n.Labels[to.Repeat] = "repeat"
	}
	if e := g.Ext; e != nil {
		for _, v := range e.Vars {
			n.Vars = append(n.Vars, v.Name)
		}
		for _, v := range e.PieceInts {
			n.PieceInts = append(n.PieceInts, v.Name)
		}
		for _, v := range e.PosInts {
			n.PosInts = append(n.PosInts, v.Name)
		}
	}
	return n
}

// Dump prints the game's compiled code for people (see code.Dump). A game whose moves an
// external engine defines has no code, and Dump says so.
func (g *Game) Dump(w io.Writer) error {
	if g.Axiom() {
		_, err := io.WriteString(w, "moves defined by the Axiom engine (Forth): no compiled code\n")
		return err
	}
	prog, err := g.Program()
	if err != nil {
		return err
	}
	return code.Dump(w, prog, g.Names())
}
