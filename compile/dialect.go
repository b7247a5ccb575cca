package compile

// This file compiles the extended dialect, switched on by (version "zoggo-1") at the top
// of a file: integer variables and attributes with arithmetic, pre- and post-actions,
// invariant checks with accumulators, moves of any owner's pieces, stacks and group
// moves. docs/dialect.md describes the language; plain ZRF never reaches this code.

import (
	"slices"
	"strconv"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/internal/code"
	"github.com/zoggo/zoggo/zrf"
)

// DialectVersion is the version string that switches the dialect on.
const DialectVersion = "zoggo-1"

// dialectGameHeads are the game-level forms only the dialect knows.
var dialectGameHeads = map[string]bool{
	"variables": true, "position-attributes": true, "stacks": true, "check": true,
	"pre-part": true, "post-part": true, "pre-move": true, "post-move": true,
	"end-after-passes": true, "forbid-repetition": true,
	"immediate-values": true,
}

// dialectPieceHeads are the piece-level forms only the dialect knows.
var dialectPieceHeads = map[string]bool{"pre-part": true, "post-part": true, "pre-move": true, "post-move": true}

var actNames = map[string]int{"pre-part": code.ActPrePart, "post-part": code.ActPostPart, "pre-move": code.ActPreMove, "post-move": code.ActPostMove}

// dialectSrc holds the dialect's forms of a game until the bodies are compiled.
type dialectSrc struct {
	acts     [][code.NumActs][]actSrc // [kind+1]: index 0 is global
	checks   []actSrc
	formulas []actSrc // goal conditions written as (formula CONDITION)
	// posAt are the (POSITION VALUE) lists of position attributes, resolved once the
	// board is built.
	posAt     []posAtSrc
	immediate bool // (immediate-values)
}

// posAtSrc is a starting value of position attribute attr at a named position.
type posAtSrc struct {
	attr int
	pos  *zrf.Node
	val  int32
	site *zrf.Site
}

type actSrc struct {
	body []*zrf.Node
	site *zrf.Site
	at   *zrf.Node
}

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
	case "immediate-values":
		if len(n.Args()) != 0 {
			c.errorf(n, nil, "expected (immediate-values) with no arguments")
			return true
		}
		d.immediate = true
	case "variables", "position-attributes":
		for _, v := range n.Args() {
			if h == "position-attributes" && v.Kind == zrf.List && len(v.List) > 2 {
				v = c.posAtValues(v, n.Site)
			}
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
	case "end-after-passes":
		a := n.Args()
		k, ok := 0, len(a) == 1
		if ok {
			k, ok = c.number(a[0], n.Site)
		}
		if !ok || k < 1 || k > 1000 {
			c.errorf(n, nil, "expected (end-after-passes N): the passes in a row that end the game, 1 to 1000")
			return true
		}
		c.ext().PassLimit = k
	case "forbid-repetition":
		c.repetition(n)
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

// repetition reads (forbid-repetition board|position [N]).
func (c *compiler) repetition(n *zrf.Node) {
	a := n.Args()
	const want = "expected (forbid-repetition board|position [N]): board compares the pieces, position the pieces and the player to move; N, when given, only the last N positions"
	if len(a) < 1 || len(a) > 2 || a[0].Kind != zrf.Atom {
		c.errorf(n, nil, want)
		return
	}
	r := engine.RepeatRule{}
	switch a[0].Text {
	case "board":
		r.Kind = engine.RepeatBoard
	case "position":
		r.Kind = engine.RepeatPosition
	default:
		c.errorf(a[0], n.Site, "unknown repetition %q: expected board or position%s", a[0].Text, didYouMean(a[0].Text, []string{"board", "position"}))
		return
	}
	if len(a) == 2 {
		k, ok := c.number(a[1], n.Site)
		if !ok {
			return
		}
		if k < 1 || k > 1_000_000 {
			c.errorf(a[1], n.Site, "the number of positions must be 1 to 1000000, found %d", k)
			return
		}
		r.Window = k
	}
	c.ext().Repeat = r
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
		d.acts = append(d.acts, [code.NumActs][]actSrc{})
	}
	d.acts[k+1][actNames[h]] = append(d.acts[k+1][actNames[h]], actSrc{body: n.Args(), site: n.SiteIn(site), at: n})
	return true
}

