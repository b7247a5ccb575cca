package compile

// This file compiles move and drop blocks into ops: every name is resolved here (to a
// direction, position, piece type, zone, flag or attribute number), so the generator never
// sees a string. A name is resolved in this order: in instruction position a
// keyword, then a direction, then a position; in condition position a keyword, then an
// attribute name.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// bodyCompiler compiles the blocks of one game.
type bodyCompiler struct {
	c     *compiler
	p     *code.Program
	drop  bool
	rules map[string]int32
	accs  []*code.Expr // accumulators met while compiling a check
	nAcc  int
	slab  slab // where the ops and conditions come from (slab.go)
	// leaves are the conditions without arguments compiled so far (cond).
	leaves map[condKey]*code.Cond
}

var instrKeywords = map[string]code.Opcode{
	"mark": code.OpMark, "back": code.OpBack, "from": code.OpFrom, "to": code.OpTo, "cascade": code.OpCascade,
	"capture": code.OpCapture, "change-owner": code.OpChangeOwner, "flip": code.OpFlip,
}

var predicates = map[string]code.CondCode{
	"empty?": code.CondEmpty, "friend?": code.CondFriend, "enemy?": code.CondEnemy, "neutral?": code.CondNeutral,
	"piece?": code.CondPiece, "on-board?": code.CondOnBoard, "position?": code.CondPosition, "in-zone?": code.CondInZone,
	"marked?": code.CondMarked, "last-from?": code.CondLastFrom, "last-to?": code.CondLastTo, "flag?": code.CondFlag,
	"position-flag?": code.CondPosFlag, "attacked?": code.CondAttacked, "defended?": code.CondDefended,
	"adjacent-to-enemy?": code.CondAdjEnemy,
}

// compileBodies compiles every block of every piece.
func (c *compiler) compileBodies() {
	// Every instruction gets a source and an op: both are sized once, by a walk of the
	// bodies, rather than grown.
	n := c.countInstrs()
	p := &code.Program{Promoted: make([]bool, len(c.g.Pieces)), At: make([]code.Source, 0, n), Forms: new(code.Once)}
	c.eg.prog = p
	bc := &bodyCompiler{c: c, p: p, rules: map[string]int32{}}
	bc.slab.ops = make([]code.Op, n)
	p.Moves = make([][]code.Block, len(c.g.Pieces))
	p.Drops = make([][]code.Block, len(c.g.Pieces))
	for k := range c.g.Pieces {
		bc.drop = false
		for _, b := range c.srcMoves[k] {
			p.Moves[k] = append(p.Moves[k], bc.block(b, engine.Kind(k)))
		}
		bc.drop = true
		for _, b := range c.srcDrops[k] {
			p.Drops[k] = append(p.Drops[k], bc.block(b, engine.Kind(k)))
		}
	}
	bc.compileDialect()
}

func (bc *bodyCompiler) block(b srcBlock, k engine.Kind) code.Block {
	out := code.Block{Type: b.Type, Rule: bc.rule(b, k), Owner: b.Owner}
	out.Ops = bc.instrs(b.Body.List, b.Site)
	return out
}

// rule names the move-list entry of a block: the innermost macro invocation that produced
// the block as a whole, with its arguments, or the piece name and block number.
func (bc *bodyCompiler) rule(b srcBlock, k engine.Kind) int32 {
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
	bc.p.At = append(bc.p.At, code.Source{Pos: n.Pos, Site: n.SiteIn(site)})
	return int32(len(bc.p.At) - 1)
}

// instrs compiles a list of instructions. An (if ...) body is split at the atom else.
// The ops are compiled in place, in the list that holds them: an op is most of a
// hundred bytes, and copying each several times was a good part of the work. The list
// comes zeroed from the slab, and an op that does not compile is zeroed again before
// its room is used for the next, so every op starts zero without being cleared (which,
// for an op holding pointers, costs write barriers while the collector runs).
func (bc *bodyCompiler) instrs(items []*zrf.Node, site *zrf.Site) []code.Op {
	out := bc.slab.opList(len(items))
	for _, n := range items {
		out = out[:len(out)+1]
		o := &out[len(out)-1]
		if !bc.instr(n, site, o) {
			*o = code.Op{}
			out = out[:len(out)-1]
		}
	}
	return out
}

