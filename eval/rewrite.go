package eval

// This file is the rewrite pass: it turns the compiled ops of a game (internal/code,
// shared between variants and only read) into the form the run-time executes, a slice
// of fastOps per block, which exec (gen.go), the one loop of the run-time, runs. Every
// op of the program has a form (initForms), and x.run finds the form of any slice of
// ops, so the general path runs this form too.
//
// Each rewrite rule is written here with the proof that it keeps the moves the compiled
// ops make, and applied only where the proof holds; the test that compares it with the
// general path, rule turned off, is named beside it (docs/architecture.md lists them):
//
//   - Every op: an op keeps its meaning and its place (the general form of a slice is
//     one fastOp per op, in order, so the form of ops[i:j] is form[i:j]). A step, mark,
//     back, jump, opposite, go from, go to, go last-from, go last-to, from, to, cascade,
//     capture, verify, if, while or set-attribute has a
//     code of its own whose case in exec is the op's own meaning; its condition is
//     classified once (setCond: a test of one cell, a zone, a kind, the last part's
//     squares, an attribute, or any other, which ftest hands to test); every other op
//     is fOp, run by gen.op as written. Proof: the codes are a renaming of the
//     opcodes, and ftest answers as test does for every class setCond chooses.
//     Compared: every test of the run-time (it is the only path).
//   - Fast blocks (fastOps, UseFast): a block whose ops are all steps, tests, ifs,
//     whiles, captures, attribute changes and adds of its own piece (no from, to,
//     cascade, add-copy or dialect op) opens no second movement, so each add makes one
//     move of the piece from where the block started to the cursor: fAdd (fastAdd)
//     builds that move without the movement bookkeeping, a step and the test of the
//     square it lands on are one op (fStepTest), a slide's loop (while empty? add,
//     step d) one op (fSlide), and an if whose branches are one add each one op
//     (fIfAdd). The block runs from fastReset, which sets what reset sets that these
//     ops read. Proof at load: fastOps fails on any other op. Compared:
//     TestFastBlocksChangeNothing, …Dialect.
//   - Shared openings (sharedOps, UseFast): blocks of a piece that begin with the same
//     steps and tests of the cursor's cell run them once; those ops only move the cursor
//     and test, so from the same square they stop the second block where they stopped
//     the first. Compared: TestFastBlocksChangeNothing.
//   - Guards (guardOps, UseUnits): a block on the general path that begins with steps
//     and tests of cells runs them first and is not set up when they stop it: they
//     record nothing and read nothing reset sets up. Compared:
//     TestFastUnitsChangeNothing.
//   - Units (fastray.go, UseUnits): consecutive fast blocks along one line become the
//     superinstructions fRay, fSlideRun and fBlockRun; the proof is beside them.
//     Compared: TestFastUnitsChangeNothing.
//   - Scans (prefix.go, UsePrefixes): a while that walks a line capturing what a cell
//     table names becomes fScan in the form of a prefix's tail; the proof is beside
//     scanOf. Compared: TestFastPathsChangeNothing.

import (
	"github.com/zoggo/zoggo/internal/code"
)

// formAt is where the form of a compiled op is: ops[i].
type formAt struct {
	ops []fastOp
	i   int
}

// forms is where the executable form of each op of a program is. Compile gives every
// op a source of its own (op.At), so the form of an op is found at byAt[op.At]; an op
// that shares its At with another one (none does today) is found in the map more.
type forms struct {
	byAt []formAt
	more map[*code.Op]formAt
	// slab is where the forms are made, one allocation for the program's, sized by
	// countForms; general takes each slice of ops's form from it.
	slab []fastOp
}

// take returns n fastOps for the form of a slice of n ops: from the slab while it
// has room, else new ones.
func (fs *forms) take(n int) []fastOp {
	if fs == nil || len(fs.slab)+n > cap(fs.slab) {
		return make([]fastOp, n)
	}
	i := len(fs.slab)
	fs.slab = fs.slab[:i+n]
	return fs.slab[i : i+n : i+n]
}

// countForms returns how many fastOps the forms of ops and of their bodies take at
// most (general makes one per op, and no more than one per body).
func countForms(ops []code.Op) int {
	n := len(ops)
	for i := range ops {
		n += countForms(ops[i].Body) + countForms(ops[i].Else)
	}
	return n
}