func (c *compiler) dsrc() *dialectSrc {
	if c.dsrcv == nil {
		c.dsrcv = &dialectSrc{acts: make([][code.NumActs][]actSrc, len(c.g.Pieces)+1)}
	}
	return c.dsrcv
}

func (c *compiler) ext() *engine.Ext {
	if c.g.Ext == nil {
		c.g.Ext = &engine.Ext{}
	}
	return c.g.Ext
}

// posAtValues reads the (POSITION VALUE) lists after (NAME INIT) in a position attribute,
// records them for resolvePosAt and returns the (NAME INIT) part.
func (c *compiler) posAtValues(v *zrf.Node, site *zrf.Site) *zrf.Node {
	attr := len(c.ext().PosInts) // the index the attribute is about to get
	for _, p := range v.List[2:] {
		a := p.Args()
		if p.Kind != zrf.List || len(p.List) != 2 || p.List[0].Kind != zrf.Atom || a[0].Kind != zrf.Atom {
			c.errorf(p, v.SiteIn(site), "expected (POSITION VALUE), found %s", p.Describe())
			continue
		}
		k, err := strconv.ParseInt(a[0].Text, 10, 32)
		if err != nil {
			c.errorf(a[0], p.SiteIn(site), "expected an integer, found %s", quoteNode(a[0]))
			continue
		}
		c.dsrc().posAt = append(c.dsrc().posAt, posAtSrc{attr: attr, pos: p.List[0], val: int32(k), site: p.SiteIn(site)})
	}
	w := *v
	w.List = v.List[:2]
	return &w
}

// shownValue is a name in (show-values ...), checked by checkShownValues: a position
// attribute, or with player set the variable of a (PLAYER VARIABLE [TEXT]) list.
type shownValue struct {
	n      *zrf.Node
	site   *zrf.Site
	player *zrf.Node
	text   string
}

// checkShownValues checks that the names of (show-values ...) are position attributes,
// and those of its (PLAYER VARIABLE [TEXT]) lists players and variables, which it gives
// the board.
func (c *compiler) checkShownValues() {
	var names, vars []string
	for _, v := range c.ext().PosInts {
		names = append(names, v.Name)
	}
	for _, v := range c.ext().Vars {
		vars = append(vars, v.Name)
	}
	if c.g.Board != nil {
		c.g.Board.Held = nil
	}
	for _, v := range c.shownValues {
		switch {
		case v.player != nil:
			p := c.player(v.player, v.site)
			if c.ext().VarIndex(v.n.Text) < 0 {
				c.errorf(v.n, v.site, "show-values: %q is not a variable%s", v.n.Text, didYouMean(v.n.Text, vars))
				continue
			}
			if p != engine.NoPlayer && c.g.Board != nil {
				c.g.Board.Held = append(c.g.Board.Held, engine.HeldValue{Player: p, Var: v.n.Text, Text: v.text})
			}
		case c.ext().PosIntIndex(v.n.Text) < 0:
			c.errorf(v.n, v.site, "show-values: %q is not a position attribute%s", v.n.Text, didYouMean(v.n.Text, names))
		}
	}
}

// resolvePosAt gives the position attributes their starting values at named positions.
func (c *compiler) resolvePosAt() {
	if c.dsrcv == nil {
		return
	}
	e := c.ext()
	for _, a := range c.dsrcv.posAt {
		l := c.g.Board.LocIndex(a.pos.Text)
		if l == engine.NoLoc {
			c.errorf(a.pos, a.site, "unknown position %q", a.pos.Text)
			continue
		}
		if a.attr < len(e.PosInts) {
			e.PosInts[a.attr].At = append(e.PosInts[a.attr].At, engine.LocValue{Loc: l, Value: a.val})
		}
	}
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
	c.pieceInt(name, int32(n), k)
	return true
}

