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
//
// A variant that declares a piece again often writes the same text (or calls the same
// macro with the same arguments) as its base game: its blocks are other forms, read at
// other places of the file, but atom for atom the same. Such a game compiles to the same
// ops too; only the source positions of its instructions differ, which run-time errors
// name. It takes the ops, and gets source positions of its own from a walk of its forms
// that visits the instructions in the order the compiler does (atWalk). The walk is
// proved on the game that compiled the code: its positions must come out exactly as
// the compiler recorded them, or the code is not shared this way.

import (
	"slices"
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// sharedCode is what a game that compiled its own move code tells the games that take
// it: the names its bodies looked up, and what the compile added to its tables.
type sharedCode struct {
	lookups *lookupLog
	rules   []engine.Rule // the rules the blocks produce
	zones   bool          // the bodies declared zones of their own: do not share

	// moves and drops are the compiled blocks, kept when a game of the file has only
	// alike forms to share with, to prove atWalk on them once (walked).
	moves, drops [][]srcBlock
	walkOnce     sync.Once
	walked       bool // atWalk gives the sources the compiler recorded (Program.At)
}

// walks reports whether atWalk, on the blocks that compiled to p, gives p's sources.
func (sh *sharedCode) walks(p *code.Program) bool {
	sh.walkOnce.Do(func() {
		if sh.moves != nil {
			w := atWalk{want: p.At, check: true}
			w.blocks(sh.moves, sh.drops)
			sh.walked = !w.bad && w.n == len(p.At)
		}
	})
	return sh.walked
}

// shareCand is an earlier game of the file whose blocks compile as a game's do.
type shareCand struct {
	g    *Game
	same bool // the very same forms: the source positions are the same too
}

// lookupLog lists the names the bodies of a game looked up in the tables that variants
// change most (the board's positions and zones, the move types), with the answers.
// Another game whose tables give the same answers compiles the same code. Each name is
// listed once, where it was first looked up: a body of a few hundred thousand steps asks
// for the same few names (is this direction also a position?) again and again, and the
// answer for a name does not change while the bodies compile, except that a move type
// named first is added (moveType), after which it is found at the index it was given.
type lookupLog struct {
	locs, zones, types []nameAt

	seen map[string]uint8 // the names listed, by the tables they were listed for
}

// The tables a name may be listed for, as bits of lookupLog.seen.
const (
	seenLoc uint8 = 1 << iota
	seenZone
	seenType
)

// first reports whether name is looked up in the table of bit for the first time, and
// remembers that it was.
func (l *lookupLog) first(name string, bit uint8) bool {
	if l.seen == nil {
		l.seen = map[string]uint8{}
	}
	s := l.seen[name]
	if s&bit != 0 {
		return false
	}
	l.seen[name] = s | bit
	return true
}

// nameAt is one lookup: a name and the index found for it (or -1).
type nameAt struct {
	name string
	at   int32
}

// locIndex looks up a position name, logging it while the bodies compile.
func (c *compiler) locIndex(name string) engine.Loc {
	l := c.g.Board.LocIndex(name)
	if c.lookups != nil && c.lookups.first(name, seenLoc) {
		c.lookups.locs = append(c.lookups.locs, nameAt{name, int32(l)})
	}
	return l
}

// zoneIndex looks up a zone name, logging it while the bodies compile.
func (c *compiler) zoneIndex(name string) int {
	z := c.g.Board.ZoneIndex(name)
	if c.lookups != nil && c.lookups.first(name, seenZone) {
		c.lookups.zones = append(c.lookups.zones, nameAt{name, int32(z)})
	}
	return z
}

// shareable reports whether the move code of the game c compiles may be shared at all.
func shareable(c *compiler) bool {
	return !c.dialect && c.dsrcv == nil && c.g.Ext == nil && c.g.Board != nil
}

// sameBodies reports whether game d may compile its move code exactly as game c does:
// the same blocks, from the same forms or from forms atom for atom the same (then same
// is false), against tables that agree name for name. Both are taken before either
// compiles its code; the positions, zones and move types are compared later, by the
// names c's bodies looked up (Game.takeCode).
func sameBodies(c, d *compiler) (ok, same bool) {
	if !shareable(c) || !shareable(d) {
		return false, false
	}
	g, h := c.g, d.g
	if len(c.srcMoves) != len(d.srcMoves) || len(c.srcDrops) != len(d.srcDrops) {
		return false, false
	}
	if !(slices.EqualFunc(g.Pieces, h.Pieces, func(a, b *engine.Piece) bool { return a.Name == b.Name }) &&
		slices.EqualFunc(g.Players, h.Players, func(a, b engine.PlayerInfo) bool { return a.Name == b.Name }) &&
		slices.Equal(g.AttrNames, h.AttrNames) && slices.EqualFunc(g.Rules, h.Rules, sameRule) &&
		slices.Equal(g.Board.Dirs, h.Board.Dirs)) {
		return false, false
	}
	same = true
	for _, pair := range [2][2][][]srcBlock{{c.srcMoves, d.srcMoves}, {c.srcDrops, d.srcDrops}} {
		for k := range pair[0] {
			a, b := pair[0][k], pair[1][k]
			if len(a) != len(b) {
				return false, false
			}
			for i := range a {
				if a[i] == b[i] {
					continue
				}
				same = false
				// Headers and sites first: they need no expansion of deferred blocks, nor
				// do blocks the expansion knows to be alike (zrf.Expanded.Alike).
				if !alikeHeads(a[i], b[i]) {
					return false, false
				}
				if c.ex == d.ex && c.ex.Alike(a[i].Body, b[i].Body) {
					continue
				}
				if !c.forced(a[i]) || !d.forced(b[i]) || !alikeBlocks(a[i], b[i]) {
					return false, false
				}
			}
		}
	}
	return true, same
}

func sameRule(a, b engine.Rule) bool { return a.Name == b.Name && slices.Equal(a.Args, b.Args) }

// alikeBlocks reports whether two blocks compile to the same ops and name the same rule
// (bodyCompiler.rule): the same header, bodies atom for atom the same, and the same
// macro call, if any, producing the whole body.
func alikeBlocks(a, b srcBlock) bool {
	return alikeHeads(a, b) && alikeNodes(a.Body, b.Body)
}

// alikeHeads is alikeBlocks but for the instructions of the bodies.
func alikeHeads(a, b srcBlock) bool {
	if a.Owner != b.Owner || a.Type != b.Type {
		return false
	}
	s, t := a.Body.Site, b.Body.Site
	named := func(s *zrf.Site) bool { return s != nil && s.Param == 0 }
	if named(s) != named(t) {
		return false
	}
	return !named(s) || s.Macro == t.Macro && slices.EqualFunc(s.Args, t.Args, alikeNodes)
}

// alikeNodes reports whether two trees hold the same atoms and strings in the same
// lists. The depth of a tree is bounded by the reader.
func alikeNodes(a, b *zrf.Node) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind || a.Text != b.Text || len(a.List) != len(b.List) {
		return false
	}
	for i := range a.List {
		if !alikeNodes(a.List[i], b.List[i]) {
			return false
		}
	}
	return true
}