// find returns the form of ops, which must be a slice of ops of the program.
func (fs *forms) find(ops []code.Op) ([]fastOp, bool) {
	if len(ops) == 0 {
		return nil, true
	}
	if fs == nil {
		return nil, false
	}
	o := &ops[0]
	var at formAt
	if i := int(o.At); i >= 0 && i < len(fs.byAt) && fs.byAt[i].ops != nil && fs.byAt[i].ops[fs.byAt[i].i].op == o {
		at = fs.byAt[i]
	} else if a, ok := fs.more[o]; ok {
		at = a
	} else {
		return nil, false
	}
	if at.i+len(ops) > len(at.ops) || at.ops[at.i+len(ops)-1].op != &ops[len(ops)-1] {
		return nil, false
	}
	return at.ops[at.i : at.i+len(ops)], true
}

// add remembers that the form of o is ops[i].
func (fs *forms) add(o *code.Op, ops []fastOp, i int) {
	if j := int(o.At); j >= 0 && j < len(fs.byAt) && (fs.byAt[j].ops == nil || fs.byAt[j].ops[fs.byAt[j].i].op == o) {
		fs.byAt[j] = formAt{ops, i}
		return
	}
	if fs.more == nil {
		fs.more = make(map[*code.Op]formAt)
	}
	fs.more[o] = formAt{ops, i}
}

// initForms finds the executable form of every op of g's program: made once per
// program (code.Program.Forms), as variants that share a program share its ops, and
// never changed after (a rewrite for one game goes into a copy, as initPrefixes does).
func (g *Game) initForms() {
	if g.code == nil {
		return
	}
	if o := g.code.Forms; o != nil {
		p := g.code
		g.forms = o.Get(func() any { return makeForms(p) }).(*forms)
		return
	}
	g.forms = makeForms(g.code)
}

// makeForms makes the executable form of every op of p: the blocks of moves and drops,
// the dialect's actions, and the bodies of every op.
func makeForms(p *code.Program) *forms {
	fs := &forms{byAt: make([]formAt, len(p.At))}
	n := 0
	each := func(f func([]code.Op)) {
		for _, lists := range [][][]code.Block{p.Moves, p.Drops} {
			for _, blocks := range lists {
				for i := range blocks {
					f(blocks[i].Ops)
				}
			}
		}
		if d := p.Dialect; d != nil {
			for k := range d.Acts {
				for _, ops := range d.Acts[k] {
					f(ops)
				}
			}
		}
	}
	each(func(ops []code.Op) { n += countForms(ops) })
	fs.slab = make([]fastOp, 0, n)
	each(func(ops []code.Op) { fs.general(ops) })
	return fs
}

// general returns the general form of ops (the first rule above) and, when fs is not
// nil, remembers there where each op's form is.
func (fs *forms) general(ops []code.Op) []fastOp {
	if len(ops) == 0 {
		return nil
	}
	out := fs.take(len(ops))
	for i := range ops {
		o := &ops[i]
		f := &out[i]
		*f = fastOp{code: fOp, op: o, a: o.A, at: o.At}
		switch o.Code {
		case code.OpStep:
			f.code = fStep
		case code.OpMark:
			f.code = fMark
		case code.OpBack:
			f.code = fBack
		case code.OpGoLastFrom:
			f.code = fGoLastFrom
		case code.OpGoLastTo:
			f.code = fGoLastTo
		case code.OpCapture:
			f.code = fCapture
		case code.OpJump:
			f.code = fJump
		case code.OpOpposite:
			f.code = fOpposite
		case code.OpGoFrom:
			f.code = fGoFrom
		case code.OpGoTo:
			f.code = fGoTo
		case code.OpFrom:
			f.code = fFrom
		case code.OpTo:
			f.code = fTo
		case code.OpCascade:
			f.code = fCascade
		case code.OpVerify:
			f.code = fVerify
			f.setCond(o.Cond)
		case code.OpSetAttr:
			f.code = fSetAttr
			f.setCond(o.Cond)
		case code.OpIf:
			f.code = fIf
			f.setCond(o.Cond)
			f.body, f.els = fs.general(o.Body), fs.general(o.Else)
		case code.OpWhile:
			f.code = fWhile
			f.setCond(o.Cond)
			f.body = fs.general(o.Body)
		default:
			// The bodies of the dialect's ops (all-positions) are run by x.run.
			fs.general(o.Body)
			fs.general(o.Else)
		}
		if fs != nil {
			fs.add(o, out, i)
		}
	}
	return out
}

// formOf returns the executable form of ops, a slice of ops of g's program.
func (g *Game) formOf(ops []code.Op) []fastOp {
	form, ok := g.forms.find(ops)
	if !ok {
		// Ops of no program's form (none the run-time runs today, as
		// TestEveryOpHasAForm checks): made for this run.
		form = (*forms)(nil).general(ops)
	}
	return form
}

