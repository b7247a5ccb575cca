package eval

// This file compiles move and drop blocks into ops: every name is resolved here (to a
// direction, position, piece type, zone, flag or attribute number), so the generator never
// sees a string. Name resolution follows the reference (8.3): in instruction position a
// keyword, then a direction, then a position; in condition position a keyword, then an
// attribute name.

import (
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

type opcode uint8

const (
	opStep     opcode = iota // a: direction
	opJump                   // a: position
	opOpposite               // a: direction
	opMark
	opBack
	opGoFrom
	opGoTo
	opGoLastFrom
	opGoLastTo
	opVerify  // cond
	opIf      // cond, body, els
	opWhile   // cond, body
	opFrom    // start a movement at the cursor
	opTo      // destination of the open movement
	opCascade // commit the open movement, start one at the cursor
	opCapture // loc
	opCreate  // a: owner or -1 for the side, b: kind, loc
	opChangeType
	opChangeOwner // loc
	opFlip        // loc
	opSetFlag     // a: flag, cond
	opSetPosFlag  // a: flag, cond, loc
	opSetAttr     // a: attribute, cond
	opAdd         // kinds: promotion choices; a: continuation type or -1; b: 1 for add-copy
	// The dialect's instructions (dialect.go).
	opSetVal // a: slot, b: class, loc, ie: the value
	opTake   // loc: the column whose top piece goes under the moving piece
	opSelect // loc: a piece that moves with the group
	opShift  // a: direction the group steps in
	opAll    // body: run at every position
	opGoto   // a: turn-order entry to go on at, -1 for this one again
)

// locKind says how a location argument is given.
type locKind uint8

const (
	locCursor   locKind = iota // no argument: the cursor
	locDir                     // v: a direction from the cursor (symmetry applied)
	locPos                     // v: a position
	locOpposite                // v: the opposite of a direction, from the cursor
)

type locArg struct {
	kind locKind
	v    int32
}

// op is one compiled instruction.
type op struct {
	code  opcode
	a, b  int32
	loc   locArg
	cond  *cond
	body  []op
	els   []op
	kinds []engine.Kind
	ie    *iexpr
	at    int32 // index into Game.at: the source of the instruction, for run-time errors
}

type condcode uint8

const (
	cTrue condcode = iota
	cFalse
	cEmpty
	cFriend
	cEnemy
	cNeutral
	cPiece    // a: kind
	cOnBoard  //
	cPosition // a: position (always the cursor)
	cInZone   // a: zone
	cMarked
	cLastFrom
	cLastTo
	cFlag    // a: flag
	cPosFlag // a: flag
	cAttacked
	cDefended // a: move type or -1
	cAdjEnemy
	cAttr // a: attribute number
	cAnd
	cOr
	cNot
	// The dialect's conditions (dialect.go).
	cCmp       // a: comparison, ints: the two numbers
	cOwn       // the piece at loc belongs to the player making the turn
	cSelected  // loc is where a selected piece now stands
	cConnected // the side's pieces form one group
)

// cond is a compiled condition. neg inverts a predicate (the not- forms).
type cond struct {
	code condcode
	neg  bool
	a    int32
	loc  locArg
	args []*cond
	ints []*iexpr
}

// Program is the compiled moves and drops of a game.
type program struct {
	moves     [][]block // per kind
	drops     [][]block
	flags     []string
	posFlags  []string
	at        []atInfo
	promoted  []bool // kinds that are the target of a promotion
	attackers bool   // some condition uses attacked? or defended?
	d         *dialectProg
}

type block struct {
	owner uint8 // ownFriend, ownAny or ownEnemy: whose pieces of the type it moves
	typ   engine.MoveType
	rule  int32
	ops   []op
}

type atInfo struct {
	pos  zrf.Pos
	site *zrf.Site
}

// bodyCompiler compiles the blocks of one game.
type bodyCompiler struct {
	c     *compiler
	p     *program
	drop  bool
	rules map[string]int32
	accs  []*iexpr // accumulators met while compiling a check
	nAcc  int
}

var instrKeywords = map[string]opcode{
	"mark": opMark, "back": opBack, "from": opFrom, "to": opTo, "cascade": opCascade,
	"capture": opCapture, "change-owner": opChangeOwner, "flip": opFlip,
}

var predicates = map[string]condcode{
	"empty?": cEmpty, "friend?": cFriend, "enemy?": cEnemy, "neutral?": cNeutral,
	"piece?": cPiece, "on-board?": cOnBoard, "position?": cPosition, "in-zone?": cInZone,
	"marked?": cMarked, "last-from?": cLastFrom, "last-to?": cLastTo, "flag?": cFlag,
	"position-flag?": cPosFlag, "attacked?": cAttacked, "defended?": cDefended,
	"adjacent-to-enemy?": cAdjEnemy,
}

// compileBodies compiles every block of every piece.
func (c *compiler) compileBodies() {
	p := &program{promoted: make([]bool, len(c.g.Pieces))}
	c.eg.prog = p
	bc := &bodyCompiler{c: c, p: p, rules: map[string]int32{}}
	p.moves = make([][]block, len(c.g.Pieces))
	p.drops = make([][]block, len(c.g.Pieces))
	for k := range c.g.Pieces {
		bc.drop = false
		for _, b := range c.eg.Moves[k] {
			p.moves[k] = append(p.moves[k], bc.block(b, engine.Kind(k)))
		}
		bc.drop = true
		for _, b := range c.eg.Drops[k] {
			p.drops[k] = append(p.drops[k], bc.block(b, engine.Kind(k)))
		}
	}
	bc.compileDialect()
}

func (bc *bodyCompiler) block(b Block, k engine.Kind) block {
	out := block{typ: b.Type, rule: bc.rule(b, k), owner: b.Owner}
	out.ops = bc.instrs(b.Body.List, b.Site)
	return out
}

// rule names the move-list entry of a block: the innermost macro invocation that produced
// the block as a whole, with its arguments, or the piece name and block number.
func (bc *bodyCompiler) rule(b Block, k engine.Kind) int32 {
	g := bc.c.g
	var r engine.Rule
	if s := b.Body.Site; s != nil && s.Param == 0 {
		r.Name = s.Macro
		for _, a := range s.Args {
			r.Args = append(r.Args, a.String())
		}
	} else {
		r.Name = g.Pieces[k].Name
		if bc.drop {
			r.Name = "drop-" + r.Name
		}
	}
	key := r.String()
	if i, ok := bc.rules[key]; ok {
		return i
	}
	g.Rules = append(g.Rules, r)
	bc.rules[key] = int32(len(g.Rules) - 1)
	return int32(len(g.Rules) - 1)
}

func (bc *bodyCompiler) at(n *zrf.Node, site *zrf.Site) int32 {
	bc.p.at = append(bc.p.at, atInfo{pos: n.Pos, site: n.SiteIn(site)})
	return int32(len(bc.p.at) - 1)
}

// instrs compiles a list of instructions. An (if ...) body is split at the atom else.
func (bc *bodyCompiler) instrs(items []*zrf.Node, site *zrf.Site) []op {
	var out []op
	for _, n := range items {
		if o, ok := bc.instr(n, site); ok {
			out = append(out, o)
		}
	}
	return out
}

func (bc *bodyCompiler) instr(n *zrf.Node, site *zrf.Site) (op, bool) {
	c := bc.c
	b := c.g.Board
	ns := n.SiteIn(site)
	o := op{at: bc.at(n, site)}
	if n.Kind == zrf.String {
		c.errorf(n, site, "expected an instruction, found %s", n.Describe())
		return o, false
	}
	if o2, ok, handled := bc.dialectInstr(n, site, o); handled {
		return o2, ok
	}
	if n.Kind == zrf.Atom {
		t := n.Text
		if code, ok := instrKeywords[t]; ok {
			o.code = code
			return o, true
		}
		switch t {
		case "add", "add-copy", "add-partial", "add-copy-partial":
			if strings.HasSuffix(t, "partial") {
				c.errorf(n, site, "%s needs a move type: (%s TYPE)", t, t)
				return o, false
			}
			o.code = opAdd
			o.a = -1
			if t == "add-copy" {
				o.b = 1
			}
			return o, true
		}
		if d := b.DirIndex(t); d != engine.NoDir {
			if b.LocIndex(t) != engine.NoLoc {
				c.errorf(n, site, "%q is both a direction and a position", t)
				return o, false
			}
			o.code, o.a = opStep, int32(d)
			return o, true
		}
		if l := b.LocIndex(t); l != engine.NoLoc {
			o.code, o.a = opJump, int32(l)
			return o, true
		}
		if _, ok := predicates[t]; ok || strings.HasPrefix(t, "not-") {
			c.errorf(n, site, "condition %q used as an instruction; write (verify %s)", t, t)
			return o, false
		}
		c.errorf(n, site, "unknown instruction %q: not a keyword, direction or position%s", t, bc.suggestInstr(t))
		return o, false
	}
	h := n.Head()
	a := n.Args()
	if h == "" {
		c.errorf(n, site, "expected an instruction, found %s", n.Describe())
		return o, false
	}
	switch h {
	case "verify":
		if len(a) != 1 {
			c.errorf(n, site, "verify takes one condition")
			return o, false
		}
		o.code, o.cond = opVerify, bc.cond(a[0], ns)
		return o, o.cond != nil
	case "if":
		if len(a) < 1 {
			c.errorf(n, site, "if needs a condition")
			return o, false
		}
		o.code, o.cond = opIf, bc.cond(a[0], ns)
		rest := a[1:]
		for i, x := range rest {
			if x.IsAtom("else") {
				o.body = bc.instrs(rest[:i], ns)
				o.els = bc.instrs(rest[i+1:], ns)
				return o, o.cond != nil
			}
		}
		o.body = bc.instrs(rest, ns)
		return o, o.cond != nil
	case "while":
		if len(a) < 1 {
			c.errorf(n, site, "while needs a condition")
			return o, false
		}
		o.code, o.cond = opWhile, bc.cond(a[0], ns)
		o.body = bc.instrs(a[1:], ns)
		return o, o.cond != nil
	case "opposite":
		if len(a) != 1 {
			c.errorf(n, site, "opposite takes one direction")
			return o, false
		}
		d := bc.dir(a[0], ns)
		o.code, o.a = opOpposite, int32(d)
		return o, d != engine.NoDir
	case "go":
		if len(a) != 1 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (go from), (go to), (go last-from) or (go last-to)")
			return o, false
		}
		switch a[0].Text {
		case "from":
			o.code = opGoFrom
		case "to":
			o.code = opGoTo
		case "last-from":
			o.code = opGoLastFrom
		case "last-to":
			o.code = opGoLastTo
		default:
			c.errorf(a[0], ns, "expected from, to, last-from or last-to after go, found %q", a[0].Text)
			return o, false
		}
		return o, true
	case "mark", "back", "from", "to", "cascade", "change-owner":
		if len(a) > 0 && !(h == "change-owner" && len(a) == 1) {
			c.errorf(n, site, "%s takes no arguments", h)
			return o, false
		}
		o.code = instrKeywords[h]
		if h == "change-owner" && len(a) == 1 {
			o.loc = bc.loc(a[0], ns)
		}
		return o, true
	case "capture", "flip":
		o.code = instrKeywords[h]
		if len(a) > 1 {
			c.errorf(n, site, "%s takes at most one location", h)
			return o, false
		}
		if len(a) == 1 {
			o.loc = bc.loc(a[0], ns)
		}
		return o, true
	case "create":
		// (create [OWNER] [TYPE] [LOCATION]). Real files leave out the type: GufuuShogi
		// writes (create North), KoShogi (create pass-flag) with a position; the type is
		// then the moving piece's.
		o.code, o.a, o.b = opCreate, -1, -1
		for i, x := range a {
			switch {
			case x.Kind == zrf.Atom && i == 0 && c.g.PlayerIndex(x.Text) != engine.NoPlayer && c.g.KindIndex(x.Text) == engine.NoKind:
				o.a = int32(c.g.PlayerIndex(x.Text))
			case x.Kind == zrf.Atom && o.b < 0 && c.g.KindIndex(x.Text) != engine.NoKind:
				o.b = int32(c.g.KindIndex(x.Text))
			case i == len(a)-1:
				o.loc = bc.loc(x, ns)
			default:
				c.kind(x, ns)
				return o, false
			}
		}
		return o, true
	case "change-type":
		o.code = opChangeType
		if len(a) < 1 || len(a) > 2 {
			c.errorf(n, site, "expected (change-type TYPE [LOCATION])")
			return o, false
		}
		k := c.kind(a[0], ns)
		o.b = int32(k)
		if k != engine.NoKind {
			bc.p.promoted[k] = true
		}
		if len(a) == 2 {
			o.loc = bc.loc(a[1], ns)
		}
		return o, k != engine.NoKind
	case "set-flag", "set-position-flag":
		if len(a) < 2 || len(a) > 3 || a[0].Kind != zrf.Atom || h == "set-flag" && len(a) != 2 {
			c.errorf(n, site, "expected (%s NAME CONDITION%s)", h, map[bool]string{true: "", false: " [LOCATION]"}[h == "set-flag"])
			return o, false
		}
		if h == "set-flag" {
			o.code, o.a = opSetFlag, bc.flag(&bc.p.flags, a[0].Text)
		} else {
			o.code, o.a = opSetPosFlag, bc.flag(&bc.p.posFlags, a[0].Text)
			if len(a) == 3 {
				o.loc = bc.loc(a[2], ns)
			}
		}
		o.cond = bc.cond(a[1], ns)
		return o, o.cond != nil
	case "set-attribute":
		if len(a) == 2 && a[0].Kind == zrf.Atom && c.dialect && c.g.Ext != nil && c.g.Ext.PieceIntIndex(a[0].Text) >= 0 {
			o.code, o.a, o.b = opSetVal, int32(c.g.Ext.PieceIntIndex(a[0].Text)), int32(engine.ValPiece)
			o.ie = bc.iexpr(a[1], ns)
			return o, o.ie != nil
		}
		if len(a) != 2 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (set-attribute NAME CONDITION)")
			return o, false
		}
		i := c.g.AttrIndexOf(a[0].Text)
		if i < 0 {
			c.errorf(a[0], ns, "unknown attribute %q%s", a[0].Text, didYouMean(a[0].Text, c.g.AttrNames))
			return o, false
		}
		o.code, o.a = opSetAttr, int32(i)
		o.cond = bc.cond(a[1], ns)
		return o, o.cond != nil
	case "add", "add-copy", "add-partial", "add-copy-partial":
		o.code, o.a = opAdd, -1
		if strings.HasPrefix(h, "add-copy") {
			o.b = 1
		}
		args := a
		if strings.HasSuffix(h, "partial") {
			if len(args) == 0 || args[len(args)-1].Kind != zrf.Atom {
				c.errorf(n, site, "(%s [PIECE ...] TYPE) needs a move type", h)
				return o, false
			}
			o.a = int32(c.moveType(args[len(args)-1].Text))
			args = args[:len(args)-1]
		}
		for _, x := range args {
			k := c.kind(x, ns)
			if k == engine.NoKind {
				return o, false
			}
			o.kinds = append(o.kinds, k)
			bc.p.promoted[k] = true
		}
		return o, true
	}
	if _, ok := predicates[h]; ok || strings.HasPrefix(h, "not-") {
		c.errorf(n, site, "condition (%s ...) used as an instruction; write (verify (%s ...))", h, h)
		return o, false
	}
	if h == "and" || h == "or" || h == "not" {
		c.errorf(n, site, "condition (%s ...) used as an instruction; write (verify (%s ...))", h, h)
		return o, false
	}
	c.errorf(n.List[0], ns, "unknown instruction (%s ...)%s", h, bc.suggestInstr(h))
	return o, false
}

