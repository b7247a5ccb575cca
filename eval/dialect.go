package eval

// This file compiles the extended dialect, switched on by (version "zoggo-1") at the top
// of a file: integer variables and attributes with arithmetic, pre- and post-actions,
// invariant checks with accumulators, moves of any owner's pieces, stacks and group
// moves. docs/dialect.md describes the language; plain ZRF never reaches this code.

import (
	"strconv"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// DialectVersion is the version string that switches the dialect on.
const DialectVersion = "zoggo-1"

// dialectGameHeads are the game-level forms only the dialect knows.
var dialectGameHeads = map[string]bool{
	"variables": true, "position-attributes": true, "stacks": true, "check": true,
	"pre-part": true, "post-part": true, "pre-move": true, "post-move": true,
}

// dialectPieceHeads are the piece-level forms only the dialect knows.
var dialectPieceHeads = map[string]bool{"pre-part": true, "post-part": true, "pre-move": true, "post-move": true}

// Action kinds.
const (
	actPrePart = iota
	actPostPart
	actPreMove
	actPostMove
	nActs
)

var actNames = map[string]int{"pre-part": actPrePart, "post-part": actPostPart, "pre-move": actPreMove, "post-move": actPostMove}

// dialectSrc holds the dialect's forms of a game until the bodies are compiled.
type dialectSrc struct {
	acts     [][nActs][]actSrc // [kind+1]: index 0 is global
	checks   []actSrc
	formulas []actSrc // goal conditions written as (formula CONDITION)
}

type actSrc struct {
	body []*zrf.Node
	site *zrf.Site
	at   *zrf.Node
}

// dialectProg is the compiled dialect part of a program.
type dialectProg struct {
	acts     [][nActs][]op // [kind+1], index 0 global
	hasAct   [nActs]bool
	checks   []check
	formulas []*cond
	anyOwner []bool // kinds with blocks that move pieces of any owner
	nAcc     int
}

type check struct {
	e   *cond
	acc []*iexpr // the accumulators the condition uses
	at  int32
}

// iexpr is a compiled integer expression.
type iexpr struct {
	code icode
	a    int32
	loc  locArg
	args []*iexpr
	cond *cond
	at   int32 // source of a count, for run-time errors
}

type icode uint8

const (
	iConst icode = iota
	iVar         // a: variable
	iPiece       // a: integer piece attribute, loc
	iPos         // a: position attribute, loc
	iAdd
	iSub
	iMul
	iDiv
	iMod
	iMax
	iMin
	iCount    // cond: positions where it holds
	iHeight   // loc: pieces under the top piece
	iCaptures // a: kind or -1; pieces the turn captures
	iFirst    // a: kind; ordinal of the first captured piece of that kind, 1000 if none
	iOrder    // a: kind; larger when pieces of that kind are captured earlier
	iMover    // a: kind; 1 when the turn moves a piece of that kind
	iParts    // parts of the turn
	iAccMax   // a: accumulator; args[0]: the value
	iAccMin
	iCond  // cond: 1 or 0
	iMoves // legal turns of the player to move
)

// dialectForm records a dialect form of a game; false when it is not one.
func (c *compiler) dialectForm(h string, n *zrf.Node) bool {
	if !dialectGameHeads[h] {
		return false
	}
	if !c.dialect {
		c.errorf(n.List[0], n.Site, "(%s ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", h, DialectVersion)
		return true
	}
	d := c.dsrc()
	switch h {
	case "variables", "position-attributes":
		for _, v := range n.Args() {
			name, init, ok := c.nameValue(v, n.Site)
			if !ok {
				continue
			}
			iv := engine.IntVar{Name: name, Init: init}
			if h == "variables" {
				c.ext().Vars = append(c.ext().Vars, iv)
			} else {
				c.ext().PosInts = append(c.ext().PosInts, iv)
			}
		}
	case "stacks":
		a := n.Args()
		k, ok := 0, len(a) == 1
		if ok {
			k, ok = c.number(a[0], n.Site)
		}
		if !ok || k < 1 || k > 255 {
			c.errorf(n, nil, "expected (stacks N): the most pieces a square holds under its top piece, 1 to 255")
			return true
		}
		c.ext().StackCap = k
	case "check":
		if len(n.Args()) != 1 {
			c.errorf(n, nil, "expected (check CONDITION)")
			return true
		}
		d.checks = append(d.checks, actSrc{body: n.Args(), site: n.Site, at: n})
	default:
		d.acts[0][actNames[h]] = append(d.acts[0][actNames[h]], actSrc{body: n.Args(), site: n.Site, at: n})
	}
	return true
}

// pieceAction records a piece's pre- or post-action form.
func (c *compiler) pieceAction(h string, n *zrf.Node, site *zrf.Site, k engine.Kind) bool {
	if !dialectPieceHeads[h] {
		return false
	}
	if !c.dialect {
		c.errorf(n.List[0], n.SiteIn(site), "(%s ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", h, DialectVersion)
		return true
	}
	d := c.dsrc()
	for len(d.acts) < len(c.g.Pieces)+1 {
		d.acts = append(d.acts, [nActs][]actSrc{})
	}
	d.acts[k+1][actNames[h]] = append(d.acts[k+1][actNames[h]], actSrc{body: n.Args(), site: n.SiteIn(site), at: n})
	return true
}

func (c *compiler) dsrc() *dialectSrc {
	if c.eg.dsrc == nil {
		c.eg.dsrc = &dialectSrc{acts: make([][nActs][]actSrc, len(c.g.Pieces)+1)}
	}
	return c.eg.dsrc
}

func (c *compiler) ext() *engine.Ext {
	if c.g.Ext == nil {
		c.g.Ext = &engine.Ext{}
	}
	return c.g.Ext
}

// nameValue reads (NAME INTEGER).
func (c *compiler) nameValue(n *zrf.Node, site *zrf.Site) (string, int32, bool) {
	a := n.Args()
	if n.Kind != zrf.List || len(n.List) != 2 || n.List[0].Kind != zrf.Atom {
		c.errorf(n, site, "expected (NAME INITIAL-VALUE), found %s", n.Describe())
		return "", 0, false
	}
	v, err := strconv.ParseInt(a[0].Text, 10, 32)
	if a[0].Kind != zrf.Atom || err != nil {
		c.errorf(a[0], n.SiteIn(site), "expected an integer, found %s", quoteNode(a[0]))
		return "", 0, false
	}
	return n.List[0].Text, int32(v), true
}

// intAttribute declares an integer piece attribute (attribute NAME INTEGER).
func (c *compiler) intAttribute(name string, v *zrf.Node, k engine.Kind) bool {
	n, err := strconv.ParseInt(v.Text, 10, 32)
	if err != nil {
		return false
	}
	e := c.ext()
	i := e.PieceIntIndex(name)
	if i < 0 {
		e.PieceInts = append(e.PieceInts, engine.IntAttr{Name: name})
		i = len(e.PieceInts) - 1
	}
	a := &e.PieceInts[i]
	for len(a.Default) < len(c.g.Pieces) {
		a.Default = append(a.Default, 0)
	}
	a.Default[k] = int32(n)
	return true
}

// compileDialect compiles the actions and checks after the blocks.
func (bc *bodyCompiler) compileDialect() {
	c := bc.c
	if !c.dialect {
		return
	}
	nk := len(c.g.Pieces)
	dp := &dialectProg{acts: make([][nActs][]op, nk+1), anyOwner: make([]bool, nk)}
	bc.p.d = dp
	for k := range c.g.Pieces {
		for _, b := range c.eg.Moves[k] {
			if b.Owner != ownFriend {
				dp.anyOwner[k] = true
			}
		}
	}
	src := c.eg.dsrc
	if src == nil {
		return
	}
	for k := range min(len(src.acts), nk+1) {
		for a := range nActs {
			for _, s := range src.acts[k][a] {
				dp.acts[k][a] = append(dp.acts[k][a], bc.instrs(s.body, s.site)...)
				dp.hasAct[a] = true
			}
		}
	}
	for _, s := range src.checks {
		bc.accs = nil
		cd := bc.cond(s.body[0], s.site)
		if cd == nil {
			continue
		}
		dp.checks = append(dp.checks, check{e: cd, acc: bc.accs, at: bc.at(s.at, nil)})
		bc.accs = nil
	}
	for _, s := range src.formulas {
		dp.formulas = append(dp.formulas, bc.cond(s.body[0], s.site))
	}
	dp.nAcc = bc.nAcc
}

var dialectInstrs = map[string]bool{"set": true, "take-top": true, "select": true, "shift": true, "all-positions": true, "goto": true}

// dialectInstr compiles an instruction of the dialect; ok false with no error when n is
// not one.
func (bc *bodyCompiler) dialectInstr(n *zrf.Node, site *zrf.Site, o op) (op, bool, bool) {
	c := bc.c
	ns := n.SiteIn(site)
	h := n.Head()
	if n.Kind == zrf.Atom {
		h = n.Text
	}
	if !dialectInstrs[h] {
		return o, false, false
	}
	if !c.dialect {
		c.errorf(n, site, "(%s ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", h, DialectVersion)
		return o, false, true
	}
	a := n.Args()
	switch h {
	case "set":
		if len(a) < 2 || len(a) > 3 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (set NAME [LOCATION] VALUE)")
			return o, false, true
		}
		o.code = opSetVal
		if !bc.valueName(a[0], ns, &o) {
			return o, false, true
		}
		if len(a) == 3 {
			if o.b == int32(engine.ValVar) {
				c.errorf(a[1], ns, "variable %q has no location", a[0].Text)
				return o, false, true
			}
			o.loc = bc.loc(a[1], ns)
		}
		o.ie = bc.iexpr(a[len(a)-1], ns)
		return o, o.ie != nil, true
	case "take-top", "select":
		o.code = opTake
		if h == "select" {
			o.code = opSelect
		}
		if len(a) > 1 {
			c.errorf(n, site, "(%s [LOCATION]) takes at most one location", h)
			return o, false, true
		}
		if len(a) == 1 {
			o.loc = bc.loc(a[0], ns)
		}
		if h == "take-top" && (c.g.Ext == nil || c.g.Ext.StackCap == 0) {
			c.errorf(n, site, "take-top needs stacks: declare (stacks N) in the game")
			return o, false, true
		}
		return o, true, true
	case "shift":
		if len(a) != 1 {
			c.errorf(n, site, "expected (shift DIRECTION)")
			return o, false, true
		}
		d := bc.dir(a[0], ns)
		o.code, o.a = opShift, int32(d)
		return o, d != engine.NoDir, true
	case "all-positions":
		o.code = opAll
		o.body = bc.instrs(a, ns)
		return o, true, true
	case "goto":
		// (goto LABEL): the turn order goes on at LABEL after this turn; again is the
		// turn being played (an extra turn), repeat the ZRF repeat point.
		if len(a) != 1 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (goto LABEL)")
			return o, false, true
		}
		to := c.g.TurnOrder
		o.code = opGoto
		switch t := a[0].Text; {
		case t == "again":
			o.a = -1
		case t == "repeat":
			o.a = int32(to.Repeat)
		default:
			i, ok := to.Labels[t]
			if !ok {
				var names []string
				for l := range to.Labels {
					names = append(names, l)
				}
				c.errorf(a[0], ns, "unknown turn-order label %q: labels are declared with (label NAME) in turn-order, and again and repeat always exist%s", t, didYouMean(t, names))
				return o, false, true
			}
			o.a = int32(i)
		}
		return o, true, true
	}
	return o, false, false
}

