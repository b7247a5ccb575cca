// Package code defines the compiled form of a game's move code: the ops, conditions and
// integer expressions that the compile package produces from move and drop blocks and the
// eval package runs. It holds data and its printing only; it knows nothing of ZRF syntax
// beyond source positions, and nothing of how the code runs.
package code

import (
	"strconv"
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// Opcode says what an Op does. The comment of each constant tells which fields of the Op
// it reads.
type Opcode uint8

const (
	OpStep     Opcode = iota // a: direction
	OpJump                   // a: position
	OpOpposite               // a: direction
	OpMark
	OpBack
	OpGoFrom
	OpGoTo
	OpGoLastFrom
	OpGoLastTo
	OpVerify  // cond
	OpIf      // cond, body, els
	OpWhile   // cond, body
	OpFrom    // start a movement at the cursor
	OpTo      // destination of the open movement
	OpCascade // commit the open movement, start one at the cursor
	OpCapture // loc
	OpCreate  // a: owner or -1 for the side, b: kind, loc
	OpChangeType
	OpChangeOwner // loc
	OpFlip        // loc
	OpSetFlag     // a: flag, cond
	OpSetPosFlag  // a: flag, cond, loc
	OpSetAttr     // a: attribute, cond
	OpAdd         // kinds: promotion choices; a: continuation type or -1; b: 1 for add-copy
	// The dialect's instructions (dialect.go).
	OpSetVal       // a: slot, b: class, loc, ie: the value
	OpTake         // loc: the column whose top piece goes under the moving piece
	OpSelect       // loc: a piece that moves with the group
	OpShift        // a: direction the group steps in
	OpAll          // body: run at every position
	OpGoto         // a: turn-order entry to go on at, -1 for this one again
	OpCaptureGroup // loc: every piece of the group there is captured
	OpPermute      // a: index into Program.Perms: the positions whose contents move
	// Splut (issue 14).
	OpCaptureSide // loc: every piece of the owner of the piece there is captured where the part leaves it
)

// opNames are the names of the opcodes, the ZRF keywords they come from where there is one.
var opNames = [...]string{
	OpStep:         "step",
	OpJump:         "jump",
	OpOpposite:     "opposite",
	OpMark:         "mark",
	OpBack:         "back",
	OpGoFrom:       "go-from",
	OpGoTo:         "go-to",
	OpGoLastFrom:   "go-last-from",
	OpGoLastTo:     "go-last-to",
	OpVerify:       "verify",
	OpIf:           "if",
	OpWhile:        "while",
	OpFrom:         "from",
	OpTo:           "to",
	OpCascade:      "cascade",
	OpCapture:      "capture",
	OpCreate:       "create",
	OpChangeType:   "change-type",
	OpChangeOwner:  "change-owner",
	OpFlip:         "flip",
	OpSetFlag:      "set-flag",
	OpSetPosFlag:   "set-position-flag",
	OpSetAttr:      "set-attribute",
	OpAdd:          "add",
	OpSetVal:       "set",
	OpTake:         "take-top",
	OpSelect:       "select",
	OpShift:        "shift",
	OpAll:          "all-positions",
	OpGoto:         "goto",
	OpCaptureGroup: "capture-group",
	OpPermute:      "permute",
	OpCaptureSide:  "capture-side",
}

// String returns the opcode's name, or Opcode(N) for a value without one.
func (o Opcode) String() string {
	if int(o) < len(opNames) && opNames[o] != "" {
		return opNames[o]
	}
	return "Opcode(" + strconv.Itoa(int(o)) + ")"
}

// LocKind says how a location argument is given.
type LocKind uint8

const (
	LocCursor   LocKind = iota // no argument: the cursor
	LocDir                     // v: a direction from the cursor (symmetry applied)
	LocPos                     // v: a position
	LocOpposite                // v: the opposite of a direction, from the cursor
	LocNowhere                 // off the board: a direction of the file that this board lacks
)

var locKindNames = [...]string{
	LocCursor:   "cursor",
	LocDir:      "direction",
	LocPos:      "position",
	LocOpposite: "opposite",
	LocNowhere:  "nowhere",
}

// String returns the kind's name, or LocKind(N) for a value without one.
func (k LocKind) String() string {
	if int(k) < len(locKindNames) && locKindNames[k] != "" {
		return locKindNames[k]
	}
	return "LocKind(" + strconv.Itoa(int(k)) + ")"
}

// LocArg is a location argument of an op, a condition or a number.
type LocArg struct {
	Kind LocKind
	V    int32
}

// Op is one compiled instruction.
type Op struct {
	Code  Opcode
	A, B  int32
	Loc   LocArg
	Cond  *Cond
	Body  []Op
	Else  []Op
	Kinds []engine.Kind
	Expr  *Expr
	At    int32 // index into Game.at: the source of the instruction, for run-time errors
	// Walk marks a while op that only walks the board recording effects a capture test
	// ignores (set by MarkWalks; see walk.go).
	Walk bool
}

// CondCode says what a Cond tests.
type CondCode uint8

const (
	CondTrue CondCode = iota
	CondFalse
	CondEmpty
	CondFriend
	CondEnemy
	CondNeutral
	CondPiece    // a: kind
	CondOnBoard  //
	CondPosition // a: position (always the cursor)
	CondInZone   // a: zone
	CondMarked
	CondLastFrom
	CondLastTo
	CondFlag    // a: flag
	CondPosFlag // a: flag
	CondAttacked
	CondDefended // a: move type or -1
	CondAdjEnemy
	CondAttr // a: attribute number
	CondAnd
	CondOr
	CondNot
	// The dialect's conditions (dialect.go).
	CondCmp       // a: comparison, ints: the two numbers
	CondOwn       // the piece at loc belongs to the player making the turn
	CondSelected  // loc is where a selected piece now stands
	CondConnected // the side's pieces form one group
	CondToMove    // the player making the turn (a goal's player) is the one to move in the state
)

// condNames are the names of the conditions, the ZRF keywords they come from where there
// is one.
var condNames = [...]string{
	CondTrue:      "true",
	CondFalse:     "false",
	CondEmpty:     "empty?",
	CondFriend:    "friend?",
	CondEnemy:     "enemy?",
	CondNeutral:   "neutral?",
	CondPiece:     "piece?",
	CondOnBoard:   "on-board?",
	CondPosition:  "position?",
	CondInZone:    "in-zone?",
	CondMarked:    "marked?",
	CondLastFrom:  "last-from?",
	CondLastTo:    "last-to?",
	CondFlag:      "flag?",
	CondPosFlag:   "position-flag?",
	CondAttacked:  "attacked?",
	CondDefended:  "defended?",
	CondAdjEnemy:  "adjacent-to-enemy?",
	CondAttr:      "attribute",
	CondAnd:       "and",
	CondOr:        "or",
	CondNot:       "not",
	CondCmp:       "compare",
	CondOwn:       "own?",
	CondSelected:  "selected?",
	CondConnected: "connected?",
	CondToMove:    "to-move?",
}

// String returns the condition's name, or CondCode(N) for a value without one.
func (c CondCode) String() string {
	if int(c) < len(condNames) && condNames[c] != "" {
		return condNames[c]
	}
	return "CondCode(" + strconv.Itoa(int(c)) + ")"
}

// Comparisons of a CondCmp, in Cond.A.
const (
	CmpEq int32 = iota
	CmpNe
	CmpLt
	CmpLe
	CmpGt
	CmpGe
)

// Cond is a compiled condition. Neg inverts a predicate (the not- forms).
type Cond struct {
	Code CondCode
	Neg  bool
	A    int32
	Loc  LocArg
	Args []*Cond
	Ints []*Expr
}

// Program is the compiled moves and drops of a game.
type Program struct {
	Moves     [][]Block // per kind
	Drops     [][]Block
	Flags     []string
	PosFlags  []string
	At        []Source
	Promoted  []bool // kinds that are the target of a promotion
	Attackers bool   // some condition uses attacked? or defended?
	Dialect   *Dialect
	// Perms are the permutations of the dialect's permute instructions, in the order
	// compiled: Perms[i] is pairs of positions, each From whose contents go To.
	Perms []Perm
	// Walks is true once MarkWalks has marked the program's ops (walk.go).
	Walks bool
	// Forms is where the run-time keeps the executable form it makes from the ops
	// (eval/rewrite.go), once for every game that runs them: a Program made from
	// another one's ops (compile/share.go) keeps the same Forms. Nil: each game makes
	// its own.
	Forms *Once
}

// Once holds a value made once, the first time it is asked for, and only read after.
type Once struct {
	once sync.Once
	v    any
}

// Get returns the value, made by mk if it is the first call.
func (o *Once) Get(mk func() any) any {
	o.once.Do(func() { o.v = mk() })
	return o.v
}

// Perm is a permutation of positions: the contents of each From go to its To. Every
// position appears once as a From and once as a To.
type Perm []PermPair

// PermPair is one position of a permutation and where its contents go.
type PermPair struct{ From, To engine.Loc }

// Block is one compiled move or drop block of a piece type.
type Block struct {
	Owner uint8 // OwnFriend, OwnAny or OwnEnemy: whose pieces of the type it moves
	Type  engine.MoveType
	Rule  int32
	Ops   []Op
}

// Source is where an instruction was written, and the macro expansions that brought it
// there.
type Source struct {
	Pos  zrf.Pos
	Site *zrf.Site
}

// Action kinds.
const (
	ActPrePart = iota
	ActPostPart
	ActPreMove
	ActPostMove
	NumActs
)

// Dialect is the compiled dialect part of a program.
type Dialect struct {
	Acts     [][NumActs][]Op // [kind+1], index 0 global
	HasAct   [NumActs]bool
	Checks   []Check
	Formulas []*Cond
	AnyOwner []bool // kinds with blocks that move pieces of any owner
	NumAcc   int
}

// Check is a compiled (check CONDITION) of the dialect.
type Check struct {
	Cond *Cond
	Acc  []*Expr // the accumulators the condition uses
	At   int32
}

// Expr is a compiled integer expression.
type Expr struct {
	Code ExprCode
	A    int32
	Loc  LocArg
	Args []*Expr
	Cond *Cond
	At   int32 // source of a count, for run-time errors
}

// ExprCode says how an Expr computes its number.
type ExprCode uint8

const (
	IntConst ExprCode = iota
	IntVar            // a: variable
	IntPiece          // a: integer piece attribute, loc
	IntPos            // a: position attribute, loc
	IntAdd
	IntSub
	IntMul
	IntDiv
	IntMod
	IntMax
	IntMin
	IntCount    // cond: positions where it holds
	IntHeight   // loc: pieces under the top piece
	IntCaptures // a: kind or -1; pieces the turn captures
	IntFirst    // a: kind; ordinal of the first captured piece of that kind, 1000 if none
	IntOrder    // a: kind; larger when pieces of that kind are captured earlier
	IntMover    // a: kind; 1 when the turn moves a piece of that kind
	IntParts    // parts of the turn
	IntAccMax   // a: accumulator; args[0]: the value
	IntAccMin
	IntCond      // cond: 1 or 0
	IntMoves     // legal turns of the player to move
	IntLiberties // loc: empty positions next to the group there
	IntGroup     // loc: pieces of the group there
	IntArea      // a: player, or -1 for the side; its pieces and the empty regions only they border
	IntPasses    // passes in a row that led to the position
)

// exprNames are the names of the number forms, the dialect's keywords where there is one.
var exprNames = [...]string{
	IntConst:     "const",
	IntVar:       "variable",
	IntPiece:     "piece-attribute",
	IntPos:       "position-attribute",
	IntAdd:       "+",
	IntSub:       "-",
	IntMul:       "*",
	IntDiv:       "/",
	IntMod:       "mod",
	IntMax:       "max",
	IntMin:       "min",
	IntCount:     "count",
	IntHeight:    "height",
	IntCaptures:  "captures",
	IntFirst:     "first-capture",
	IntOrder:     "capture-order",
	IntMover:     "mover",
	IntParts:     "parts",
	IntAccMax:    "accumulate-max",
	IntAccMin:    "accumulate-min",
	IntCond:      "if",
	IntMoves:     "moves",
	IntLiberties: "liberties",
	IntGroup:     "group-size",
	IntArea:      "area",
	IntPasses:    "passes",
}

// String returns the number form's name, or ExprCode(N) for a value without one.
func (e ExprCode) String() string {
	if int(e) < len(exprNames) && exprNames[e] != "" {
		return exprNames[e]
	}
	return "ExprCode(" + strconv.Itoa(int(e)) + ")"
}

// Whose pieces a block moves.
const (
	OwnFriend uint8 = iota
	OwnAny
	OwnEnemy
)