// instr compiles the instruction n into o, which is zero, and reports whether it
// compiled.
func (bc *bodyCompiler) instr(n *zrf.Node, site *zrf.Site, o *code.Op) bool {
	c := bc.c
	b := c.g.Board
	ns := n.SiteIn(site)
	o.At = bc.at(n, site)
	if n.Kind == zrf.String {
		c.errorf(n, site, "expected an instruction, found %s", n.Describe())
		return false
	}
	if ok, handled := bc.dialectInstr(n, site, o); handled {
		return ok
	}
	if n.Kind == zrf.Atom {
		t := n.Text
		if oc, ok := instrKeywords[t]; ok {
			o.Code = oc
			return true
		}
		switch t {
		case "add", "add-copy", "add-partial", "add-copy-partial":
			if strings.HasSuffix(t, "partial") {
				c.errorf(n, site, "%s needs a move type: (%s TYPE)", t, t)
				return false
			}
			o.Code = code.OpAdd
			o.A = -1
			if t == "add-copy" {
				o.B = 1
			}
			return true
		}
		if d := b.DirIndex(t); d != engine.NoDir {
			if c.locIndex(t) != engine.NoLoc {
				c.errorf(n, site, "%q is both a direction and a position", t)
				return false
			}
			o.Code, o.A = code.OpStep, int32(d)
			return true
		}
		if l := c.locIndex(t); l != engine.NoLoc {
			o.Code, o.A = code.OpJump, int32(l)
			return true
		}
		if bc.lackedDir(n, site) {
			// A step through a direction this board lacks leaves the board: the
			// block stops.
			o.Code, o.Cond = code.OpVerify, bc.slab.cond(code.Cond{Code: code.CondFalse})
			return true
		}
		if _, ok := predicates[t]; ok || strings.HasPrefix(t, "not-") {
			c.errorf(n, site, "condition %q used as an instruction; write (verify %s)", t, t)
			return false
		}
		c.errorf(n, site, "unknown instruction %q: not a keyword, direction or position%s", t, bc.suggestInstr(t))
		return false
	}
	h := n.Head()
	a := n.Args()
	if h == "" {
		c.errorf(n, site, "expected an instruction, found %s", n.Describe())
		return false
	}
	switch h {
	case "verify":
		if len(a) != 1 {
			c.errorf(n, site, "verify takes one condition")
			return false
		}
		o.Code, o.Cond = code.OpVerify, bc.cond(a[0], ns)
		return o.Cond != nil
	case "if":
		if len(a) < 1 {
			c.errorf(n, site, "if needs a condition")
			return false
		}
		o.Code, o.Cond = code.OpIf, bc.cond(a[0], ns)
		rest := a[1:]
		for i, x := range rest {
			if x.IsAtom("else") {
				o.Body = bc.instrs(rest[:i], ns)
				o.Else = bc.instrs(rest[i+1:], ns)
				return o.Cond != nil
			}
		}
		o.Body = bc.instrs(rest, ns)
		return o.Cond != nil
	case "while":
		if len(a) < 1 {
			c.errorf(n, site, "while needs a condition")
			return false
		}
		o.Code, o.Cond = code.OpWhile, bc.cond(a[0], ns)
		o.Body = bc.instrs(a[1:], ns)
		return o.Cond != nil
	case "opposite":
		if len(a) != 1 {
			c.errorf(n, site, "opposite takes one direction")
			return false
		}
		if c.g.Board.DirIndex(a[0].Text) == engine.NoDir && bc.lackedDir(a[0], ns) {
			o.Code, o.Cond = code.OpVerify, bc.slab.cond(code.Cond{Code: code.CondFalse})
			return true
		}
		d := bc.dir(a[0], ns)
		o.Code, o.A = code.OpOpposite, int32(d)
		return d != engine.NoDir
	case "go":
		if len(a) != 1 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (go from), (go to), (go last-from) or (go last-to)")
			return false
		}
		switch a[0].Text {
		case "from":
			o.Code = code.OpGoFrom
		case "to":
			o.Code = code.OpGoTo
		case "last-from":
			o.Code = code.OpGoLastFrom
		case "last-to":
			o.Code = code.OpGoLastTo
		default:
			c.errorf(a[0], ns, "expected from, to, last-from or last-to after go, found %q", a[0].Text)
			return false
		}
		return true
	case "mark", "back", "from", "to", "cascade", "change-owner":
		if len(a) > 0 && !(h == "change-owner" && len(a) == 1) {
			c.errorf(n, site, "%s takes no arguments", h)
			return false
		}
		o.Code = instrKeywords[h]
		if h == "change-owner" && len(a) == 1 {
			o.Loc = bc.loc(a[0], ns)
		}
		return true
	case "capture", "flip":
		o.Code = instrKeywords[h]
		if len(a) > 1 {
			c.errorf(n, site, "%s takes at most one location", h)
			return false
		}
		if len(a) == 1 {
			o.Loc = bc.loc(a[0], ns)
		}
		return true
	case "create":
		// (create [OWNER] [TYPE] [LOCATION]). Real files leave out the type: GufuuShogi
		// writes (create North), KoShogi (create pass-flag) with a position; the type is
		// then the moving piece's.
		o.Code, o.A, o.B = code.OpCreate, -1, -1
		for i, x := range a {
			switch {
			case x.Kind == zrf.Atom && i == 0 && c.g.PlayerIndex(x.Text) != engine.NoPlayer && c.kindIndex(x.Text) == engine.NoKind:
				o.A = int32(c.g.PlayerIndex(x.Text))
			case x.Kind == zrf.Atom && o.B < 0 && c.kindIndex(x.Text) != engine.NoKind:
				o.B = int32(c.kindIndex(x.Text))
			case i == len(a)-1:
				o.Loc = bc.loc(x, ns)
			default:
				c.kind(x, ns)
				return false
			}
		}
		return true
	case "change-type":
		o.Code = code.OpChangeType
		if len(a) < 1 || len(a) > 2 {
			c.errorf(n, site, "expected (change-type TYPE [LOCATION])")
			return false
		}
		k := c.kind(a[0], ns)
		o.B = int32(k)
		if k != engine.NoKind {
			bc.p.Promoted[k] = true
		}
		if len(a) == 2 {
			o.Loc = bc.loc(a[1], ns)
		}
		return k != engine.NoKind
	case "set-flag", "set-position-flag":
		if len(a) < 2 || len(a) > 3 || a[0].Kind != zrf.Atom || h == "set-flag" && len(a) != 2 {
			c.errorf(n, site, "expected (%s NAME CONDITION%s)", h, map[bool]string{true: "", false: " [LOCATION]"}[h == "set-flag"])
			return false
		}
		if h == "set-flag" {
			o.Code, o.A = code.OpSetFlag, bc.flag(&bc.p.Flags, a[0].Text)
		} else {
			o.Code, o.A = code.OpSetPosFlag, bc.flag(&bc.p.PosFlags, a[0].Text)
			if len(a) == 3 {
				o.Loc = bc.loc(a[2], ns)
			}
		}
		o.Cond = bc.cond(a[1], ns)
		return o.Cond != nil
	case "set-attribute":
		if len(a) == 2 && a[0].Kind == zrf.Atom && c.g.Ext != nil && c.g.Ext.PieceIntIndex(a[0].Text) >= 0 {
			if bc.mixedAttr(a[0], ns) {
				return false
			}
			o.Code, o.A, o.B = code.OpSetVal, int32(c.g.Ext.PieceIntIndex(a[0].Text)), int32(engine.ValPiece)
			o.Expr = bc.setValue(a[0].Text, a[1], ns)
			return o.Expr != nil
		}
		if len(a) != 2 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (set-attribute NAME CONDITION)")
			return false
		}
		i := c.g.AttrIndexOf(a[0].Text)
		if i < 0 {
			c.errorf(a[0], ns, "unknown attribute %q%s", a[0].Text, didYouMean(a[0].Text, c.g.AttrNames))
			return false
		}
		o.Code, o.A = code.OpSetAttr, int32(i)
		o.Cond = bc.cond(a[1], ns)
		return o.Cond != nil
	case "add", "add-copy", "add-partial", "add-copy-partial":
		o.Code, o.A = code.OpAdd, -1
		if strings.HasPrefix(h, "add-copy") {
			o.B = 1
		}
		args := a
		if strings.HasSuffix(h, "partial") {
			if len(args) == 0 || args[len(args)-1].Kind != zrf.Atom {
				c.errorf(n, site, "(%s [PIECE ...] TYPE) needs a move type", h)
				return false
			}
			o.A = int32(c.moveType(args[len(args)-1].Text))
			args = args[:len(args)-1]
		}
		for _, x := range args {
			k := c.kind(x, ns)
			if k == engine.NoKind {
				return false
			}
			o.Kinds = append(o.Kinds, k)
			bc.p.Promoted[k] = true
		}
		return true
	}
	if _, ok := predicates[h]; ok || strings.HasPrefix(h, "not-") {
		c.errorf(n, site, "condition (%s ...) used as an instruction; write (verify (%s ...))", h, h)
		return false
	}
	if h == "and" || h == "or" || h == "not" {
		c.errorf(n, site, "condition (%s ...) used as an instruction; write (verify (%s ...))", h, h)
		return false
	}
	c.errorf(n.List[0], ns, "unknown instruction (%s ...)%s", h, bc.suggestInstr(h))
	return false
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