// valueName resolves the name of a variable or integer attribute into o.a (slot) and o.b
// (class).
func (bc *bodyCompiler) valueName(n *zrf.Node, site *zrf.Site, o *op) bool {
	e := bc.c.g.Ext
	if e != nil {
		if i := e.VarIndex(n.Text); i >= 0 {
			o.a, o.b = int32(i), int32(engine.ValVar)
			return true
		}
		if i := e.PieceIntIndex(n.Text); i >= 0 {
			o.a, o.b = int32(i), int32(engine.ValPiece)
			return true
		}
		if i := e.PosIntIndex(n.Text); i >= 0 {
			o.a, o.b = int32(i), int32(engine.ValPos)
			return true
		}
	}
	bc.c.errorf(n, site, "unknown variable or integer attribute %q%s", n.Text, didYouMean(n.Text, bc.valueNames()))
	return false
}

func (bc *bodyCompiler) valueNames() []string {
	var out []string
	if e := bc.c.g.Ext; e != nil {
		for _, v := range e.Vars {
			out = append(out, v.Name)
		}
		for _, v := range e.PieceInts {
			out = append(out, v.Name)
		}
		for _, v := range e.PosInts {
			out = append(out, v.Name)
		}
	}
	return out
}

var cmpOps = map[string]int32{"=": 0, "!=": 1, "<": 2, "<=": 3, ">": 4, ">=": 5}