// run executes ops in their executable form; it returns false when the block stops.
func (x *gen) run(ops []code.Op) bool {
	form := x.g.formOf(ops)
	return x.exec(form, 0, 0) == len(form)
}

// fastOps copies ops into fast ops, or reports false when one of them has none.
func fastOps(ops []code.Op) ([]fastOp, bool) {
	out := make([]fastOp, 0, len(ops))
	for i := range ops {
		o := &ops[i]
		f := fastOp{op: o, a: o.A, at: o.At}
		switch o.Code {
		case code.OpStep:
			f.code = fStep
		case code.OpVerify:
			f.code = fVerify
			f.setCond(o.Cond)
		case code.OpIf:
			f.code = fIf
			f.setCond(o.Cond)
			var ok bool
			if f.body, ok = fastOps(o.Body); !ok {
				return nil, false
			}
			if o.Else != nil {
				if f.els, ok = fastOps(o.Else); !ok {
					return nil, false
				}
			}
			if len(f.body) == 1 && f.body[0].code == fAdd && len(f.els) == 1 && f.els[0].code == fAdd {
				f.code = fIfAdd
			}
		case code.OpWhile:
			if isSlide(o) {
				a, _ := fastOps(o.Body[:1])
				f.code, f.a, f.add = fSlide, o.Body[1].A, &a[0]
				break
			}
			f.code = fWhile
			f.setCond(o.Cond)
			var ok bool
			if f.body, ok = fastOps(o.Body); !ok {
				return nil, false
			}
		case code.OpAdd:
			if o.B != 0 {
				return nil, false
			}
			f.code = fAdd
		case code.OpMark:
			f.code = fMark
		case code.OpBack:
			f.code = fBack
		case code.OpCapture:
			f.code = fCapture
		case code.OpSetAttr:
			f.code = fSetAttr
			f.setCond(o.Cond)
		case code.OpGoLastFrom:
			f.code = fGoLastFrom
		case code.OpGoLastTo:
			f.code = fGoLastTo
		default:
			return nil, false
		}
		if n := len(out); n > 0 && out[n-1].code == fStep && f.code == fVerify && f.cc >= ccEmpty && f.cc <= ccEnemy && f.dir < 0 {
			// A step and a test of where it lands are one op.
			f.code, f.a = fStepTest, out[n-1].a
			out[n-1] = f
			continue
		}
		out = append(out, f)
	}
	return out, true
}

// guardOps returns the fast ops of the leading steps and verifies of ops whose
// conditions test a cell, a zone or the last part's squares (not ccAny, which may read
// what reset sets up), or nil when there are none. They only move the cursor and test.
func guardOps(ops []code.Op) []fastOp {
	n := 0
	for n < len(ops) && (ops[n].Code == code.OpStep || ops[n].Code == code.OpVerify) {
		n++
	}
	g, ok := fastOps(ops[:n])
	if !ok || len(g) == 0 {
		return nil
	}
	for i := range g {
		if g[i].code == fVerify && g[i].cc == ccAny {
			g = g[:i]
			break
		}
	}
	for len(g) > 0 && g[len(g)-1].code == fStep {
		// Trailing steps stop the block only off the board: not worth guarding.
		g = g[:len(g)-1]
	}
	if len(g) == 0 {
		return nil
	}
	return g
}

// sharedOps returns how many first ops a and b have in common that only move the
// cursor and test it without running other code.
func sharedOps(a, b []fastOp) int {
	n := 0
	for n < len(a) && n < len(b) {
		p, q := &a[n], &b[n]
		switch {
		case p.code == fStep && q.code == fStep && p.a == q.a:
		case (p.code == fVerify || p.code == fStepTest) && q.code == p.code && p.cc != ccAny && p.cc == q.cc &&
			p.neg == q.neg && p.za == q.za && p.a == q.a && p.dir == q.dir:
		default:
			return n
		}
		n++
	}
	return n
}

// isSlide reports whether o is (while empty? add d) with a plain add: the loop of a
// slide.
func isSlide(o *code.Op) bool {
	c := o.Cond
	return c.Code == code.CondEmpty && !c.Neg && c.Loc.Kind == code.LocCursor && !o.Walk &&
		len(o.Body) == 2 && o.Body[0].Code == code.OpAdd && o.Body[0].B == 0 && o.Body[1].Code == code.OpStep
}
