package compile

// This file reads the dialect's (value N) of a piece: what the piece is worth in the
// rules' own points (Thud: a dwarf 1, a troll 4). The run-time does not use it; the
// bots take it as their material values, and zoggo run --score rules counts it.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// MaxPieceValue bounds a stated piece value.
const MaxPieceValue = 1_000_000

// pieceValue reads (value N) in piece k, reporting whether h was that form.
func (c *compiler) pieceValue(h string, n *zrf.Node, site *zrf.Site, k engine.Kind) bool {
	if h != "value" {
		return false
	}
	cs := n.SiteIn(site)
	if !c.dialect {
		c.errorf(n.List[0], cs, "(value ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", DialectVersion)
		return true
	}
	a := n.Args()
	if len(a) != 1 || a[0].Kind != zrf.Atom {
		c.errorf(n, site, "expected (value N), a whole number of points from 1 to %d", MaxPieceValue)
		return true
	}
	v, ok := c.number(a[0], cs)
	if !ok {
		return true
	}
	p := c.g.Pieces[k]
	switch {
	case v < 1 || v > MaxPieceValue:
		c.errorf(a[0], cs, "expected a value of points from 1 to %d, found %d", MaxPieceValue, v)
	case p.Value != 0:
		c.errorf(n, site, "piece %q has its value already", p.Name)
	default:
		p.Value = v
	}
	return true
}
