package code

// This file prints a program for people: rules authors who want to see what their move
// blocks compiled to, and whoever debugs the compiler. The output reads like ZRF (an op
// per line, conditions and numbers as s-expressions) with every number turned back into
// the name it stands for. It depends only on the program and the names given, so it is
// the same on every run.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
)

// Names are the names that Dump prints for the numbers in a program. The caller fills
// them from its game; a number without a name prints as the kind of thing it is, a hash
// and the number (direction#3). Flag names come from the program itself.
type Names struct {
	Kinds     []string // piece types
	Players   []string
	Dirs      []string
	Locs      []string // positions
	Zones     []string
	Attrs     []string // boolean piece attributes, numbered game-wide
	MoveTypes []string
	Rules     []string // move-list entries, indexed by Block.Rule
	Labels    []string // turn-order entries: the label that names each one, or ""
	Vars      []string // the dialect's global variables
	PieceInts []string // the dialect's integer piece attributes
	PosInts   []string // the dialect's position attributes
}

// actNames are the dialect's action forms, indexed by ActPrePart and the rest.
var actNames = [NumActs]string{
	ActPrePart:  "pre-part",
	ActPostPart: "post-part",
	ActPreMove:  "pre-move",
	ActPostMove: "post-move",
}

// cmpNames are the comparisons of a CondCmp, indexed by CmpEq and the rest.
var cmpNames = [...]string{CmpEq: "=", CmpNe: "!=", CmpLt: "<", CmpLe: "<=", CmpGt: ">", CmpGe: ">="}

var ownerNames = [...]string{OwnFriend: "friend", OwnAny: "any", OwnEnemy: "enemy"}

// Dump prints p for people. For each piece type it prints its move and drop blocks, each
// with its move type, whose pieces it moves and the move-list entry (rule) it produces,
// then the dialect's actions of the piece; after the pieces come the dialect's global
// actions, checks and formulas. Each op is on its own line, indented two spaces deeper
// than the block, the if, the else or the while that holds it. n may be nil. Dump returns
// the first error from w.
func Dump(w io.Writer, p *Program, n *Names) error {
	if n == nil {
		n = &Names{}
	}
	d := &dumper{w: w, p: p, n: n}
	if p == nil {
		d.line(0, "no compiled code")
		return d.err
	}
	for k := range max(len(p.Moves), len(p.Drops)) {
		d.piece(k)
	}
	if dp := p.Dialect; dp != nil {
		if len(dp.Acts) > 0 {
			d.acts(0, dp.Acts[0], "game ")
		}
		for i, c := range dp.Checks {
			d.line(0, "check %d: %s", i+1, d.cond(c.Cond))
		}
		for i, c := range dp.Formulas {
			d.line(0, "formula %d: %s", i, d.cond(c))
		}
	}
	return d.err
}

// dumper holds the state of one Dump.
type dumper struct {
	w   io.Writer
	p   *Program
	n   *Names
	err error
}

// line prints one line indented by depth steps; after an error it prints nothing.
func (d *dumper) line(depth int, format string, args ...any) {
	if d.err != nil {
		return
	}
	_, d.err = fmt.Fprintf(d.w, "%s%s\n", strings.Repeat("  ", depth), fmt.Sprintf(format, args...))
}

// piece prints the blocks and actions of piece type k.
func (d *dumper) piece(k int) {
	p := d.p
	var moves, drops []Block
	if k < len(p.Moves) {
		moves = p.Moves[k]
	}
	if k < len(p.Drops) {
		drops = p.Drops[k]
	}
	var acts [NumActs][]Op
	if p.Dialect != nil && k+1 < len(p.Dialect.Acts) {
		acts = p.Dialect.Acts[k+1]
	}
	hasActs := false
	for _, a := range acts {
		hasActs = hasActs || len(a) > 0
	}
	if len(moves) == 0 && len(drops) == 0 && !hasActs {
		d.line(0, "piece %s: no moves or drops", d.kind(int32(k)))
		return
	}
	d.line(0, "piece %s", d.kind(int32(k)))
	for i, b := range moves {
		d.block("move", i+1, b)
	}
	for i, b := range drops {
		d.block("drop", i+1, b)
	}
	d.acts(1, acts, "")
}

