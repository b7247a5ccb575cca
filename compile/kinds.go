package compile

// This file looks piece types up by name for the move code. engine.Game.KindIndex
// scans the piece list; a body of a few hundred thousand instructions in a game of
// sixty piece types (Focus) asks it for a name at most instructions, and the scan with
// its string compares took 5% of the processor time of checking the whole corpus.

import "github.com/zoggo/zoggo/engine"

// kindScan is the number of piece types up to which a scan is cheaper than a map.
const kindScan = 16

// kindIndex returns the piece type named name, or engine.NoKind, as
// c.g.KindIndex does: the first of that name.
func (c *compiler) kindIndex(name string) engine.Kind {
	ps := c.g.Pieces
	if len(ps) <= kindScan {
		return c.g.KindIndex(name)
	}
	if c.kindByName == nil || c.kindByNameFor != len(ps) {
		c.kindByName = make(map[string]engine.Kind, len(ps))
		for i := len(ps) - 1; i >= 0; i-- {
			c.kindByName[ps[i].Name] = engine.Kind(i)
		}
		c.kindByNameFor = len(ps)
	}
	if k, ok := c.kindByName[name]; ok {
		return k
	}
	return engine.NoKind
}
