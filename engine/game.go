// Package engine holds a game as the rest of zoggo runs it: the compiled model of the rules
// and the state of a game in progress.
//
// The model is a Game: its board (positions, directions, flat neighbour tables with each
// player's symmetry applied, zones as bitsets), players, piece types and their attributes,
// setup and off-board stock, turn order, options and goals, with every name resolved to a
// small integer (Loc, Dir, Player, Kind, MoveType). Games in the zoggo-1 dialect add an Ext:
// integer values and columns of pieces. The eval package compiles rules files into a Game;
// once compiled it is only read, so it may be shared by any number of goroutines.
//
// The state is a State: packed cells, stock counts, the turn-order entry, the piece that
// must continue a turn, the eliminated players, the dialect's values and columns, and an
// incremental Zobrist hash (FullHash recomputes it). A Move is one part of a turn, a list
// of Changes; Game.Apply makes them in place, in fixed groups (see Op), and Advance, SetCont
// and Eliminate move the turn order on. There is no undo log: a caller that needs the state
// before a move keeps a copy (Clone, CopyFrom). Apply is the hot path of perft and search:
// it checks nothing and trusts the indices in a Move, which only the compiler and the move
// generator make.
//
// engine knows nothing of ZRF syntax, generates no moves and evaluates no goals (eval does
// both), and draws nothing (render does). It imports only the standard library.
package engine

import "sync"

// Loc is a board position, an index into Board.Locs.
type Loc int32

// Dir is a direction, an index into Board.Dirs.
type Dir int32

// Player is a seat, an index into Game.Players.
type Player int32

// Kind is a piece type, an index into Game.Pieces.
type Kind int32

// MoveType is a move type, an index into Game.MoveTypes.
type MoveType int32

// Invalid values for the index types.
const (
	NoLoc      Loc      = -1
	NoDir      Dir      = -1
	NoPlayer   Player   = -1
	NoKind     Kind     = -1
	NoMoveType MoveType = -1
)

// Game is one playable game or variant of a rules file.
type Game struct {
	Title       string
	Variant     bool // declared by a variant form (inherits from a game)
	Default     bool // marked (default)
	Description string
	History     string
	Strategy    string

	Players        []PlayerInfo
	TurnOrder      TurnOrder
	MoveTypes      []string
	MovePriorities []MoveType

	Board  *Board
	Pieces []*Piece
	Setup  []Placement // pieces on the board at the start, in setup order
	Stock  []Stock     // off-board counts at the start

	Options Options
	Goals   []Goal

	// Engine is the plug-in named by (engine "..."), usually an Axiom DLL. Such a game
	// loads its board and pieces, but its moves are written in Forth and cannot run.
	Engine string

	UI UI

	// Ext is the extra state of a game written in the extended dialect, or nil.
	Ext *Ext
	// Semantics are the points where the zoggo-1 dialect runs moves otherwise than plain
	// ZRF; the compiler sets them from the file's (version ...) form, and the run-time
	// reads these fields, never the version.
	Semantics Semantics

	// Rules are the move-list entries that produce moves (Move.Rule indexes them).
	Rules []Rule
	// AttrNames numbers every attribute name of every piece type, game-wide; AttrIndex
	// maps [kind][attribute of the piece] to that number. Prepare fills them.
	AttrNames []string
	AttrIndex [][]int

	// Off turns shortcuts of this package off (shortcut.go), for tests that compare
	// them with the general path; zero, every shortcut on. Set it before the game is
	// used, never while states of it are being made.
	Off Shortcut

	attrDefaults []uint32
	z            *Zobrist
	zobristOnce  sync.Once
}

// PlayerInfo describes one seat.
type PlayerInfo struct {
	Name   string
	Random bool // the name starts with "?": a computer seat that moves at random
}

// TurnOrder is the sequence of turns. After the last entry, play continues at Repeat
// (0 when the rules have no repeat: the whole list loops).
type TurnOrder struct {
	Entries []TurnEntry
	Repeat  int
	// Labels name entries (the dialect's (label NAME)); a move can send the turn order
	// to one with (goto NAME).
	Labels map[string]int
}

// TurnEntry is one turn: Mover chooses the move, which is generated for Side (its pieces,
// zones and symmetry). Type, when not NoMoveType, restricts the turn to that move type.
type TurnEntry struct {
	Mover Player
	Side  Player
	Type  MoveType
}

// Placement is one piece of the initial setup.
type Placement struct {
	Player Player
	Kind   Kind
	Loc    Loc
	Stack  bool // goes on top of what the setup put there before (the dialect's stacks)
}

// Stock is an off-board count of one piece type of one player.
type Stock struct {
	Player Player
	Kind   Kind
	N      int
}

// Piece is a piece type.
type Piece struct {
	Name        string
	Help        string
	Description string
	Notation    string
	Images      map[Player][]string
	Attrs       []Attr
	HasMoves    bool
	HasDrops    bool
	Dummy       bool // a helper piece the user is not offered
	Value       int  // the dialect's (value N): the piece's worth in the rules' points (0: not stated)
}

// Attr is a boolean piece attribute with its default.
type Attr struct {
	Name    string
	Default bool
}

// PassMode is the value of the "pass turn" option.
type PassMode uint8

// Values of "pass turn".
const (
	PassNever  PassMode = iota // false
	PassAlways                 // true: a pass is always legal
	PassForced                 // forced (or 2): a pass only when nothing else is legal
)