// mixedAttr reports an error at n when it reads or sets an attribute whose default is a
// number in some pieces and a name in others, and tells whether it did.
func (bc *bodyCompiler) mixedAttr(n *zrf.Node, site *zrf.Site) bool {
	c := bc.c
	at := c.mixedAttrs[n.Text]
	if at == nil {
		return false
	}
	e := c.fset.NewError(n.Pos, n.SiteIn(site), "attribute %q holds numbers in some pieces and names in others: it cannot be read or set", n.Text)
	e.Notes = append(e.Notes, zrf.Note{Pos: c.fset.Position(at.Pos), Msg: "the defaults mix here"})
	c.errs.Add(e)
	return true
}

// lackedDir tells whether n names a direction that another board of the file has and
// this one lacks (a variant that keeps the game's pieces on a board of its own with
// fewer directions): such a step leaves the board. It warns once a direction and game.
func (bc *bodyCompiler) lackedDir(n *zrf.Node, site *zrf.Site) bool {
	c := bc.c
	if n.Kind != zrf.Atom || !c.file.dirs[n.Text] || c.g.Board.DirIndex(n.Text) != engine.NoDir ||
		c.locIndex(n.Text) != engine.NoLoc {
		return false
	}
	if !c.lackedDirs[n.Text] {
		if c.lackedDirs == nil {
			c.lackedDirs = map[string]bool{}
		}
		c.lackedDirs[n.Text] = true
		c.warnf(n, site, "direction %q is not on the board of %q (another board of the file has it): moves through it leave the board", n.Text, c.g.Title)
	}
	return true
}

