package code

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zoggo/zoggo/engine"
)

// TestDump prints a program that uses every opcode, condition and number form. Compiled
// games are dumped from source in the compile package's tests.
func TestDump(t *testing.T) {
	here := LocArg{}
	east := LocArg{Kind: LocDir, V: 1}
	a1 := LocArg{Kind: LocPos, V: 0}
	back := LocArg{Kind: LocOpposite, V: 1}
	num := func(v int32) *Expr { return &Expr{Code: IntConst, A: v} }
	empty := &Cond{Code: CondEmpty, A: -1}
	p := &Program{
		Flags:    []string{"moved"},
		PosFlags: []string{"seen"},
		Moves: [][]Block{{{Type: engine.NoMoveType, Rule: 0, Ops: []Op{
			{Code: OpStep, A: 0},
			{Code: OpJump, A: 1},
			{Code: OpOpposite, A: 1},
			{Code: OpMark}, {Code: OpBack},
			{Code: OpGoFrom}, {Code: OpGoTo}, {Code: OpGoLastFrom}, {Code: OpGoLastTo},
			{Code: OpVerify, Cond: &Cond{Code: CondAnd, Args: []*Cond{
				{Code: CondTrue}, {Code: CondFalse}, {Code: CondFriend, Neg: true, Loc: east},
				{Code: CondEnemy, Loc: back}, {Code: CondNeutral, Loc: a1},
				{Code: CondEmpty, Loc: LocArg{Kind: LocNowhere}},
			}}},
			{Code: OpIf, Cond: &Cond{Code: CondOr, Args: []*Cond{
				{Code: CondPiece, A: 1, Loc: east}, {Code: CondOnBoard, Loc: east},
				{Code: CondPosition, A: 1}, {Code: CondInZone, A: 0},
			}}, Body: []Op{{Code: OpFrom}, {Code: OpTo}}, Else: []Op{{Code: OpCascade}}},
			{Code: OpWhile, Cond: &Cond{Code: CondNot, Args: []*Cond{{Code: CondMarked}}},
				Body: []Op{{Code: OpIf, Cond: empty, Body: []Op{{Code: OpCapture, Loc: east}}}}},
			{Code: OpVerify, Cond: &Cond{Code: CondAnd, Args: []*Cond{
				{Code: CondLastFrom}, {Code: CondLastTo, Loc: east}, {Code: CondFlag, A: 0},
				{Code: CondPosFlag, A: 0, Loc: east}, {Code: CondAttacked, A: -1},
				{Code: CondDefended, A: 1}, {Code: CondAdjEnemy}, {Code: CondAttr, A: 0, Loc: east},
			}}},
			{Code: OpCreate, A: -1, B: -1},
			{Code: OpCreate, A: 1, B: 1, Loc: a1},
			{Code: OpChangeType, B: 1, Loc: here},
			{Code: OpChangeOwner, Loc: east},
			{Code: OpFlip},
			{Code: OpSetFlag, A: 0, Cond: &Cond{Code: CondTrue}},
			{Code: OpSetPosFlag, A: 0, Cond: &Cond{Code: CondFalse}, Loc: east},
			{Code: OpSetAttr, A: 0, Cond: &Cond{Code: CondTrue}},
			{Code: OpAdd, A: -1},
			{Code: OpAdd, A: -1, B: 1, Kinds: []engine.Kind{1, 0}},
			{Code: OpAdd, A: 0},
			{Code: OpAdd, A: 1, B: 1, Kinds: []engine.Kind{1}},
		}}}, {}},
		Drops: [][]Block{nil, {{Type: 1, Owner: OwnAny, Rule: 1, Ops: []Op{
			{Code: OpSetVal, A: 0, B: int32(engine.ValVar), Expr: &Expr{Code: IntAdd, Args: []*Expr{
				{Code: IntVar, A: 0}, num(1), {Code: IntPiece, A: 0}, {Code: IntPos, A: 0, Loc: east}}}},
			{Code: OpSetVal, A: 0, B: int32(engine.ValPos), Loc: a1, Expr: &Expr{Code: IntSub, Args: []*Expr{
				{Code: IntMul, Args: []*Expr{num(2), num(-3)}},
				{Code: IntDiv, Args: []*Expr{{Code: IntMod, Args: []*Expr{num(7), num(4)}}, num(1)}}}}},
			{Code: OpSetVal, A: 0, B: int32(engine.ValPiece), Expr: &Expr{Code: IntMax, Args: []*Expr{
				{Code: IntMin, Args: []*Expr{{Code: IntCount, Cond: empty}, {Code: IntHeight}}},
				{Code: IntHeight, Loc: east}, {Code: IntParts}, {Code: IntMoves}}}},
			{Code: OpTake, Loc: east}, {Code: OpSelect},
			{Code: OpShift, A: 1},
			{Code: OpCaptureGroup, Loc: east},
			{Code: OpPermute, A: 0},
			{Code: OpCaptureSide, Loc: east},
			{Code: OpSetVal, A: 0, B: int32(engine.ValVar), Expr: &Expr{Code: IntAdd, Args: []*Expr{
				{Code: IntLiberties}, {Code: IntGroup, Loc: east}, {Code: IntArea, A: -1},
				{Code: IntArea, A: 1}, {Code: IntPasses}}}},
			{Code: OpAll, Body: []Op{{Code: OpGoto, A: -1}, {Code: OpGoto, A: 0}, {Code: OpGoto, A: 1}}},
		}}}},
		Perms: []Perm{{{From: 0, To: 1}, {From: 1, To: 0}}},
		Dialect: &Dialect{
			Acts: [][NumActs][]Op{
				{ActPreMove: {{Code: OpVerify, Cond: &Cond{Code: CondConnected}}}},
				{},
				{ActPostPart: {{Code: OpVerify, Cond: &Cond{Code: CondOwn, Loc: east}}},
					ActPostMove: {{Code: OpVerify, Cond: &Cond{Code: CondSelected}}}},
			},
			Checks: []Check{{Cond: &Cond{Code: CondCmp, A: CmpLe, Ints: []*Expr{
				{Code: IntAccMax, A: 0, Args: []*Expr{{Code: IntCaptures, A: -1}}},
				{Code: IntAccMin, A: 1, Args: []*Expr{{Code: IntCaptures, A: 1}}}}}}},
			Formulas: []*Cond{
				{Code: CondCmp, A: CmpNe, Ints: []*Expr{{Code: IntFirst, A: 0}, {Code: IntOrder, A: 1}}},
				{Code: CondCmp, A: CmpGe, Ints: []*Expr{{Code: IntMover, A: 0}, {Code: IntCond, Cond: empty}}},
				{Code: CondToMove},
			},
		},
	}
	names := &Names{
		Kinds:     []string{"Pawn", "Queen"},
		Players:   []string{"White", "Black"},
		Dirs:      []string{"n", "e"},
		Locs:      []string{"a1", "b2"},
		Zones:     []string{"last-rank"},
		Attrs:     []string{"never-moved?"},
		MoveTypes: []string{"jumps", "drops"},
		Rules:     []string{"slide n", "drop-Queen"},
		Labels:    []string{"setup", ""},
		Vars:      []string{"score"},
		PieceInts: []string{"strength"},
		PosInts:   []string{"heat"},
	}
	want := `piece Pawn
  move 1: no type, owner friend, rule 0 "slide n"
    step n
    jump b2
    opposite e
    mark
    back
    go-from
    go-to
    go-last-from
    go-last-to
    verify (and true false (not-friend? e) (enemy? (opposite e)) (neutral? a1) (empty? nowhere))
    if (or (piece? Queen e) (on-board? e) (position? b2) (in-zone? last-rank))
      from
      to
    else
      cascade
    while (not marked?)
      if empty?
        capture e
    verify (and last-from? (last-to? e) (flag? moved) (position-flag? seen e) attacked? (defended? drops) adjacent-to-enemy? (never-moved? e))
    create
    create Black Queen a1
    change-type Queen
    change-owner e
    flip
    set-flag moved true
    set-position-flag seen false e
    set-attribute never-moved? true
    add
    add-copy Queen Pawn
    add-partial jumps
    add-copy-partial Queen drops
piece Queen
  drop 1: type drops, owner any, rule 1 "drop-Queen"
    set score (+ score 1 strength (heat e))
    set heat a1 (- (* 2 -3) (/ (mod 7 4) 1))
    set strength (max (min (count empty?) (height)) (height e) parts moves)
    take-top e
    select
    shift e
    capture-group e
    permute (a1 b2)
    capture-side e
    set score (+ (liberties) (group-size e) (area) (area Black) passes)
    all-positions
      goto again
      goto setup
      goto entry#1
  post-part
    verify (own? e)
  post-move
    verify selected?
game pre-move
  verify connected?
check 1: (<= (accumulate-max (captures)) (accumulate-min (captures Queen)))
formula 0: (!= (first-capture Pawn) (capture-order Queen))
formula 1: (>= (mover Pawn) (if empty?))
formula 2: to-move?
`
	var b strings.Builder
	if err := Dump(&b, p, names); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("Dump mismatch (-want +got):\n%s", d)
	}
	// Every form must be in the program above, so that a new one is printed on purpose.
	consts := enumConsts(t, "code.go")
	u := &used{ops: map[Opcode]bool{}, conds: map[CondCode]bool{}, exprs: map[ExprCode]bool{}, locs: map[LocKind]bool{}}
	for _, bs := range append(p.Moves, p.Drops...) {
		for _, bl := range bs {
			u.opList(bl.Ops)
		}
	}
	for _, acts := range p.Dialect.Acts {
		for _, ops := range acts {
			u.opList(ops)
		}
	}
	for _, c := range p.Dialect.Checks {
		u.cond(c.Cond)
	}
	for _, c := range p.Dialect.Formulas {
		u.cond(c)
	}
	for _, tt := range []struct {
		typ  string
		seen func(i int) bool
	}{
		{"Opcode", func(i int) bool { return u.ops[Opcode(i)] }},
		{"CondCode", func(i int) bool { return u.conds[CondCode(i)] }},
		{"ExprCode", func(i int) bool { return u.exprs[ExprCode(i)] }},
		{"LocKind", func(i int) bool { return u.locs[LocKind(i)] }},
	} {
		for i, c := range consts[tt.typ] {
			if !tt.seen(i) {
				t.Errorf("%s is not in the program of TestDump", c)
			}
		}
	}
}

