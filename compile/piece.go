package compile

import (
	"slices"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

var pieceHeads = []string{"name", "help", "description", "notation", "image", "attribute", "moves", "drops", "dummy"}

// pieceName declares a piece type by its name, so that later forms can refer to it. It
// returns false for a second definition of a name, which declares nothing: with the same
// moves and drops as the first (a file that pastes a piece twice) it is a warning and the
// first definition stands; with other moves or drops it is an error naming both.
func (c *compiler) pieceName(n *zrf.Node) bool {
	name := ""
	for _, ch := range n.Args() {
		if ch.Head() == "name" {
			if a := ch.Args(); len(a) == 1 && a[0].Kind == zrf.Atom {
				name = a[0].Text
			} else {
				c.errorf(ch, n.Site, "expected (name PIECE)")
			}
		}
	}
	if name == "" {
		c.errorf(n, nil, "a piece needs (name ...)")
		name = "?"
	}
	if first, dup := c.pieceAt[name]; dup && name != "?" {
		e := c.fset.NewError(n.Pos, n.Site, "piece %q defined twice, with other moves or drops than the first", name)
		if c.pieceCode(first) == c.pieceCode(n) {
			e = c.fset.NewError(n.Pos, n.Site, "piece %q defined twice, with the same moves and drops; the first definition is used", name)
			e.Warn = true
		}
		e.Notes = append(e.Notes, zrf.Note{Pos: c.fset.Position(first.Pos), Msg: "first defined here"})
		c.errs.Add(e)
		return false
	}
	if c.pieceAt == nil {
		c.pieceAt = map[string]*zrf.Node{}
	}
	c.pieceAt[name] = n
	c.g.Pieces = append(c.g.Pieces, &engine.Piece{Name: name, Images: map[engine.Player][]string{}})
	c.srcMoves = append(c.srcMoves, nil)
	c.srcDrops = append(c.srcDrops, nil)
	return true
}

// pieceCode is the text of a piece's moves and drops, in order, to compare definitions.
// It expands the blocks the expansion deferred.
func (c *compiler) pieceCode(n *zrf.Node) string {
	var b strings.Builder
	for _, ch := range n.Args() {
		if h := ch.Head(); h == "moves" || h == "drops" {
			for _, bl := range ch.Args() {
				c.ex.Force(bl) // an error is reported when the game's move code compiles
			}
			b.WriteString(ch.String())
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func (c *compiler) piece(n *zrf.Node, k engine.Kind) {
	p := c.g.Pieces[k]
	site := n.Site
	for _, ch := range n.Args() {
		cs := ch.SiteIn(site)
		switch h := ch.Head(); h {
		case "name":
		case "help":
			p.Help = c.stringArg(ch, site)
		case "description":
			p.Description = c.stringArg(ch, site)
		case "notation":
			p.Notation = c.stringArg(ch, site)
		case "dummy":
			p.Dummy = true
		case "image":
			var cur engine.Player = engine.NoPlayer
			for _, a := range ch.Args() {
				if a.Kind == zrf.Atom {
					cur = c.player(a, cs)
					continue
				}
				if a.Kind != zrf.String {
					c.errorf(a, cs, "expected a player name or an image file, found %s", a.Describe())
					continue
				}
				if cur == engine.NoPlayer {
					c.errorf(a, cs, "image %q is not preceded by a player name", a.Text)
					continue
				}
				p.Images[cur] = append(p.Images[cur], a.Text)
			}
		case "attribute":
			a := ch.Args()
			if len(a) != 2 || a[0].Kind != zrf.Atom || a[1].Kind != zrf.Atom {
				c.errorf(ch, site, "expected (attribute NAME true|false)")
				continue
			}
			var def bool
			switch a[1].Text {
			case "true":
				def = true
			case "false":
			default:
				c.valueAttribute(a[0], a[1], cs, k)
				continue
			}
			dup := false
			for _, old := range p.Attrs {
				if old.Name == a[0].Text {
					dup = true
				}
			}
			if dup {
				// Tavreli.zrf does this; the first declaration stands.
				c.warnf(a[0], cs, "attribute %q declared twice in piece %q; the first declaration is used", a[0].Text, p.Name)
				continue
			}
			p.Attrs = append(p.Attrs, engine.Attr{Name: a[0].Text, Default: def})
		case "moves", "drops":
			blocks := c.blocks(ch, site)
			if h == "moves" {
				c.srcMoves[k] = append(c.srcMoves[k], blocks...)
				p.HasMoves = p.HasMoves || len(blocks) > 0
			} else {
				c.srcDrops[k] = append(c.srcDrops[k], blocks...)
				p.HasDrops = p.HasDrops || len(blocks) > 0
			}
		default:
			if c.pieceAction(h, ch, site, k) || c.pieceValue(h, ch, site, k) || c.displayForm("piece", ch, site) {
				continue
			}
			c.errorf(ch, site, "unknown form %s in a piece%s", ch.Describe(), didYouMean(h, pieceHeads))
		}
	}
}

// valueAttribute declares an attribute whose default is not true or false: an integer
// attribute for a number, an attribute of names for anything else. The dialect has
// integer attributes; in plain ZRF files they are a Dagaz extension (sliding puzzles and
// number games write (attribute value 1) and (attribute key 'B0000')), read with one
// warning a file. Names are compared only for equality; code that tests such an
// attribute as a condition gets an error (bodyCompiler.cond).
func (c *compiler) valueAttribute(name, v *zrf.Node, site *zrf.Site, k engine.Kind) {
	if !c.dialect && !c.file.dagazAttrs {
		c.file.dagazAttrs = true
		c.warnf(v, site, "non-boolean attribute default: a Dagaz extension (attribute %q holds %s, not true or false)", name.Text, attrKind(v))
	}
	e := c.ext()
	i := e.PieceIntIndex(name.Text)
	if i >= 0 && e.PieceInts[i].Names != (attrKind(v) == "names") && c.mixedAttrs[name.Text] == nil {
		// Numbers in some pieces and names in others: harmless while nothing reads
		// the attribute (Zillions and Dagaz load such files), so the error waits for
		// the move code that reads or sets it (bodyCompiler.mixedAttr).
		if c.mixedAttrs == nil {
			c.mixedAttrs = map[string]*zrf.Node{}
		}
		c.mixedAttrs[name.Text] = v
		c.warnf(v, site, "attribute %q holds %s elsewhere; here its default is %q: accepted while no move code reads or sets it", name.Text, map[bool]string{true: "names", false: "numbers"}[e.PieceInts[i].Names], v.Text)
	}
	names := i >= 0 && e.PieceInts[i].Names
	if attrKind(v) == "numbers" && c.intAttribute(name.Text, v, k) {
		return
	}
	i = c.pieceInt(name.Text, e.Symbol(v.Text), k)
	// A mixed attribute keeps the kind it was first declared with.
	e.PieceInts[i].Names = names || c.mixedAttrs[name.Text] == nil
}

// attrKind says what an attribute's default holds: "numbers" or "names".
func attrKind(v *zrf.Node) string {
	if _, err := strconv.ParseInt(v.Text, 10, 32); err == nil {
		return "numbers"
	}
	return "names"
}

// blocks reads a moves or drops form: move blocks, with (move-type T) headers giving the
// type of the blocks that follow.
func (c *compiler) blocks(n *zrf.Node, site *zrf.Site) []srcBlock {
	ns := n.SiteIn(site)
	t := engine.NoMoveType
	owner := code.OwnFriend
	var out []srcBlock
	for _, b := range n.Args() {
		if b.Head() == "owner" {
			a := b.Args()
			if !c.dialect {
				c.errorf(b, ns, "(owner ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", DialectVersion)
				continue
			}
			if len(a) != 1 || a[0].Kind != zrf.Atom || ownerNames[a[0].Text] == 0 {
				c.errorf(b, ns, "expected (owner friend), (owner any) or (owner enemy)")
				continue
			}
			owner = ownerNames[a[0].Text] - 1
			continue
		}
		if b.Head() == "move-type" {
			a := b.Args()
			if len(a) != 1 || a[0].Kind != zrf.Atom {
				c.errorf(b, ns, "expected (move-type NAME)")
				continue
			}
			t = c.moveType(a[0].Text)
			continue
		}
		if b.Kind != zrf.List {
			c.errorf(b, ns, "expected a move block (a list of instructions), found %s", b.Describe())
			continue
		}
		out = append(out, srcBlock{Type: t, Owner: owner, Body: b, Site: b.SiteIn(ns)})
	}
	return out
}

var ownerNames = map[string]uint8{"friend": code.OwnFriend + 1, "any": code.OwnAny + 1, "enemy": code.OwnEnemy + 1}

// kind resolves a piece type name.
func (c *compiler) kind(n *zrf.Node, site *zrf.Site) engine.Kind {
	if n.Kind == zrf.Atom {
		if k := c.kindIndex(n.Text); k != engine.NoKind {
			return k
		}
	}
	names := make([]string, len(c.g.Pieces))
	for i, p := range c.g.Pieces {
		names[i] = p.Name
	}
	c.errorf(n, site, "unknown piece type %s%s", quoteNode(n), didYouMean(n.Text, names))
	return engine.NoKind
}

// setup reads (board-setup (PLAYER (PIECE POS ... off N) ...) ...).
func (c *compiler) setup(n *zrf.Node) {
	site := n.Site
	where := map[engine.Loc]setAt{}
	for _, pl := range n.Args() {
		ps := pl.SiteIn(site)
		if pl.Kind != zrf.List || len(pl.List) == 0 {
			c.errorf(pl, site, "expected (PLAYER (PIECE POSITION ...) ...), found %s", pl.Describe())
			continue
		}
		p := c.player(pl.List[0], ps)
		if p == engine.NoPlayer {
			continue
		}
		for _, pc := range pl.List[1:] {
			pcs := pc.SiteIn(ps)
			if pc.Kind != zrf.List || len(pc.List) == 0 {
				c.errorf(pc, ps, "expected (PIECE POSITION ...), found %s", pc.Describe())
				continue
			}
			k := c.kind(pc.List[0], pcs)
			if k == engine.NoKind {
				continue
			}
			items := pc.List[1:]
			for i := 0; i < len(items); i++ {
				it := items[i]
				if it.IsAtom("off") {
					if i+1 >= len(items) {
						c.errorf(it, pcs, "off needs a count, as in (%s off 2)", c.g.Pieces[k].Name)
						continue
					}
					i++
					v, ok := c.number(items[i], pcs)
					if !ok {
						continue
					}
					if v < 0 {
						c.errorf(items[i], pcs, "off count must not be negative")
						continue
					}
					c.addStock(p, k, v)
					continue
				}
				l := c.locName(it, pcs)
				if l == engine.NoLoc {
					continue
				}
				pl := engine.Placement{Player: p, Kind: k, Loc: l}
				if old, dup := where[l]; dup {
					if !c.setupAgain(it, pcs, old, &pl) {
						continue
					}
					if !pl.Stack {
						// The later setup of the position replaces the earlier one.
						c.g.Setup = slices.DeleteFunc(c.g.Setup, func(q engine.Placement) bool { return q.Loc == l })
					}
				}
				where[l] = setAt{it, pl, where[l].n + 1}
				c.g.Setup = append(c.g.Setup, pl)
			}
		}
	}
}

// setAt is where a position was last set up, and with what.
type setAt struct {
	at *zrf.Node
	pl engine.Placement
	n  int // pieces set up on the position (more than one in a column of the dialect)
}

// setupAgain decides what a second setup of a position means, reporting it; it returns
// false when the new placement is dropped.
//
// Another player's piece on the position replaces the first: Zillions keeps the later
// one, and files that do this mean it (one side's pieces laid out by a macro, some
// squares then given to the other side). So does, with the same warning, another piece
// type of the same player in a plain file: Zillions and Dagaz keep the later piece, and
// real files list a piece on a square another type's list names by mistake. The same
// player's piece of the same type again cannot mean that: it is a pile, as Dagaz's
// stacked boards write them (seeds in a pit, a column of checkers). ZRF holds one piece a position, so in plain
// ZRF that is an error that points at the dialect's stacks; in the dialect, with
// (stacks N), every piece set up on a position goes on top of its column, and with no
// stacks declared the error says to declare them.
func (c *compiler) setupAgain(it *zrf.Node, site *zrf.Site, old setAt, pl *engine.Placement) bool {
	first := zrf.Note{Pos: c.fset.Position(old.at.Pos), Msg: "first set up here"}
	stacks := c.g.Ext != nil && c.g.Ext.StackCap > 0
	if c.dialect && stacks {
		if old.n > c.g.Ext.StackCap {
			e := c.fset.NewError(it.Pos, it.SiteIn(site), "position %q is set up with more than %d pieces; (stacks %d) holds at most %d under the top piece",
				it.Text, old.n, c.g.Ext.StackCap, c.g.Ext.StackCap)
			e.Notes = append(e.Notes, first)
			c.errs.Add(e)
			return false
		}
		pl.Stack = true
		return true
	}
	// Another piece type of the same player in plain ZRF is a typo that Zillions and
	// Dagaz accept, keeping the later piece (a pawn listed on a square that a knight's
	// list names too); the same type again is a pile, below.
	if old.pl.Player != pl.Player || !c.dialect && old.pl.Kind != pl.Kind {
		e := c.fset.NewError(it.Pos, it.SiteIn(site), "position %q is set up twice; the later setup, %s %s, replaces %s %s",
			it.Text, c.g.Players[pl.Player].Name, c.g.Pieces[pl.Kind].Name, c.g.Players[old.pl.Player].Name, c.g.Pieces[old.pl.Kind].Name)
		e.Warn = true
		e.Notes = append(e.Notes, first)
		c.errs.Add(e)
		return true
	}
	msg := "several pieces set up on position %q: a ZRF position holds one piece; for columns of pieces use the zoggo-1 dialect's stacks: (version %q) at the top of the file and (stacks N) in the game"
	if c.dialect {
		msg = "several pieces set up on position %q: declare (stacks N) in the game to set up columns of pieces"
	}
	e := c.fset.NewError(it.Pos, it.SiteIn(site), msg, it.Text, DialectVersion)
	if c.dialect {
		e = c.fset.NewError(it.Pos, it.SiteIn(site), msg, it.Text)
	}
	e.Notes = append(e.Notes, first)
	c.errs.Add(e)
	return false
}

func (c *compiler) addStock(p engine.Player, k engine.Kind, n int) {
	for i, s := range c.g.Stock {
		if s.Player == p && s.Kind == k {
			c.g.Stock[i].N = n
			return
		}
	}
	c.g.Stock = append(c.g.Stock, engine.Stock{Player: p, Kind: k, N: n})
}

// srcBlock is one move block of a piece as written, with its move type, until it is
// compiled.
type srcBlock struct {
	Owner uint8 // code.OwnFriend, code.OwnAny or code.OwnEnemy (the dialect's (owner ...) header)
	Type  engine.MoveType
	Body  *zrf.Node
	Site  *zrf.Site // expansion site that applies to Body
}