// shareBodies lists for every game of the file the earlier games that compile their
// move code the same way, nearest the file's start first.
func shareBodies(games []*Game) {
	alike := false
	defer func() {
		for _, g := range games {
			g.keepForms = alike
		}
	}()
	for i, g := range games {
		if g.c == nil || !shareable(g.c) {
			continue
		}
		for _, f := range games[:i] {
			if f.c == nil {
				continue
			}
			if ok, same := sameBodies(f.c, g.c); ok {
				g.cands = append(g.cands, shareCand{f, same})
				alike = alike || !same
			}
		}
	}
}

// takeCode gives g, whose blocks c holds, the move code of one of the games it may share with, and reports
// whether it could: that game's code (compiled by the game itself or by the one it took
// it from) compiled without an error, declared no zone, and every name its bodies
// looked up means the same in g. A game whose forms are only alike takes the ops with
// source positions of its own.
func (g *Game) takeCode(c *compiler) bool {
	var tried []*Game
	for _, cand := range g.cands {
		if _, err := cand.g.Program(); err != nil {
			continue
		}
		o := cand.g.owner
		if o == nil || slices.Contains(tried, o) {
			continue
		}
		tried = append(tried, o)
		if prog, types, ok := g.fits(c, o, cand.same); ok {
			g.prog, g.owner = prog, o
			g.MoveTypes = types
			g.Rules = append(g.Rules, o.shared.rules...)
			return true
		}
	}
	return false
}

