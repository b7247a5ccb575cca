package eval

// This file is the rewrite pass: it turns the compiled ops of a game (internal/code,
// shared between variants and only read) into the form the run-time executes, a slice
// of fastOps per block, which exec (gen.go), the one loop of the run-time, runs. Every
// list of ops the run-time runs has a general form, made the first time it runs
// (forms.of, kept once per program), so the general path runs this form too; loading a
// game makes none.
//
// Each rewrite rule is written here with the proof that it keeps the moves the compiled
// ops make, and applied only where the proof holds; the test that compares it with the
// general path, rule turned off, is named beside it (docs/architecture.md lists them):
//
//   - Every op: an op keeps its meaning and its place (the general form of a list is
//     one fastOp per op, in order, so the form of ops[i:] is form[i:]). A step, mark,
//     back, jump, opposite, go from, go to, go last-from, go last-to, from, to, cascade,
//     capture, verify, if, while, set-attribute or all-positions has a
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
//     step d) one op (fSlide), and an if whose branches are one add each (or one add
//     and none) one op (fIfAdd). The block runs from fastReset, which sets what reset
//     sets that these ops read. Proof at load: fastOps fails on any other op. In plain
//     ZRF, their pure conditions of the cursor's square or cell alone are then read
//     from tables, as the prefixes' are (tableConds, setCellCond). Compared:
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
//     superinstructions fRay, fSlideRun and fBlockRun of the unit's form, which
//     runUnit runs (a form of nothing else, so exec has no case for them); the proof
//     is beside them. Compared: TestFastUnitsChangeNothing.
//   - Prefixes (prefix.go, UsePrefixes): a block of a plain ZRF game runs without a
//     run set up from its first check (made once for the blocks of a piece that
//     share it): its leading run of steps and pure verifies, then its guards (fGuard),
//     then its tail as fast ops, or set up (fRest); a condition of the cursor's square
//     or cell alone is read from its table (ccLoc, ccCell: test filled them). The proof
//     is at the top of prefix.go. Compared: TestFastPathsChangeNothing,
//     TestGuardsKeepErrors.
//   - Scans (prefix.go, UsePrefixes): a while that walks a line capturing what a cell
//     table names becomes fScan in the form of a prefix's rest; the proof is beside
//     scanOf. Compared: TestFastPathsChangeNothing.

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/zoggo/zoggo/internal/code"
)

// forms is where the general form of each list of ops of a program is kept once made:
// a block's ops, the body or else of an op, an action of the dialect. Loading a game
// makes none (most blocks of most variants never run): the form of a list is made the
// first time the run-time runs it (of), with the forms of the lists within it, and kept
// under the source index of its first op (compile gives every op a source of its own,
// op.At); a list whose first op shares its source with another list's first op (none
// does today) is kept in more. The workspaces of one game run at once (parallel
// search, the server), so the table and its entries are atomic pointers, and a form is
// only read once stored: two runs that make a list's form at once keep the one stored
// first, and either is the same form.
type forms struct {
	n   int // the table's length: len(Program.At)
	tab atomic.Pointer[[]atomic.Pointer[[]fastOp]]
	// more holds the forms whose first op's source is taken in tab by another op; any
	// tells whether it holds one.
	mu   sync.Mutex
	more map[*code.Op]*[]fastOp
	any  atomic.Bool
}

// noForm is the form of no ops.
var noForm = new([]fastOp)

// of returns the general form of the list ops, made now if it is the first time.
func (fs *forms) of(ops []code.Op) *[]fastOp {
	if len(ops) == 0 {
		return noForm
	}
	if f := fs.lookup(&ops[0]); f != nil && len(*f) == len(ops) {
		return f
	}
	return fs.make(ops)
}