var instrNames = []string{"add", "add-copy", "add-partial", "add-copy-partial", "mark", "back", "from", "to",
	"cascade", "capture", "create", "change-type", "change-owner", "flip", "set-flag", "set-position-flag",
	"set-attribute", "verify", "if", "while", "go", "opposite"}

func (bc *bodyCompiler) suggestInstr(t string) string {
	cands := append(append([]string{}, instrNames...), bc.c.g.Board.Dirs...)
	return didYouMean(t, cands)
}

// flag returns the number of a flag name, adding it on first use.
func (bc *bodyCompiler) flag(names *[]string, name string) int32 {
	for i, f := range *names {
		if f == name {
			return int32(i)
		}
	}
	*names = append(*names, name)
	return int32(len(*names) - 1)
}

// dir resolves a direction name.
func (bc *bodyCompiler) dir(n *zrf.Node, site *zrf.Site) engine.Dir {
	b := bc.c.g.Board
	if n.Kind == zrf.Atom {
		if d := b.DirIndex(n.Text); d != engine.NoDir {
			return d
		}
	}
	bc.c.errorf(n, site, "unknown direction %s%s", quoteNode(n), didYouMean(n.Text, b.Dirs))
	return engine.NoDir
}

// loc compiles a location argument: a direction, a position or (opposite DIR).
func (bc *bodyCompiler) loc(n *zrf.Node, site *zrf.Site) locArg {
	b := bc.c.g.Board
	if n.Kind == zrf.Atom {
		if d := b.DirIndex(n.Text); d != engine.NoDir {
			return locArg{kind: locDir, v: int32(d)}
		}
		if l := b.LocIndex(n.Text); l != engine.NoLoc {
			return locArg{kind: locPos, v: int32(l)}
		}
		if bc.c.killed[n.Text] {
			bc.c.errorf(n, site, "position %q was removed by kill-positions", n.Text)
			return locArg{}
		}
	}
	if n.Head() == "opposite" && len(n.Args()) == 1 {
		d := bc.dir(n.Args()[0], n.SiteIn(site))
		return locArg{kind: locOpposite, v: int32(d)}
	}
	names := append([]string{}, b.Dirs...)
	for _, l := range b.Locs {
		names = append(names, l.Name)
	}
	bc.c.errorf(n, site, "expected a direction, a position or (opposite DIRECTION), found %s%s", quoteNode(n), didYouMean(n.Text, names))
	return locArg{}
}