// block prints one move or drop block, numbered from 1 in the order of the file.
func (d *dumper) block(what string, i int, b Block) {
	typ := "no type"
	if b.Type >= 0 {
		typ = "type " + name(d.n.MoveTypes, int32(b.Type), "move-type")
	}
	owner := name(ownerNames[:], int32(b.Owner), "owner")
	rule := "rule " + strconv.Itoa(int(b.Rule))
	if b.Rule >= 0 && int(b.Rule) < len(d.n.Rules) {
		rule += " " + strconv.Quote(d.n.Rules[b.Rule])
	}
	d.line(1, "%s %d: %s, owner %s, %s", what, i, typ, owner, rule)
	d.ops(2, b.Ops)
}

// acts prints the dialect's actions of one piece type, or the global ones.
func (d *dumper) acts(depth int, acts [NumActs][]Op, prefix string) {
	for a, ops := range acts {
		if len(ops) == 0 {
			continue
		}
		d.line(depth, "%s%s", prefix, actNames[a])
		d.ops(depth+1, ops)
	}
}

// ops prints a list of ops, nested lists deeper.
func (d *dumper) ops(depth int, ops []Op) {
	for i := range ops {
		d.op(depth, &ops[i])
	}
}

func (d *dumper) op(depth int, o *Op) {
	args := []string{o.Code.String()}
	switch o.Code {
	case OpStep, OpOpposite, OpShift:
		args = append(args, d.dir(o.A))
	case OpJump:
		args = append(args, d.pos(o.A))
	case OpVerify:
		args = append(args, d.cond(o.Cond))
	case OpIf, OpWhile:
		d.line(depth, "%s %s", o.Code, d.cond(o.Cond))
		d.ops(depth+1, o.Body)
		if len(o.Else) > 0 {
			d.line(depth, "else")
			d.ops(depth+1, o.Else)
		}
		return
	case OpAll:
		d.line(depth, "%s", o.Code)
		d.ops(depth+1, o.Body)
		return
	case OpCapture, OpChangeOwner, OpFlip, OpTake, OpSelect, OpCaptureGroup, OpCaptureSide:
		args = d.loc(args, o.Loc)
	case OpPermute:
		if o.A >= 0 && int(o.A) < len(d.p.Perms) {
			// The pairs are stored cycle by cycle: a cycle ends where it comes back.
			var cyc []string
			first := engine.NoLoc
			for _, pr := range d.p.Perms[o.A] {
				if first == engine.NoLoc {
					first = pr.From
				}
				cyc = append(cyc, d.pos(int32(pr.From)))
				if pr.To == first {
					args = append(args, "("+strings.Join(cyc, " ")+")")
					cyc, first = nil, engine.NoLoc
				}
			}
		}
	case OpCreate:
		if o.A >= 0 {
			args = append(args, name(d.n.Players, o.A, "player"))
		}
		if o.B >= 0 {
			args = append(args, d.kind(o.B))
		}
		args = d.loc(args, o.Loc)
	case OpChangeType:
		args = d.loc(append(args, d.kind(o.B)), o.Loc)
	case OpSetFlag:
		args = append(args, name(d.p.Flags, o.A, "flag"), d.cond(o.Cond))
	case OpSetPosFlag:
		args = d.loc(append(args, name(d.p.PosFlags, o.A, "position-flag"), d.cond(o.Cond)), o.Loc)
	case OpSetAttr:
		args = append(args, name(d.n.Attrs, o.A, "attribute"), d.cond(o.Cond))
	case OpAdd:
		// Written back the way ZRF spells it: add, add-copy, add-partial, add-copy-partial.
		if o.B == 1 {
			args[0] += "-copy"
		}
		if o.A >= 0 {
			args[0] += "-partial"
		}
		for _, k := range o.Kinds {
			args = append(args, d.kind(int32(k)))
		}
		if o.A >= 0 {
			args = append(args, name(d.n.MoveTypes, o.A, "move-type"))
		}
	case OpSetVal:
		args = d.loc(append(args, d.value(o.A, o.B)), o.Loc)
		args = append(args, d.expr(o.Expr))
	case OpGoto:
		if o.A < 0 {
			args = append(args, "again")
		} else {
			args = append(args, name(d.n.Labels, o.A, "entry"))
		}
	}
	d.line(depth, "%s", strings.Join(args, " "))
}