// used records the forms a program uses.
type used struct {
	ops   map[Opcode]bool
	conds map[CondCode]bool
	exprs map[ExprCode]bool
	locs  map[LocKind]bool
}

func (u *used) opList(ops []Op) {
	for _, o := range ops {
		u.ops[o.Code] = true
		u.locs[o.Loc.Kind] = true
		u.cond(o.Cond)
		u.expr(o.Expr)
		u.opList(o.Body)
		u.opList(o.Else)
	}
}

func (u *used) cond(c *Cond) {
	if c == nil {
		return
	}
	u.conds[c.Code] = true
	u.locs[c.Loc.Kind] = true
	for _, a := range c.Args {
		u.cond(a)
	}
	for _, e := range c.Ints {
		u.expr(e)
	}
}

func (u *used) expr(e *Expr) {
	if e == nil {
		return
	}
	u.exprs[e.Code] = true
	u.locs[e.Loc.Kind] = true
	u.cond(e.Cond)
	for _, a := range e.Args {
		u.expr(a)
	}
}

// TestDumpNoNames checks that numbers without names print as what they are and the
// number.
func TestDumpNoNames(t *testing.T) {
	p := &Program{Moves: [][]Block{{{Type: 0, Rule: 3, Ops: []Op{
		{Code: OpStep, A: 2},
		{Code: OpVerify, Cond: &Cond{Code: CondPiece, A: 4, Loc: LocArg{Kind: LocPos, V: 9}}},
		{Code: OpSetFlag, A: 0, Cond: &Cond{Code: CondInZone, A: 1}},
	}}}}}
	want := `piece kind#0
  move 1: type move-type#0, owner friend, rule 3
    step direction#2
    verify (piece? kind#4 position#9)
    set-flag flag#0 (in-zone? zone#1)
`
	var b strings.Builder
	if err := Dump(&b, p, nil); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("Dump mismatch (-want +got):\n%s", d)
	}
	b.Reset()
	if err := Dump(&b, nil, nil); err != nil || b.String() != "no compiled code\n" {
		t.Errorf("Dump(nil) = %q, %v; want %q", b.String(), err, "no compiled code\n")
	}
}