// loc compiles a location argument: a direction, a position or (opposite DIR).
func (bc *bodyCompiler) loc(n *zrf.Node, site *zrf.Site) code.LocArg {
	b := bc.c.g.Board
	if n.Kind == zrf.Atom {
		if d := b.DirIndex(n.Text); d != engine.NoDir {
			return code.LocArg{Kind: code.LocDir, V: int32(d)}
		}
		if l := bc.c.locIndex(n.Text); l != engine.NoLoc {
			return code.LocArg{Kind: code.LocPos, V: int32(l)}
		}
		if bc.c.killed[n.Text] {
			bc.c.errorf(n, site, "position %q was removed by kill-positions", n.Text)
			return code.LocArg{}
		}
		if bc.lackedDir(n, site) {
			return code.LocArg{Kind: code.LocNowhere}
		}
	}
	if n.Head() == "opposite" && len(n.Args()) == 1 {
		if a := n.Args()[0]; b.DirIndex(a.Text) == engine.NoDir && bc.lackedDir(a, n.SiteIn(site)) {
			return code.LocArg{Kind: code.LocNowhere}
		}
		d := bc.dir(n.Args()[0], n.SiteIn(site))
		return code.LocArg{Kind: code.LocOpposite, V: int32(d)}
	}
	names := append([]string{}, b.Dirs...)
	for _, l := range b.Locs {
		names = append(names, l.Name)
	}
	bc.c.errorf(n, site, "expected a direction, a position or (opposite DIRECTION), found %s%s", quoteNode(n), didYouMean(n.Text, names))
	return code.LocArg{}
}