// cond compiles a condition.
func (bc *bodyCompiler) cond(n *zrf.Node, site *zrf.Site) *cond {
	c := bc.c
	ns := n.SiteIn(site)
	var name string
	var args []*zrf.Node
	switch n.Kind {
	case zrf.Atom:
		name = n.Text
	case zrf.List:
		name = n.Head()
		args = n.Args()
		if name == "" {
			c.errorf(n, site, "expected a condition, found %s", n.Describe())
			return nil
		}
	default:
		c.errorf(n, site, "expected a condition, found %s", n.Describe())
		return nil
	}
	if cd, ok := bc.dialectCond(n, site, name, args); ok {
		return cd
	}
	switch name {
	case "true", "false":
		if len(args) > 0 {
			c.errorf(n, site, "%s takes no arguments", name)
		}
		if name == "true" {
			return &cond{code: cTrue}
		}
		return &cond{code: cFalse}
	case "and", "or":
		if len(args) == 0 {
			c.errorf(n, site, "(%s ...) needs conditions", name)
			return nil
		}
		cd := &cond{code: cAnd}
		if name == "or" {
			cd.code = cOr
		}
		for _, x := range args {
			sub := bc.cond(x, ns)
			if sub == nil {
				return nil
			}
			cd.args = append(cd.args, sub)
		}
		return cd
	case "not":
		if len(args) != 1 {
			c.errorf(n, site, "(not ...) takes one condition")
			return nil
		}
		sub := bc.cond(args[0], ns)
		if sub == nil {
			return nil
		}
		return &cond{code: cNot, args: []*cond{sub}}
	}
	neg := false
	base := name
	if strings.HasPrefix(name, "not-") {
		if _, ok := predicates[name[4:]]; ok {
			neg, base = true, name[4:]
		}
	}
	code, ok := predicates[base]
	if !ok {
		// An attribute name, with an optional location.
		if i := c.g.AttrIndexOf(name); i >= 0 {
			cd := &cond{code: cAttr, a: int32(i)}
			if len(args) > 1 {
				c.errorf(n, site, "attribute %q takes at most one location", name)
				return nil
			}
			if len(args) == 1 {
				cd.loc = bc.loc(args[0], ns)
			}
			return cd
		}
		at := n
		if n.Kind == zrf.List {
			at = n.List[0]
		}
		cands := append([]string{"true", "false", "and", "or", "not"}, c.g.AttrNames...)
		for p := range predicates {
			cands = append(cands, p, "not-"+p)
		}
		c.errorf(at, ns, "unknown condition %q: not a predicate or an attribute%s", name, didYouMean(name, cands))
		return nil
	}
	cd := &cond{code: code, neg: neg, a: -1}
	switch code {
	case cPiece:
		if len(args) < 1 || len(args) > 2 {
			c.errorf(n, site, "expected (%s TYPE [LOCATION])", name)
			return nil
		}
		k := c.kind(args[0], ns)
		if k == engine.NoKind {
			return nil
		}
		cd.a = int32(k)
		args = args[1:]
	case cInZone:
		if len(args) < 1 || len(args) > 2 || args[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (%s ZONE [LOCATION])", name)
			return nil
		}
		z := c.g.Board.ZoneIndex(args[0].Text)
		if z < 0 {
			var zs []string
			for _, zz := range c.g.Board.Zones {
				zs = append(zs, zz.Name)
			}
			// A zone that no player declares is empty for everyone.
			c.warnf(args[0], ns, "zone %q is not declared; it is empty%s", args[0].Text, didYouMean(args[0].Text, zs))
			c.g.Board.Zones = append(c.g.Board.Zones, engine.Zone{Name: args[0].Text, Sets: make([][]uint64, len(c.g.Players))})
			z = len(c.g.Board.Zones) - 1
		}
		cd.a = int32(z)
		args = args[1:]
	case cPosition:
		if len(args) != 1 {
			c.errorf(n, site, "expected (%s POSITION)", name)
			return nil
		}
		l := c.locName(args[0], ns)
		if l == engine.NoLoc {
			return nil
		}
		cd.a = int32(l)
		return cd
	case cFlag:
		if len(args) != 1 || args[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (%s NAME)", name)
			return nil
		}
		cd.a = bc.flag(&bc.p.flags, args[0].Text)
		return cd
	case cPosFlag:
		if len(args) < 1 || len(args) > 2 || args[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (%s NAME [LOCATION])", name)
			return nil
		}
		cd.a = bc.flag(&bc.p.posFlags, args[0].Text)
		args = args[1:]
	case cAttacked, cDefended:
		bc.p.attackers = true
		if len(args) == 1 && args[0].Kind == zrf.Atom && c.g.Board.DirIndex(args[0].Text) == engine.NoDir &&
			c.g.Board.LocIndex(args[0].Text) == engine.NoLoc {
			// (attacked? TYPE): attacked by moves of that type (RenShogi).
			cd.a = int32(c.moveType(args[0].Text))
			return cd
		}
	}
	if len(args) > 1 {
		c.errorf(n, site, "%s takes at most one location", name)
		return nil
	}
	if len(args) == 1 {
		cd.loc = bc.loc(args[0], ns)
	}
	return cd
}