var passNames = [...]string{PassNever: "false", PassAlways: "true", PassForced: "forced"}

func (m PassMode) String() string { return passNames[m] }

// Options are the options that change the rules, plus every option as written.
type Options struct {
	PassTurn         PassMode
	PassPartial      bool
	MaximalCaptures  int // 0 false, 1 true, 2 (also count promoted pieces)
	RecycleCaptures  bool
	IncludeOffPieces bool
	All              map[string]string // every option by name, value as written
}

// GoalKind says what a goal does when its condition holds.
type GoalKind uint8

// The goal kinds.
const (
	WinGoal GoalKind = iota
	LossGoal
	DrawGoal
	CountGoal
)

var goalNames = [...]string{WinGoal: "win", LossGoal: "loss", DrawGoal: "draw", CountGoal: "count"}

func (k GoalKind) String() string { return goalNames[k] }

// Goal is a win, loss, draw or count condition for some players.
type Goal struct {
	Kind    GoalKind
	Players []Player
	Cond    *Cond
	// Result names the kind of result (the dialect's (result NAME), e.g. mate); Priority
	// decides between goals that hold at once (the highest wins; 0 by default).
	Result   string
	Priority int
}

// CondOp is the operator of a goal condition.
type CondOp uint8

// Goal condition operators.
const (
	CondStalemated CondOp = iota
	CondCheckmated
	CondCaptured
	CondPiecesRemaining
	CondTotalPieceCount
	CondAbsoluteConfig
	CondRelativeConfig
	CondRepetition
	CondAnd
	CondOr
	CondNot
	CondFormula // the dialect: a move-code condition, number N of the game's formulas
)

var condNames = [...]string{
	CondStalemated: "stalemated", CondCheckmated: "checkmated", CondCaptured: "captured",
	CondPiecesRemaining: "pieces-remaining", CondTotalPieceCount: "total-piece-count",
	CondAbsoluteConfig: "absolute-config", CondRelativeConfig: "relative-config",
	CondRepetition: "repetition", CondAnd: "and", CondOr: "or", CondNot: "not", CondFormula: "formula",
}

func (op CondOp) String() string { return condNames[op] }

// Owner says whose pieces a config item matches.
type Owner uint8

// Owners of config items.
const (
	OwnSelf     Owner = iota // the player the goal is evaluated for
	OwnOpponent              // (opponent T)
	OwnAny                   // (any-owner T)
	OwnSelfNot               // (not T): the player's pieces of any other type
)

// ConfigItem is a piece pattern of absolute-config.
type ConfigItem struct {
	Owner Owner
	Kind  Kind
}

// Cond is a goal condition.
type Cond struct {
	Op    CondOp
	N     int          // pieces-remaining, total-piece-count
	Kinds []Kind       // checkmated, captured, pieces-remaining, total-piece-count; relative-config types
	Items []ConfigItem // absolute-config
	Locs  []Loc        // absolute-config: positions (zones are kept in Zones)
	Zones []int        // absolute-config: zone indices, resolved per player
	Dirs  []Dir        // relative-config: Dirs[i] leads from Kinds[i] to Kinds[i+1]
	Args  []*Cond      // and, or, not
}

// UI holds what only a user interface needs.
type UI struct {
	Sounds   map[string]string // keyword (move-sound, ...) to file name
	Music    string
	Solution string
	Version  string
}

// PlayerIndex returns the seat named name, or NoPlayer.
func (g *Game) PlayerIndex(name string) Player {
	for i, p := range g.Players {
		if p.Name == name {
			return Player(i)
		}
	}
	return NoPlayer
}

// KindIndex returns the piece type named name, or NoKind.
func (g *Game) KindIndex(name string) Kind {
	for i, p := range g.Pieces {
		if p.Name == name {
			return Kind(i)
		}
	}
	return NoKind
}

// MoveTypeIndex returns the move type named name, or NoMoveType.
func (g *Game) MoveTypeIndex(name string) MoveType {
	for i, t := range g.MoveTypes {
		if t == name {
			return MoveType(i)
		}
	}
	return NoMoveType
}

// Semantics names each point where the zoggo-1 dialect runs moves otherwise than plain
// ZRF. Plain ZRF follows what Zillions did, as its saved games show; the dialect follows
// the language as documented (docs/dialect.md). All are false for plain ZRF and true for
// the dialect.
type Semantics struct {
	// KeepEffects: the effects a move block records before an add (captures, flags,
	// value changes) belong to every later move of the same run. Plain ZRF gives them to
	// that move only: Shafran's and Dameo's flying kings capture at one landing square
	// and only mark at the next, and Zillions saved the later move without the capture.
	KeepEffects bool
	// MergeChains: a turn of one part made by add-partial counts as a chain when turns
	// that reach the same position by different paths are merged (with "pass partial" a
	// chain may stop after its first jump). Plain ZRF keeps it apart, as Ko Shogi's
	// move counts show.
	MergeChains bool
	// DropNullTurns: a compound move that comes back to the position where the turn
	// began changes nothing and is not a move (a man jumping over a friend and back, in
	// Ossetian Kena). Plain ZRF keeps it: a Chu or Tenjiku Shogi lion may pass by moving
	// out and back.
	DropNullTurns bool
	// ImmediateValues: a value (variable or position attribute) that a part sets is read
	// back by the rest of that part at once, instead of as it was when the part began.
	// Only the dialect's (immediate-values) sets it; a sowing loop counts with it.
	ImmediateValues bool
}