// cond returns a condition as an s-expression: a bare name when it has no arguments.
func (d *dumper) cond(c *Cond) string {
	if c == nil {
		return "?"
	}
	head := c.Code.String()
	var args []string
	switch c.Code {
	case CondAnd, CondOr, CondNot:
		for _, a := range c.Args {
			args = append(args, d.cond(a))
		}
	case CondCmp:
		head = name(cmpNames[:], c.A, "compare")
		for _, e := range c.Ints {
			args = append(args, d.expr(e))
		}
	case CondAttr:
		head = name(d.n.Attrs, c.A, "attribute")
	case CondPiece:
		args = append(args, d.kind(c.A))
	case CondInZone:
		args = append(args, name(d.n.Zones, c.A, "zone"))
	case CondPosition:
		args = append(args, d.pos(c.A))
	case CondFlag:
		args = append(args, name(d.p.Flags, c.A, "flag"))
	case CondPosFlag:
		args = append(args, name(d.p.PosFlags, c.A, "position-flag"))
	case CondAttacked, CondDefended:
		if c.A >= 0 {
			args = append(args, name(d.n.MoveTypes, c.A, "move-type"))
		}
	}
	args = d.loc(args, c.Loc)
	if c.Neg {
		head = "not-" + head
	}
	return sexpr(head, args, false)
}

// expr returns an integer expression as an s-expression.
func (d *dumper) expr(e *Expr) string {
	if e == nil {
		return "?"
	}
	head := e.Code.String()
	var args []string
	list := false // printed as a list even without arguments, as it is written
	switch e.Code {
	case IntConst:
		return strconv.Itoa(int(e.A))
	case IntParts, IntMoves, IntPasses:
		return head
	case IntVar:
		head = name(d.n.Vars, e.A, "variable")
	case IntPiece:
		head = name(d.n.PieceInts, e.A, "piece-attribute")
	case IntPos:
		head = name(d.n.PosInts, e.A, "position-attribute")
	case IntCount, IntCond:
		args = append(args, d.cond(e.Cond))
	case IntCaptures, IntFirst, IntOrder, IntMover:
		list = true
		if e.A >= 0 {
			args = append(args, d.kind(e.A))
		}
	case IntHeight, IntLiberties, IntGroup:
		list = true
	case IntArea:
		list = true
		if e.A >= 0 {
			args = append(args, name(d.n.Players, e.A, "player"))
		}
	default:
		// Arithmetic and the accumulators.
		for _, a := range e.Args {
			args = append(args, d.expr(a))
		}
	}
	return sexpr(head, d.loc(args, e.Loc), list)
}

// loc appends a location argument to args; the cursor needs none.
func (d *dumper) loc(args []string, l LocArg) []string {
	switch l.Kind {
	case LocCursor:
		return args
	case LocDir:
		return append(args, d.dir(l.V))
	case LocPos:
		return append(args, d.pos(l.V))
	case LocOpposite:
		return append(args, "(opposite "+d.dir(l.V)+")")
	case LocNowhere:
		return append(args, "nowhere")
	}
	return append(args, l.Kind.String()+"#"+strconv.Itoa(int(l.V)))
}

// value names a variable or integer attribute from its slot and class (engine.ValVar,
// ValPiece or ValPos).
func (d *dumper) value(slot, class int32) string {
	switch engine.ValClass(class) {
	case engine.ValVar:
		return name(d.n.Vars, slot, "variable")
	case engine.ValPiece:
		return name(d.n.PieceInts, slot, "piece-attribute")
	case engine.ValPos:
		return name(d.n.PosInts, slot, "position-attribute")
	}
	return "value#" + strconv.Itoa(int(class)) + "." + strconv.Itoa(int(slot))
}

func (d *dumper) kind(k int32) string { return name(d.n.Kinds, k, "kind") }
func (d *dumper) dir(v int32) string  { return name(d.n.Dirs, v, "direction") }
func (d *dumper) pos(v int32) string  { return name(d.n.Locs, v, "position") }

// name returns names[i], or what#i when there is no such name.
func name(names []string, i int32, what string) string {
	if i >= 0 && int(i) < len(names) && names[i] != "" {
		return names[i]
	}
	return what + "#" + strconv.Itoa(int(i))
}

// sexpr returns head alone when there are no arguments and list is false, else the list
// (head args...).
func sexpr(head string, args []string, list bool) string {
	if len(args) == 0 && !list {
		return head
	}
	return "(" + strings.Join(append([]string{head}, args...), " ") + ")"
}