// dialectCond compiles a condition of the dialect; handled is false when n is not one.
func (bc *bodyCompiler) dialectCond(n *zrf.Node, site *zrf.Site, name string, args []*zrf.Node) (*cond, bool) {
	c := bc.c
	ns := n.SiteIn(site)
	op, isCmp := cmpOps[name]
	switch {
	case isCmp && n.Kind == zrf.List:
	case name == "own?" || name == "selected?" || name == "connected?":
	default:
		return nil, false
	}
	if !c.dialect {
		c.errorf(n, site, "%s belongs to the zoggo-1 dialect: put (version %q) at the top of the file", name, DialectVersion)
		return nil, true
	}
	if isCmp {
		if len(args) != 2 {
			c.errorf(n, site, "(%s A B) compares two numbers", name)
			return nil, true
		}
		x, y := bc.iexpr(args[0], ns), bc.iexpr(args[1], ns)
		if x == nil || y == nil {
			return nil, true
		}
		return &cond{code: cCmp, a: op, ints: []*iexpr{x, y}}, true
	}
	cd := &cond{code: cOwn}
	switch name {
	case "selected?":
		cd.code = cSelected
	case "connected?":
		cd.code = cConnected
		if len(args) > 0 {
			c.errorf(n, site, "connected? takes no arguments")
			return nil, true
		}
		return cd, true
	}
	if len(args) > 1 {
		c.errorf(n, site, "%s takes at most one location", name)
		return nil, true
	}
	if len(args) == 1 {
		cd.loc = bc.loc(args[0], ns)
	}
	return cd, true
}