// pieceInt gives piece type k's default of the integer piece attribute name, declaring
// the attribute on first use, and returns its index.
func (c *compiler) pieceInt(name string, v int32, k engine.Kind) int {
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
	a.Default[k] = v
	return i
}

// compileDialect compiles the actions and checks after the blocks.
func (bc *bodyCompiler) compileDialect() {
	c := bc.c
	if !c.dialect {
		return
	}
	nk := len(c.g.Pieces)
	dp := &code.Dialect{Acts: make([][code.NumActs][]code.Op, nk+1), AnyOwner: make([]bool, nk)}
	bc.p.Dialect = dp
	for k := range c.g.Pieces {
		for _, b := range c.srcMoves[k] {
			if b.Owner != code.OwnFriend {
				dp.AnyOwner[k] = true
			}
		}
	}
	src := c.dsrcv
	if src == nil {
		return
	}
	for k := range min(len(src.acts), nk+1) {
		for a := range code.NumActs {
			for _, s := range src.acts[k][a] {
				dp.Acts[k][a] = append(dp.Acts[k][a], bc.instrs(s.body, s.site)...)
				dp.HasAct[a] = true
			}
		}
	}
	for _, s := range src.checks {
		bc.accs = nil
		cd := bc.cond(s.body[0], s.site)
		if cd == nil {
			continue
		}
		dp.Checks = append(dp.Checks, code.Check{Cond: cd, Acc: bc.accs, At: bc.at(s.at, nil)})
		bc.accs = nil
	}
	for _, s := range src.formulas {
		dp.Formulas = append(dp.Formulas, bc.cond(s.body[0], s.site))
	}
	dp.NumAcc = bc.nAcc
}

var dialectInstrs = map[string]bool{"set": true, "take-top": true, "select": true, "shift": true, "all-positions": true, "goto": true, "capture-group": true, "permute": true, "capture-side": true}

// dialectInstr compiles an instruction of the dialect; ok false with no error when n is
// not one.
func (bc *bodyCompiler) dialectInstr(n *zrf.Node, site *zrf.Site, o *code.Op) (ok, handled bool) {
	c := bc.c
	ns := n.SiteIn(site)
	h := n.Head()
	if n.Kind == zrf.Atom {
		h = n.Text
	}
	if !dialectInstrs[h] {
		return false, false
	}
	if !c.dialect {
		c.errorf(n, site, "(%s ...) belongs to the zoggo-1 dialect: put (version %q) at the top of the file", h, DialectVersion)
		return false, true
	}
	a := n.Args()
	switch h {
	case "set":
		if len(a) < 2 || len(a) > 3 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (set NAME [LOCATION] VALUE)")
			return false, true
		}
		o.Code = code.OpSetVal
		if !bc.valueName(a[0], ns, o) {
			return false, true
		}
		if len(a) == 3 {
			if o.B == int32(engine.ValVar) {
				c.errorf(a[1], ns, "variable %q has no location", a[0].Text)
				return false, true
			}
			o.Loc = bc.loc(a[1], ns)
		}
		o.Expr = bc.iexpr(a[len(a)-1], ns)
		return o.Expr != nil, true
	case "take-top", "select", "capture-group", "capture-side":
		o.Code = code.OpTake
		switch h {
		case "select":
			o.Code = code.OpSelect
		case "capture-group":
			o.Code = code.OpCaptureGroup
		case "capture-side":
			o.Code = code.OpCaptureSide
		}
		if len(a) > 1 {
			c.errorf(n, site, "(%s [LOCATION]) takes at most one location", h)
			return false, true
		}
		if len(a) == 1 {
			o.Loc = bc.loc(a[0], ns)
		}
		if h == "take-top" && (c.g.Ext == nil || c.g.Ext.StackCap == 0) {
			c.errorf(n, site, "take-top needs stacks: declare (stacks N) in the game")
			return false, true
		}
		return true, true
	case "shift":
		if len(a) != 1 {
			c.errorf(n, site, "expected (shift DIRECTION)")
			return false, true
		}
		d := bc.dir(a[0], ns)
		o.Code, o.A = code.OpShift, int32(d)
		return d != engine.NoDir, true
	case "permute":
		return bc.permute(n, site, o)
	case "all-positions":
		o.Code = code.OpAll
		o.Body = bc.instrs(a, ns)
		return true, true
	case "goto":
		// (goto LABEL): the turn order goes on at LABEL after this turn; again is the
		// turn being played (an extra turn), repeat the ZRF repeat point.
		if len(a) != 1 || a[0].Kind != zrf.Atom {
			c.errorf(n, site, "expected (goto LABEL)")
			return false, true
		}
		to := c.g.TurnOrder
		o.Code = code.OpGoto
		switch t := a[0].Text; {
		case t == "again":
			o.A = -1
		case t == "repeat":
			o.A = int32(to.Repeat)
		default:
			i, ok := to.Labels[t]
			if !ok {
				var names []string
				for l := range to.Labels {
					names = append(names, l)
				}
				c.errorf(a[0], ns, "unknown turn-order label %q: labels are declared with (label NAME) in turn-order, and again and repeat always exist%s", t, didYouMean(t, names))
				return false, true
			}
			o.A = int32(i)
		}
		return true, true
	}
	return false, false
}