// condKey is what a condition without arguments tests: its number and place in x, its
// code, negation and kind of place in y. Two words without padding hash in one call;
// the struct of the fields themselves was hashed field by field (4% of the processor
// time of checking the whole corpus).
type condKey struct{ x, y uint64 }

// leafKey returns the key of cd.
func leafKey(cd *code.Cond) condKey {
	neg := uint64(0)
	if cd.Neg {
		neg = 1
	}
	return condKey{
		x: uint64(uint32(cd.A))<<32 | uint64(uint32(cd.Loc.V)),
		y: uint64(cd.Code) | neg<<8 | uint64(cd.Loc.Kind)<<16,
	}
}

// cond compiles a condition. Outside the dialect, the conditions without arguments
// (empty?, (on-board? n), (in-zone? promotion)...) are made once per program: most
// conditions are such, and the code is read-only once compiled.
func (bc *bodyCompiler) cond(n *zrf.Node, site *zrf.Site) *code.Cond {
	cd := bc.condOf(n, site)
	if cd == nil || cd.Args != nil || cd.Ints != nil || bc.c.dialect {
		return cd
	}
	k := leafKey(cd)
	if old, ok := bc.leaves[k]; ok {
		bc.slab.unCond(cd)
		return old
	}
	if bc.leaves == nil {
		bc.leaves = map[condKey]*code.Cond{}
	}
	bc.leaves[k] = cd
	return cd
}