var arith = map[string]icode{"+": iAdd, "-": iSub, "*": iMul, "/": iDiv, "mod": iMod, "max": iMax, "min": iMin}

// iexpr compiles an integer expression.
func (bc *bodyCompiler) iexpr(n *zrf.Node, site *zrf.Site) *iexpr {
	c := bc.c
	ns := n.SiteIn(site)
	if n.Kind == zrf.Atom {
		if v, err := strconv.ParseInt(n.Text, 10, 32); err == nil {
			return &iexpr{code: iConst, a: int32(v)}
		}
		if n.Text == "parts" {
			return &iexpr{code: iParts}
		}
		if n.Text == "moves" {
			return &iexpr{code: iMoves}
		}
		var o op
		if !bc.valueName(n, site, &o) {
			return nil
		}
		return &iexpr{code: []icode{iVar, iPiece, iPos}[o.b], a: o.a}
	}
	h := n.Head()
	a := n.Args()
	if n.Kind != zrf.List || h == "" {
		c.errorf(n, site, "expected a number, found %s", n.Describe())
		return nil
	}
	if code, ok := arith[h]; ok {
		if (code == iMax || code == iMin) && len(a) == 1 {
			// An accumulator: the best value over the turns of the position.
			x := bc.iexpr(a[0], ns)
			if x == nil {
				return nil
			}
			e := &iexpr{code: iAccMax, a: int32(bc.nAcc), args: []*iexpr{x}}
			if code == iMin {
				e.code = iAccMin
			}
			bc.nAcc++
			bc.accs = append(bc.accs, e)
			return e
		}
		if len(a) < 2 || (code == iSub || code == iDiv || code == iMod) && len(a) != 2 {
			c.errorf(n, site, "(%s ...) needs two numbers%s", h, map[bool]string{true: " or more", false: ""}[code != iSub && code != iDiv && code != iMod])
			return nil
		}
		e := &iexpr{code: code}
		for _, x := range a {
			y := bc.iexpr(x, ns)
			if y == nil {
				return nil
			}
			e.args = append(e.args, y)
		}
		return e
	}
	switch h {
	case "count":
		if len(a) != 1 {
			c.errorf(n, site, "expected (count CONDITION)")
			return nil
		}
		cd := bc.cond(a[0], ns)
		if cd == nil {
			return nil
		}
		return &iexpr{code: iCount, cond: cd, at: bc.at(n, site)}
	case "if":
		if len(a) != 1 {
			c.errorf(n, site, "expected (if CONDITION): 1 when it holds, 0 when not")
			return nil
		}
		cd := bc.cond(a[0], ns)
		if cd == nil {
			return nil
		}
		return &iexpr{code: iCond, cond: cd}
	case "height":
		e := &iexpr{code: iHeight}
		if len(a) > 1 {
			c.errorf(n, site, "expected (height [LOCATION])")
			return nil
		}
		if len(a) == 1 {
			e.loc = bc.loc(a[0], ns)
		}
		return e
	case "captures", "first-capture", "capture-order", "mover":
		e := &iexpr{code: iCaptures, a: -1}
		switch h {
		case "first-capture":
			e.code = iFirst
		case "capture-order":
			e.code = iOrder
		case "mover":
			e.code = iMover
		}
		if len(a) > 1 || h != "captures" && len(a) != 1 {
			c.errorf(n, site, "expected (%s TYPE)", h)
			return nil
		}
		if len(a) == 1 {
			k := c.kind(a[0], ns)
			if k == engine.NoKind {
				return nil
			}
			e.a = int32(k)
		}
		return e
	}
	// (NAME LOCATION): an attribute somewhere else.
	if len(a) != 1 || n.List[0].Kind != zrf.Atom {
		c.errorf(n.List[0], ns, "unknown number (%s ...): expected arithmetic (+ - * / mod max min), count, if, height, captures, first-capture, capture-order, mover, or (ATTRIBUTE LOCATION)", h)
		return nil
	}
	var o op
	if bc.valueName(n.List[0], ns, &o) {
		if o.b == int32(engine.ValVar) {
			c.errorf(n, site, "variable %q has no location", h)
			return nil
		}
		return &iexpr{code: []icode{iVar, iPiece, iPos}[o.b], a: o.a, loc: bc.loc(a[0], ns)}
	}
	return nil
}