// valueName resolves the name of a variable or integer attribute into o.a (slot) and o.b
// (class).
func (bc *bodyCompiler) valueName(n *zrf.Node, site *zrf.Site, o *code.Op) bool {
	e := bc.c.g.Ext
	if e != nil {
		if i := e.VarIndex(n.Text); i >= 0 {
			o.A, o.B = int32(i), int32(engine.ValVar)
			return true
		}
		if i := e.PieceIntIndex(n.Text); i >= 0 {
			o.A, o.B = int32(i), int32(engine.ValPiece)
			return true
		}
		if i := e.PosIntIndex(n.Text); i >= 0 {
			o.A, o.B = int32(i), int32(engine.ValPos)
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

var cmpOps = map[string]int32{"=": code.CmpEq, "!=": code.CmpNe, "<": code.CmpLt, "<=": code.CmpLe, ">": code.CmpGt, ">=": code.CmpGe}

// dialectCond compiles a condition of the dialect; handled is false when n is not one.
func (bc *bodyCompiler) dialectCond(n *zrf.Node, site *zrf.Site, name string, args []*zrf.Node) (*code.Cond, bool) {
	c := bc.c
	ns := n.SiteIn(site)
	op, isCmp := cmpOps[name]
	switch {
	case isCmp && n.Kind == zrf.List:
	case name == "own?" || name == "selected?" || name == "connected?" || name == "to-move?":
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
		if op != code.CmpEq && op != code.CmpNe && (bc.isName(args[0]) || bc.isName(args[1])) {
			c.errorf(n, site, "(%s A B) orders numbers; names are compared only with = and !=", name)
			return nil, true
		}
		x, y := bc.iexpr(args[0], ns), bc.iexpr(args[1], ns)
		if x == nil || y == nil {
			return nil, true
		}
		return &code.Cond{Code: code.CondCmp, A: op, Ints: []*code.Expr{x, y}}, true
	}
	cd := &code.Cond{Code: code.CondOwn}
	switch name {
	case "selected?":
		cd.Code = code.CondSelected
	case "connected?", "to-move?":
		cd.Code = code.CondConnected
		if name == "to-move?" {
			cd.Code = code.CondToMove
		}
		if len(args) > 0 {
			c.errorf(n, site, "%s takes no arguments", name)
			return nil, true
		}
		return cd, true
	}
	if len(args) > 1 {
		c.errorf(n, site, "%s takes at most one location", name)
		return nil, true
	}
	if len(args) == 1 {
		cd.Loc = bc.loc(args[0], ns)
	}
	return cd, true
}

var arith = map[string]code.ExprCode{"+": code.IntAdd, "-": code.IntSub, "*": code.IntMul, "/": code.IntDiv, "mod": code.IntMod, "max": code.IntMax, "min": code.IntMin}

// iexpr compiles an integer expression.
func (bc *bodyCompiler) iexpr(n *zrf.Node, site *zrf.Site) *code.Expr {
	c := bc.c
	ns := n.SiteIn(site)
	if n.Kind == zrf.Atom {
		if v, err := strconv.ParseInt(n.Text, 10, 32); err == nil {
			return &code.Expr{Code: code.IntConst, A: int32(v)}
		}
		if n.Text == "parts" {
			return &code.Expr{Code: code.IntParts}
		}
		if n.Text == "moves" {
			return &code.Expr{Code: code.IntMoves}
		}
		if n.Text == "passes" {
			if c.g.Ext == nil || c.g.Ext.PassLimit == 0 {
				c.errorf(n, site, "passes counts the passes in a row only in a game that ends after some: declare (end-after-passes N)")
				return nil
			}
			return &code.Expr{Code: code.IntPasses}
		}
		if bc.isName(n) && c.g.Ext.PieceIntIndex(n.Text) < 0 {
			// A name that an attribute of names holds, as in (= key 'B0000').
			return &code.Expr{Code: code.IntConst, A: c.g.Ext.Symbol(n.Text)}
		}
		var o code.Op
		if !bc.valueName(n, site, &o) {
			return nil
		}
		return &code.Expr{Code: []code.ExprCode{code.IntVar, code.IntPiece, code.IntPos}[o.B], A: o.A}
	}
	h := n.Head()
	a := n.Args()
	if n.Kind != zrf.List || h == "" {
		c.errorf(n, site, "expected a number, found %s", n.Describe())
		return nil
	}
	if ec, ok := arith[h]; ok {
		if (ec == code.IntMax || ec == code.IntMin) && len(a) == 1 {
			// An accumulator: the best value over the turns of the position.
			x := bc.iexpr(a[0], ns)
			if x == nil {
				return nil
			}
			e := &code.Expr{Code: code.IntAccMax, A: int32(bc.nAcc), Args: []*code.Expr{x}}
			if ec == code.IntMin {
				e.Code = code.IntAccMin
			}
			bc.nAcc++
			bc.accs = append(bc.accs, e)
			return e
		}
		if len(a) < 2 || (ec == code.IntSub || ec == code.IntDiv || ec == code.IntMod) && len(a) != 2 {
			c.errorf(n, site, "(%s ...) needs two numbers%s", h, map[bool]string{true: " or more", false: ""}[ec != code.IntSub && ec != code.IntDiv && ec != code.IntMod])
			return nil
		}
		e := &code.Expr{Code: ec}
		for _, x := range a {
			y := bc.iexpr(x, ns)
			if y == nil {
				return nil
			}
			e.Args = append(e.Args, y)
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
		return &code.Expr{Code: code.IntCount, Cond: cd, At: bc.at(n, site)}
	case "if":
		if len(a) != 1 {
			c.errorf(n, site, "expected (if CONDITION): 1 when it holds, 0 when not")
			return nil
		}
		cd := bc.cond(a[0], ns)
		if cd == nil {
			return nil
		}
		return &code.Expr{Code: code.IntCond, Cond: cd}
	case "height", "liberties", "group-size":
		e := &code.Expr{Code: map[string]code.ExprCode{"height": code.IntHeight, "liberties": code.IntLiberties, "group-size": code.IntGroup}[h], At: bc.at(n, site)}
		if len(a) > 1 {
			c.errorf(n, site, "expected (%s [LOCATION])", h)
			return nil
		}
		if len(a) == 1 {
			e.Loc = bc.loc(a[0], ns)
		}
		return e
	case "area":
		e := &code.Expr{Code: code.IntArea, A: -1, At: bc.at(n, site)}
		if len(a) > 1 {
			c.errorf(n, site, "expected (area [PLAYER])")
			return nil
		}
		if len(a) == 1 {
			p := c.player(a[0], ns)
			if p == engine.NoPlayer {
				return nil
			}
			e.A = int32(p)
		}
		return e
	case "captures", "first-capture", "capture-order", "mover":
		e := &code.Expr{Code: code.IntCaptures, A: -1}
		switch h {
		case "first-capture":
			e.Code = code.IntFirst
		case "capture-order":
			e.Code = code.IntOrder
		case "mover":
			e.Code = code.IntMover
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
			e.A = int32(k)
		}
		return e
	}
	// (NAME LOCATION): an attribute somewhere else.
	if len(a) != 1 || n.List[0].Kind != zrf.Atom {
		c.errorf(n.List[0], ns, "unknown number (%s ...): expected arithmetic (+ - * / mod max min), count, if, height, liberties, group-size, area, captures, first-capture, capture-order, mover, or (ATTRIBUTE LOCATION)", h)
		return nil
	}
	var o code.Op
	if bc.valueName(n.List[0], ns, &o) {
		if o.B == int32(engine.ValVar) {
			c.errorf(n, site, "variable %q has no location", h)
			return nil
		}
		return &code.Expr{Code: []code.ExprCode{code.IntVar, code.IntPiece, code.IntPos}[o.B], A: o.A, Loc: bc.loc(a[0], ns)}
	}
	return nil
}

// isName reports whether n stands for a name: an attribute of names, alone or as
// (ATTRIBUTE LOCATION), or a name that such an attribute holds (and that no variable or
// attribute is called).
func (bc *bodyCompiler) isName(n *zrf.Node) bool {
	e := bc.c.g.Ext
	if e == nil || len(e.Symbols) == 0 {
		return false
	}
	attr := n
	if n.Kind == zrf.List && len(n.List) == 2 {
		attr = n.List[0]
	}
	if attr.Kind != zrf.Atom {
		return false
	}
	if i := e.PieceIntIndex(attr.Text); i >= 0 {
		return e.PieceInts[i].Names
	}
	return n.Kind == zrf.Atom && e.VarIndex(n.Text) < 0 && e.PosIntIndex(n.Text) < 0 && slices.Contains(e.Symbols, n.Text)
}

// permute compiles (permute (P1 P2 ... Pn) ...): each list is a cycle, the contents of P1
// going to P2, ..., of Pn to P1. A position may appear once in the whole form. The
// permutation is stored in the program, and the op names it by number.
func (bc *bodyCompiler) permute(n *zrf.Node, site *zrf.Site, o *code.Op) (bool, bool) {
	c := bc.c
	ns := n.SiteIn(site)
	a := n.Args()
	if len(a) == 0 {
		c.errorf(n, site, "expected (permute (POSITION POSITION ...) ...)")
		return false, true
	}
	if c.g.Ext != nil && c.g.Ext.StackCap > 0 {
		c.errorf(n, site, "permute cannot move columns: it is not allowed in a game with (stacks N)")
		return false, true
	}
	var perm code.Perm
	seen := map[engine.Loc]bool{}
	ok := true
	for _, cyc := range a {
		if cyc.Kind != zrf.List || len(cyc.List) < 2 {
			c.errorf(cyc, ns, "expected a cycle of two or more positions, as (a1 c1 c3 a3)")
			ok = false
			continue
		}
		locs := make([]engine.Loc, 0, len(cyc.List))
		for _, it := range cyc.List {
			l := c.locName(it, ns)
			if l == engine.NoLoc {
				ok = false
				continue
			}
			if seen[l] {
				c.errorf(it, ns, "position %q appears twice in this permute: each position moves once", it.Text)
				ok = false
				continue
			}
			seen[l] = true
			locs = append(locs, l)
		}
		for i, l := range locs {
			perm = append(perm, code.PermPair{From: l, To: locs[(i+1)%len(locs)]})
		}
	}
	if !ok {
		return false, true
	}
	o.Code, o.A = code.OpPermute, int32(len(bc.p.Perms))
	bc.p.Perms = append(bc.p.Perms, perm)
	return true, true
}