// fits returns the Program g gets from o's code and g's move types after it, if every
// name o's bodies looked up means the same in g.
func (g *Game) fits(c *compiler, o *Game, same bool) (*code.Program, []string, bool) {
	sh := o.shared
	if o.prog == nil || sh == nil || sh.zones || !same && !sh.walks(o.prog) {
		return nil, nil, false
	}
	l := sh.lookups
	for _, q := range l.locs {
		if int32(g.Board.LocIndex(q.name)) != q.at {
			return nil, nil, false
		}
	}
	for _, q := range l.zones {
		if int32(g.Board.ZoneIndex(q.name)) != q.at {
			return nil, nil, false
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
			return nil, nil, false
		}
	}
	if same {
		return o.prog, types, true
	}
	at := c.walkBlocks(make([]code.Source, 0, len(o.prog.At)))
	if len(at) != len(o.prog.At) {
		return nil, nil, false
	}
	p := *o.prog
	p.At = at
	return &p, types, true
}

// walkBlocks lists the source of every instruction of c's blocks, in the order
// compileBodies compiles them, into at.
func (c *compiler) walkBlocks(at []code.Source) []code.Source {
	w := atWalk{at: at, list: true}
	w.blocks(c.srcMoves, c.srcDrops)
	return w.at
}

// countInstrs returns the number of instructions of c's blocks outside the dialect's
// own forms: the number of ops and sources compiling them makes.
func (c *compiler) countInstrs() int {
	var w atWalk
	w.blocks(c.srcMoves, c.srcDrops)
	return w.n
}

// atWalk visits the instructions of bodies as bodyCompiler.instrs and instr do, counting
// them, and with list listing the source each gets (bodyCompiler.at), or with check
// comparing them with want.
type atWalk struct {
	at, want    []code.Source
	list, check bool
	n           int // sources met
	bad         bool
}

func (w *atWalk) blocks(moves, drops [][]srcBlock) {
	for k := range moves {
		for _, b := range moves[k] {
			w.instrs(b.Body.List, b.Site)
		}
		for _, b := range drops[k] {
			w.instrs(b.Body.List, b.Site)
		}
	}
}

func (w *atWalk) instrs(items []*zrf.Node, site *zrf.Site) {
	for _, n := range items {
		if w.bad {
			return
		}
		w.instr(n, site)
	}
}

func (w *atWalk) instr(n *zrf.Node, site *zrf.Site) {
	s := code.Source{Pos: n.Pos, Site: n.SiteIn(site)}
	if w.check {
		if w.n >= len(w.want) || w.want[w.n] != s {
			w.bad = true
			return
		}
	} else if w.list {
		w.at = append(w.at, s)
	}
	w.n++
	if n.Kind != zrf.List {
		return
	}
	ns := n.SiteIn(site)
	a := n.Args()
	switch n.Head() {
	case "if":
		if len(a) < 1 {
			return
		}
		rest := a[1:]
		for i, x := range rest {
			if x.IsAtom("else") {
				w.instrs(rest[:i], ns)
				w.instrs(rest[i+1:], ns)
				return
			}
		}
		w.instrs(rest, ns)
	case "while":
		if len(a) >= 1 {
			w.instrs(a[1:], ns)
		}
	}
}