// lookup returns the form kept of the list whose first op is o, or nil.
func (fs *forms) lookup(o *code.Op) *[]fastOp {
	if fs == nil {
		return nil
	}
	if t := fs.tab.Load(); t != nil {
		if i := int(o.At); i >= 0 && i < len(*t) {
			if f := (*t)[i].Load(); f != nil && (*f)[0].op == o {
				return f
			}
		}
	}
	if !fs.any.Load() {
		return nil
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.more[o]
}

// keep stores f, the form of a list, unless one is kept already for its first op; it
// returns the one kept. A list of another length than the one kept (none that the
// run-time runs) is not kept: of makes it at each run.
func (fs *forms) keep(f *[]fastOp) *[]fastOp {
	if fs == nil {
		return f
	}
	o := (*f)[0].op
	t := fs.tab.Load()
	if t == nil {
		nt := make([]atomic.Pointer[[]fastOp], fs.n)
		fs.tab.CompareAndSwap(nil, &nt)
		t = fs.tab.Load()
	}
	if i := int(o.At); i >= 0 && i < len(*t) {
		e := &(*t)[i]
		if e.CompareAndSwap(nil, f) {
			return f
		}
		if k := e.Load(); (*k)[0].op == o {
			return k
		}
	}
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if k := fs.more[o]; k != nil {
		return k
	}
	if fs.more == nil {
		fs.more = make(map[*code.Op]*[]fastOp)
	}
	fs.more[o] = f
	fs.any.Store(true)
	return f
}

// make makes the general form of the list ops and of the lists within it in one slab,
// keeps them, and returns the one kept for ops.
func (fs *forms) make(ops []code.Op) *[]fastOp {
	n, lists := countForms(ops)
	b := formBuild{fs: fs, ops: make([]fastOp, 0, n), lists: make([][]fastOp, 0, lists)}
	f := b.general(ops)
	if len(*f) != len(ops) || (*f)[0].op != &ops[0] {
		// Kept for a list of another length that begins with the same op.
		out := b.ops[:len(ops)]
		f = &out
	}
	return f
}

// countForms returns how many fastOps and lists of them the general form of ops takes
// with the lists within it.
func countForms(ops []code.Op) (n, lists int) {
	if len(ops) == 0 {
		return 0, 0
	}
	n, lists = len(ops), 1
	for i := range ops {
		a, b := countForms(ops[i].Body)
		c, d := countForms(ops[i].Else)
		n, lists = n+a+c, lists+b+d
	}
	return n, lists
}

// formBuild makes general forms into slabs sized by countForms.
type formBuild struct {
	fs    *forms
	ops   []fastOp
	lists [][]fastOp
}

// general makes the general form of ops (the first rule above) and of the lists within
// it, keeps each in fs, and returns the one kept for ops.
func (b *formBuild) general(ops []code.Op) *[]fastOp {
	if len(ops) == 0 {
		return noForm
	}
	s := len(b.ops)
	b.ops = b.ops[:s+len(ops)]
	out := b.ops[s : s+len(ops) : s+len(ops)]
	for i := range ops {
		o := &ops[i]
		f := &out[i]
		*f = fastOp{code: opCode(o.Code), op: o, a: o.A, at: o.At}
		switch o.Code {
		case code.OpVerify:
			f.code = fVerify
			f.setCond(o.Cond)
		case code.OpSetAttr:
			f.code = fSetAttr
			f.setCond(o.Cond)
		case code.OpIf:
			f.code = fIf
			f.setCond(o.Cond)
			f.body, f.els = *b.general(o.Body), *b.general(o.Else)
		case code.OpWhile:
			f.code = fWhile
			f.setCond(o.Cond)
			f.body = *b.general(o.Body)
		case code.OpAll:
			f.code = fAll
			f.body = *b.general(o.Body)
		default:
			b.general(o.Body)
			b.general(o.Else)
		}
	}
	b.lists = append(b.lists, out)
	return b.fs.keep(&b.lists[len(b.lists)-1])
}

// initForms finds where g's forms are kept: once per program (code.Program.Forms), as
// variants that share a program share its ops. It makes no form.
func (g *Game) initForms() {
	if g.code == nil {
		return
	}
	p := g.code
	mk := func() any { return &forms{n: len(p.At)} }
	if o := p.Forms; o != nil {
		g.forms = o.Get(mk).(*forms)
		return
	}
	g.forms = mk().(*forms)
}

// run executes the list ops in its general form; it returns false when the block stops.
func (x *gen) run(ops []code.Op) bool {
	form := *x.g.forms.of(ops)
	return x.exec(form, 0, 0) == len(form)
}

// formSlot holds the executable form of a block's ops from one of them on, made the
// first time the block runs them (get) and only read after: a block on the general path
// of a game with fast blocks (fast.go), a prefix's rest (prefix.go), a dialect block's
// rest after its head (dialect_fast.go). It is filled in place: a slot is not copied.
type formSlot struct {
	p atomic.Pointer[[]fastOp]
}

// slotScan is a rewrite of a slot's form: its op i is the scan sc (prefix.go).
type slotScan struct {
	i  int
	sc *scan
}

// get returns the form of ops[from:], with the scans as fScan.
func (s *formSlot) get(g *Game, ops []code.Op, from int, scans []slotScan) []fastOp {
	if f := s.p.Load(); f != nil {
		return *f
	}
	return s.fill(g, ops, from, scans)
}

// fill makes the slot's form from the general form of the list ops.
func (s *formSlot) fill(g *Game, ops []code.Op, from int, scans []slotScan) []fastOp {
	f := g.forms.of(ops)
	if from > 0 || len(scans) > 0 {
		t := (*f)[from:]
		if len(scans) > 0 {
			// The program's form is shared: the rewrite goes into a copy.
			t = slices.Clone(t)
			for _, sc := range scans {
				t[sc.i].code, t[sc.i].aux = fScan, &fastAux{scan: sc.sc}
			}
		}
		f = &t
	}
	s.p.CompareAndSwap(nil, f)
	return *s.p.Load()
}

// opCode is the code of an op that has a code of its own and needs nothing of the
// compiled op but its operand a (fastOp.a): a step, mark, back, jump, opposite, go
// from, go to, go last-from, go last-to, from, to, cascade or capture; fOp for any
// other. The one renaming of those opcodes, for every form that holds them.
func opCode(c code.Opcode) fastCode {
	switch c {
	case code.OpStep:
		return fStep
	case code.OpMark:
		return fMark
	case code.OpBack:
		return fBack
	case code.OpGoLastFrom:
		return fGoLastFrom
	case code.OpGoLastTo:
		return fGoLastTo
	case code.OpCapture:
		return fCapture
	case code.OpJump:
		return fJump
	case code.OpOpposite:
		return fOpposite
	case code.OpGoFrom:
		return fGoFrom
	case code.OpGoTo:
		return fGoTo
	case code.OpFrom:
		return fFrom
	case code.OpTo:
		return fTo
	case code.OpCascade:
		return fCascade
	}
	return fOp
}

// fastOps copies ops into fast ops, or reports false when one of them has none.
func fastOps(ops []code.Op) ([]fastOp, bool) {
	out := make([]fastOp, 0, len(ops))
	for i := range ops {
		o := &ops[i]
		f := fastOp{op: o, a: o.A, at: o.At}
		switch o.Code {
		case code.OpStep, code.OpMark, code.OpBack, code.OpCapture, code.OpGoLastFrom, code.OpGoLastTo:
			f.code = opCode(o.Code)
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
			if len(f.body) == 1 && f.body[0].code == fAdd && (len(f.els) == 0 || len(f.els) == 1 && f.els[0].code == fAdd) {
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
		case code.OpSetAttr:
			f.code = fSetAttr
			f.setCond(o.Cond)
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
