package compile

// This file lets the games of one file share their compiled move code. Variants often
// differ from their base game only in forms the move code never reads (a setup, a goal,
// an option), and compiling their move bodies again is most of the work of checking
// such a file: Ragnarok's fifteen variants compile the same 190,000 instructions each.
//
// Compiling move bodies is deterministic given the body forms and the names it looks
// up: directions, positions, zones, players, piece types, move types, attributes and
// the rules already listed. A game whose blocks are the very same forms as an earlier
// game's (the variant merge keeps the base game's piece forms) and whose tables agree
// name for name gets exactly the code the earlier game got, so it takes that game's
// Program instead of compiling its own. Only code that compiled without an error is
// shared, and only from games that need no external engine nor the zoggo-1 dialect (the
// dialect's tables grow while its bodies compile).

import (
	"slices"

	"github.com/zoggo/zoggo/engine"
)

// sharedCode is what a game that compiled its own move code tells the games that take
// it: the names its bodies looked up, and what the compile added to its tables.
type sharedCode struct {
	lookups *lookupLog
	rules   []engine.Rule // the rules the blocks produce
	zones   bool          // the bodies declared zones of their own: do not share
}

// lookupLog lists the names the bodies of a game looked up in the tables that variants
// change most (the board's positions and zones, the move types), with the answers.
// Another game whose tables give the same answers compiles the same code.
type lookupLog struct {
	locs, zones, types []nameAt
}

// nameAt is one lookup: a name and the index found for it (or -1).
type nameAt struct {
	name string
	at   int32
}

// locIndex looks up a position name, logging it while the bodies compile.
func (c *compiler) locIndex(name string) engine.Loc {
	l := c.g.Board.LocIndex(name)
	if c.lookups != nil {
		c.lookups.locs = append(c.lookups.locs, nameAt{name, int32(l)})
	}
	return l
}

// zoneIndex looks up a zone name, logging it while the bodies compile.
func (c *compiler) zoneIndex(name string) int {
	z := c.g.Board.ZoneIndex(name)
	if c.lookups != nil {
		c.lookups.zones = append(c.lookups.zones, nameAt{name, int32(z)})
	}
	return z
}

// sameBodies reports whether game d may compile its move code exactly as game c does:
// the same blocks, from the same forms, against tables that agree name for name. Both
// are taken before either compiles its code; the positions, zones and move types are
// compared later, by the names c's bodies looked up (Game.takeCode).
func sameBodies(c, d *compiler) bool {
	if c.dialect || d.dialect || c.dsrcv != nil || d.dsrcv != nil {
		return false
	}
	g, h := c.g, d.g
	if g.Ext != nil || h.Ext != nil || g.Board == nil || h.Board == nil {
		return false
	}
	if len(c.srcMoves) != len(d.srcMoves) || len(c.srcDrops) != len(d.srcDrops) {
		return false
	}
	for k := range c.srcMoves {
		if !slices.Equal(c.srcMoves[k], d.srcMoves[k]) {
			return false
		}
	}
	for k := range c.srcDrops {
		if !slices.Equal(c.srcDrops[k], d.srcDrops[k]) {
			return false
		}
	}
	return slices.EqualFunc(g.Pieces, h.Pieces, func(a, b *engine.Piece) bool { return a.Name == b.Name }) &&
		slices.EqualFunc(g.Players, h.Players, func(a, b engine.PlayerInfo) bool { return a.Name == b.Name }) &&
		slices.Equal(g.AttrNames, h.AttrNames) && slices.EqualFunc(g.Rules, h.Rules, sameRule) &&
		slices.Equal(g.Board.Dirs, h.Board.Dirs)
}

func sameRule(a, b engine.Rule) bool { return a.Name == b.Name && slices.Equal(a.Args, b.Args) }

// shareBodies points every game of the file at the first earlier game that compiles its
// move code the same way.
func shareBodies(games []*Game) {
	for i, g := range games {
		if g.c == nil {
			continue
		}
		for _, f := range games[:i] {
			if f.c != nil && f.from == nil && sameBodies(f.c, g.c) {
				g.from = f
				break
			}
		}
	}
}

// takeCode gives g the move code of the game it shares with, and reports whether it
// could: that game's code compiled without an error, declared no zone, and every name
// its bodies looked up means the same in g.
func (g *Game) takeCode() bool {
	f := g.from
	prog, err := f.Program()
	if err != nil || prog == nil || f.shared == nil || f.shared.zones {
		return false
	}
	l := f.shared.lookups
	for _, q := range l.locs {
		if int32(g.Board.LocIndex(q.name)) != q.at {
			return false
		}
	}
	for _, q := range l.zones {
		if int32(g.Board.ZoneIndex(q.name)) != q.at {
			return false
		}
	}
	// Move types named first by the bodies are added in the order they were met, as
	// compiling the bodies here would add them.
	types := slices.Clone(g.MoveTypes)
	for _, q := range l.types {
		t := slices.Index(types, q.name)
		if t < 0 {
			types = append(types, q.name)
			t = len(types) - 1
		}
		if int32(t) != q.at {
			return false
		}
	}
	g.prog = prog
	g.MoveTypes = types
	g.Rules = append(g.Rules, f.shared.rules...)
	return true
}
