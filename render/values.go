package render

// This file writes the values of position attributes on their positions, for boards that
// ask for it with the dialect's (show-values NAME ...): the seeds in Bao's pits.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
)

// shownValues returns, for each position, the texts of the values g's board shows in
// state s (the start position when s is nil): the non-zero values of the listed
// position attributes, joined by "/". It returns nil when the board shows none.
func shownValues(g *engine.Game, s *engine.State) []string {
	b := g.Board
	if b == nil || len(b.Values) == 0 || g.Ext == nil {
		return nil
	}
	var idx []int
	for _, name := range b.Values {
		if i := g.Ext.PosIntIndex(name); i >= 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	if s == nil {
		s = g.NewState()
	}
	if len(s.Vals) == 0 || len(s.Cells) != len(b.Locs) {
		return nil
	}
	out := make([]string, len(b.Locs))
	for l := range b.Locs {
		var parts []string
		for _, i := range idx {
			if v := g.Val(s, engine.ValPos, i, engine.Loc(l)); v != 0 {
				parts = append(parts, strconv.Itoa(int(v)))
			}
		}
		out[l] = strings.Join(parts, "/")
	}
	return out
}

// heldValues returns, for each player, the texts of the variables g's board writes
// beside the player's name in state s (the start position when s is nil): "22 seeds in
// hand". It returns nil when the board writes none.
func heldValues(g *engine.Game, s *engine.State) [][]string {
	b := g.Board
	if b == nil || len(b.Held) == 0 || g.Ext == nil {
		return nil
	}
	if s == nil {
		s = g.NewState()
	}
	out := make([][]string, len(g.Players))
	for _, h := range b.Held {
		i := g.Ext.VarIndex(h.Var)
		if i < 0 || h.Player < 0 || int(h.Player) >= len(out) || len(s.Vals) <= i {
			continue
		}
		out[h.Player] = append(out[h.Player], fmt.Sprintf("%d %s", g.Val(s, engine.ValVar, i, 0), h.Text))
	}
	return out
}

// writeValues writes each shown value in a dark badge at the top right of its position,
// above the piece there.
func (r *svgRenderer) writeValues(w *strings.Builder) {
	if len(r.values) == 0 {
		return
	}
	var sb strings.Builder
	for _, c := range r.shapes {
		if int(c.loc) >= len(r.values) || r.values[c.loc] == "" {
			continue
		}
		text := r.values[c.loc]
		rad := 0.2 * c.size
		fsz := rad * 1.2
		if n := len(text); n > 2 {
			fsz = rad * 2.4 / float64(n)
		}
		x, y := c.cx+0.28*c.size, c.cy-0.28*c.size
		fmt.Fprintf(&sb, `<g class="value" data-loc="%s"><circle cx="%s" cy="%s" r="%s" fill="%s" stroke="#ffffff" stroke-width="%s"/>`,
			esc(r.b.Locs[c.loc].Name), num(x), num(y), num(rad), svgInk, num(max(0.5, 0.12*rad)))
		fmt.Fprintf(&sb, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="#ffffff">%s</text></g>`+"\n",
			num(x), num(y+0.36*fsz), num(fsz), esc(text))
	}
	if sb.Len() > 0 {
		w.WriteString(`<g class="values">` + "\n")
		w.WriteString(sb.String())
		w.WriteString("</g>\n")
	}
}