// condOf compiles a condition.
func (bc *bodyCompiler) condOf(n *zrf.Node, site *zrf.Site) *code.Cond {
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
			return bc.slab.cond(code.Cond{Code: code.CondTrue})
		}
		return bc.slab.cond(code.Cond{Code: code.CondFalse})
	case "and", "or":
		if len(args) == 0 {
			c.errorf(n, site, "(%s ...) needs conditions", name)
			return nil
		}
		cd := bc.slab.cond(code.Cond{Code: code.CondAnd, Args: bc.slab.condList(len(args))})
		if name == "or" {
			cd.Code = code.CondOr
		}
		for _, x := range args {
			sub := bc.cond(x, ns)
			if sub == nil {
				return nil
			}
			cd.Args = append(cd.Args, sub)
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
		return bc.slab.cond(code.Cond{Code: code.CondNot, Args: append(bc.slab.condList(1), sub)})
	}
	neg := false
	base := name
	if strings.HasPrefix(name, "not-") {
		if _, ok := predicates[name[4:]]; ok {
			neg, base = true, name[4:]
		}
	}
	cc, ok := predicates[base]
	if !ok {
		// An attribute name, with an optional location.
		if i := c.g.AttrIndexOf(name); i >= 0 {
			cd := bc.slab.cond(code.Cond{Code: code.CondAttr, A: int32(i)})
			if len(args) > 1 {
				c.errorf(n, site, "attribute %q takes at most one location", name)
				return nil
			}
			if len(args) == 1 {
				cd.Loc = bc.loc(args[0], ns)
			}
			return cd
		}
		at := n
		if n.Kind == zrf.List {
			at = n.List[0]
		}
		if e := c.g.Ext; e != nil && e.PieceIntIndex(name) >= 0 {
			what := "a number"
			if e.PieceInts[e.PieceIntIndex(name)].Names {
				what = "a name"
			}
			hint := ""
			if c.dialect {
				hint = fmt.Sprintf("; compare it, as in (= %s VALUE)", name)
			}
			c.errorf(at, ns, "attribute %q holds %s, not true or false: it cannot be used as a condition%s", name, what, hint)
			return nil
		}
		cands := append([]string{"true", "false", "and", "or", "not"}, c.g.AttrNames...)
		for p := range predicates {
			cands = append(cands, p, "not-"+p)
		}
		c.errorf(at, ns, "unknown condition %q: not a predicate or an attribute%s", name, didYouMean(name, cands))
		return nil
	}
	cd := bc.slab.cond(code.Cond{Code: cc, Neg: neg, A: -1})
	switch cc {
	case code.CondPiece:
		if len(args) < 1 || len(args) > 2 {
			c.errorf(n, site, "expected (%s TYPE [LOCATION])", name)
			return nil
		}
		k := c.kind(args[0], ns)
		if k == engine.NoKind {
			return nil
		}
		cd.A = int32(k)
		args = args[1:]
	case code.CondInZone:
		if len(args) < 1 || len(args) > 2 || args[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (%s ZONE [LOCATION])", name)
			return nil
		}
		z := c.zoneIndex(args[0].Text)
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
		cd.A = int32(z)
		args = args[1:]
	case code.CondPosition:
		if len(args) != 1 {
			c.errorf(n, site, "expected (%s POSITION)", name)
			return nil
		}
		l := c.locName(args[0], ns)
		if l == engine.NoLoc {
			return nil
		}
		cd.A = int32(l)
		return cd
	case code.CondFlag:
		if len(args) != 1 || args[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (%s NAME)", name)
			return nil
		}
		cd.A = bc.flag(&bc.p.Flags, args[0].Text)
		return cd
	case code.CondPosFlag:
		if len(args) < 1 || len(args) > 2 || args[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (%s NAME [LOCATION])", name)
			return nil
		}
		cd.A = bc.flag(&bc.p.PosFlags, args[0].Text)
		args = args[1:]
	case code.CondAttacked, code.CondDefended:
		bc.p.Attackers = true
		if len(args) == 1 && args[0].Kind == zrf.Atom && c.g.Board.DirIndex(args[0].Text) == engine.NoDir &&
			c.locIndex(args[0].Text) == engine.NoLoc {
			// (attacked? TYPE): attacked by moves of that type (RenShogi).
			cd.A = int32(c.moveType(args[0].Text))
			return cd
		}
	}
	if len(args) > 1 {
		c.errorf(n, site, "%s takes at most one location", name)
		return nil
	}
	if len(args) == 1 {
		cd.Loc = bc.loc(args[0], ns)
	}
	return cd
}

// setValue compiles the value given to an integer or name attribute by set-attribute: a
// name for an attribute of names (any name: it is added to the game's names), an integer
// expression in the dialect, and a number in plain ZRF, which has no arithmetic.
func (bc *bodyCompiler) setValue(attr string, v *zrf.Node, site *zrf.Site) *code.Expr {
	c := bc.c
	e := c.g.Ext
	if e.PieceInts[e.PieceIntIndex(attr)].Names {
		if v.Kind != zrf.Atom || v.Text == "true" || v.Text == "false" {
			c.errorf(v, site, "attribute %q holds names, not true or false: expected a name, found %s", attr, quoteNode(v))
			return nil
		}
		return &code.Expr{Code: code.IntConst, A: e.Symbol(v.Text)}
	}
	if c.dialect {
		return bc.iexpr(v, site)
	}
	n, err := strconv.ParseInt(v.Text, 10, 32)
	if v.Kind != zrf.Atom || err != nil {
		c.errorf(v, site, "attribute %q holds numbers: expected a number, found %s (arithmetic belongs to the zoggo-1 dialect)", attr, quoteNode(v))
		return nil
	}
	return &code.Expr{Code: code.IntConst, A: int32(n)}
}
