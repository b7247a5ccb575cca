package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// lineGame returns a game on a row of five positions a to e, with the given players
// (White and Black when none are given; a name starting with "?" is a random seat) and two
// piece types: Man, whose attribute "crowned" (bit 0) is off at first, and King, whose
// attribute "royal" (bit 1) is on. Every player has one turn-order entry. It is
// enginetest.LineGame for the tests inside the package, which cannot import that one.
func lineGame(players ...string) *Game {
	if len(players) == 0 {
		players = []string{"White", "Black"}
	}
	b := &Board{}
	for i := range 5 {
		b.Locs = append(b.Locs, LocInfo{Name: string(rune('a' + i)), Grid: -1})
	}
	b.Index()
	g := &Game{Title: "line", Board: b}
	for i, p := range players {
		g.Players = append(g.Players, PlayerInfo{Name: p, Random: strings.HasPrefix(p, "?")})
		g.TurnOrder.Entries = append(g.TurnOrder.Entries, TurnEntry{Mover: Player(i), Side: Player(i), Type: NoMoveType})
	}
	g.Pieces = []*Piece{
		{Name: "Man", Attrs: []Attr{{Name: "crowned"}}},
		{Name: "King", Attrs: []Attr{{Name: "royal", Default: true}}},
	}
	g.Prepare()
	return g
}

// recycleGame is lineGame with captured pieces going back to their owner's stock.
func recycleGame() *Game {
	g := lineGame()
	g.Options.RecycleCaptures = true
	return g
}

// extGame is lineGame in the dialect: a variable "score", an integer piece attribute
// "power" (3 for a new Man, 5 for a new King), a position attribute "heat" and columns of
// up to two pieces under the top one.
func extGame() *Game {
	g := lineGame()
	g.Ext = &Ext{
		Vars:      []IntVar{{Name: "score"}},
		PieceInts: []IntAttr{{Name: "power", Default: []int32{3, 5}}},
		PosInts:   []IntVar{{Name: "heat"}},
		StackCap:  2,
	}
	g.Semantics = Semantics{KeepEffects: true, MergeChains: true, DropNullTurns: true}
	g.Prepare()
	return g
}

// piece reads a piece written as the tests write them: M for a Man and K for a King,
// upper case for the first player and lower case for the second, a digit in front for the
// third on ("2M"), then * when "crowned" is set and ! when "royal" is.
func piece(tok string) Cell {
	p := Player(0)
	if tok[0] >= '0' && tok[0] <= '9' {
		p, tok = Player(tok[0]-'0'), tok[1:]
	} else if tok[0] >= 'a' && tok[0] <= 'z' {
		p = 1
	}
	k := Kind(0)
	if strings.ToUpper(tok[:1]) == "K" {
		k = 1
	}
	var attrs uint32
	if strings.Contains(tok, "*") {
		attrs |= 1
	}
	if strings.Contains(tok, "!") {
		attrs |= 2
	}
	return MakeCell(p, k, attrs)
}

// token writes a cell as piece reads it, "." when empty.
func token(c Cell) string {
	if c.IsEmpty() {
		return "."
	}
	s := "MK"[c.Kind() : c.Kind()+1]
	switch p := c.Player(); {
	case p == 1:
		s = strings.ToLower(s)
	case p >= 2:
		s = fmt.Sprint(p) + s
	}
	if c.Attr(0) {
		s += "*"
	}
	if c.Attr(1) {
		s += "!"
	}
	return s
}

// cells reads a row of five positions, tokens separated by spaces.
func cells(t *testing.T, row string) []Cell {
	t.Helper()
	toks := strings.Fields(row)
	if len(toks) != 5 {
		t.Fatalf("row %q has %d positions, want 5", row, len(toks))
	}
	out := make([]Cell, len(toks))
	for i, tok := range toks {
		if tok != "." {
			out[i] = piece(tok)
		}
	}
	return out
}

// dump writes what a move can change in s: the cells, the stock ([player*kinds+kind],
// -1 for none), and for the dialect the values that are not zero, the columns and the
// turn-order jump.
func dump(g *Game, s *State) string {
	var toks []string
	for _, c := range s.Cells {
		toks = append(toks, token(c))
	}
	out := strings.Join(toks, " ") + fmt.Sprintf(" | stock %v", s.Stock)
	if g.Ext == nil {
		return out
	}
	var ext []string
	for i, v := range g.Ext.Vars {
		if x := g.Val(s, ValVar, i, 0); x != 0 {
			ext = append(ext, fmt.Sprintf("%s=%d", v.Name, x))
		}
	}
	for l, info := range g.Board.Locs {
		for i, a := range g.Ext.PieceInts {
			if x := g.Val(s, ValPiece, i, Loc(l)); x != 0 {
				ext = append(ext, fmt.Sprintf("%s.%s=%d", info.Name, a.Name, x))
			}
		}
		for i, a := range g.Ext.PosInts {
			if x := g.Val(s, ValPos, i, Loc(l)); x != 0 {
				ext = append(ext, fmt.Sprintf("%s.%s=%d", info.Name, a.Name, x))
			}
		}
		if under := g.Under(s, Loc(l)); len(under) > 0 {
			var col []string
			for _, c := range under {
				col = append(col, token(c))
			}
			ext = append(ext, fmt.Sprintf("%s:[%s]", info.Name, strings.Join(col, " ")))
		}
	}
	if s.Jump != 0 {
		ext = append(ext, fmt.Sprintf("jump=%d", s.Jump))
	}
	if len(ext) > 0 {
		out += " | " + strings.Join(ext, " ")
	}
	return out
}

// at returns the position named by a letter of the row.
func at(name string) Loc { return Loc(name[0] - 'a') }

// Changes of the test moves, one helper per kind of change.
func mv(from, to string) Change { return Change{Op: OpMove, From: at(from), To: at(to)} }
func cp(from, to string) Change { return Change{Op: OpCopy, From: at(from), To: at(to)} }
func drop(p Player, k Kind, to string) Change {
	return Change{Op: OpDrop, Player: p, Kind: k, To: at(to)}
}
func create(p Player, k Kind, to string) Change {
	return Change{Op: OpCreate, Player: p, Kind: k, To: at(to)}
}
func capture(to string) Change         { return Change{Op: OpCapture, To: at(to)} }
func typ(to string, k Kind) Change     { return Change{Op: OpType, Kind: k, To: at(to)} }
func owner(to string, p Player) Change { return Change{Op: OpOwner, Player: p, To: at(to)} }
func flip(to string) Change            { return Change{Op: OpFlip, To: at(to)} }
func attr(to string, i int, v bool) Change {
	return Change{Op: OpAttr, Attr: uint8(i), Val: v, To: at(to)}
}
func take(from, to string) Change { return Change{Op: OpTake, From: at(from), To: at(to)} }

// val sets value 0 of class ValVar, ValPiece or ValPos (at to) to v; with ValTurn it sends
// the turn order to entry v after the turn.
func val(class ValClass, to string, v int32) Change {
	return Change{Op: OpVal, Class: class, Value: v, To: at(to)}
}

// move returns a part that makes the changes cs.
func move(cs ...Change) *Move {
	return &Move{Changes: cs, Type: NoMoveType, Cont: NoMoveType}
}

// applyCase is one row of TestApply: a position, a move made on it and the result.
type applyCase struct {
	group string
	name  string
	game  func() *Game // lineGame when nil
	cells string
	stock []int32           // the start stock; nil keeps the rules' (none: unlimited)
	under map[string]string // columns, for the dialect
	move  *Move
	want  string // dump of the result
}

// Stocks of the two-player games, [White Man, White King, Black Man, Black King].
const unlimited = "stock [-1 -1 -1 -1]"

// applyCases follow the groups in which Apply makes a move's changes: movements (all at
// once), then drops and creates, then captures, then type and owner changes, then
// attributes, then the dialect's columns and values.
var applyCases = []applyCase{
	// 1. Movements.
	{group: "move", name: "to an empty square", cells: "M . . . .", move: move(mv("a", "c")),
		want: ". . M . . | " + unlimited},
	{group: "move", name: "onto a piece, which it displaces", cells: "M . m . .", move: move(mv("a", "c")),
		want: ". . M . . | " + unlimited},
	{group: "move", name: "attributes travel with the piece", cells: "M* . . . .", move: move(mv("a", "c")),
		want: ". . M* . . | " + unlimited},
	{group: "move", name: "copy keeps the source", cells: "K! . . . .", move: move(cp("a", "c")),
		want: "K! . K! . . | " + unlimited},
	{group: "move", name: "a swap is simultaneous", cells: "M m . . .", move: move(mv("a", "b"), mv("b", "a")),
		want: "m M . . . | " + unlimited},
	{group: "move", name: "a chain is simultaneous", cells: "M m . . .", move: move(mv("b", "c"), mv("a", "b")),
		want: ". M m . . | " + unlimited},
	{group: "move", name: "a displaced piece is recycled", game: recycleGame, cells: "M . m . .",
		move: move(mv("a", "c")), want: ". . M . . | stock [-1 -1 1 -1]"},

	// 2. Drops and creates.
	{group: "drop", name: "takes one from stock, with default attributes", stock: []int32{0, 0, 0, 2},
		cells: ". . . . .", move: move(drop(1, 1, "c")), want: ". . k! . . | stock [0 0 0 1]"},
	{group: "drop", name: "the last piece of a stock", stock: []int32{1, 0, 0, 0},
		cells: ". . . . .", move: move(drop(0, 0, "a")), want: "M . . . . | stock [0 0 0 0]"},
	{group: "drop", name: "unlimited without a stock entry", cells: ". . . . .", move: move(drop(0, 0, "b")),
		want: ". M . . . | " + unlimited},
	{group: "drop", name: "create leaves the stock alone", stock: []int32{0, 0, 0, 2},
		cells: ". . . . .", move: move(create(1, 1, "c")), want: ". . k! . . | stock [0 0 0 2]"},
	{group: "drop", name: "onto a piece, which is recycled", game: recycleGame, stock: []int32{0, 0, 1, 0},
		cells: ". . M . .", move: move(drop(1, 0, "c")), want: ". . m . . | stock [1 0 0 0]"},
	{group: "drop", name: "after movements", cells: "M . . . .", move: move(drop(1, 0, "c"), mv("a", "c")),
		want: ". . m . . | " + unlimited},

	// 3. Captures.
	{group: "capture", name: "empties a square", cells: "M . m . .", move: move(capture("c")),
		want: "M . . . . | " + unlimited},
	{group: "capture", name: "of an empty square changes nothing", cells: "M . . . .", move: move(capture("c")),
		want: "M . . . . | " + unlimited},
	{group: "capture", name: "a jump", cells: "M m . . .", move: move(mv("a", "c"), capture("b")),
		want: ". . M . . | " + unlimited},
	{group: "capture", name: "after movements: the piece that lands is taken", cells: "M . . . .",
		move: move(capture("c"), mv("a", "c")), want: ". . . . . | " + unlimited},
	{group: "capture", name: "after drops", cells: ". . . . .", move: move(capture("b"), drop(0, 1, "b")),
		want: ". . . . . | " + unlimited},
	{group: "capture", name: "recycled to the owner's stock", game: recycleGame, cells: "M . k! . .",
		move: move(capture("c")), want: "M . . . . | stock [-1 -1 -1 1]"},

	// 4. Type and owner changes.
	{group: "type", name: "promotion keeps owner and attributes", cells: "m* . . . .", move: move(typ("a", 1)),
		want: "k* . . . . | " + unlimited},
	{group: "type", name: "after movements: the piece that arrives", cells: "M . . . .",
		move: move(typ("c", 1), mv("a", "c")), want: ". . K . . | " + unlimited},
	{group: "type", name: "after drops", cells: ". . . . .", move: move(typ("c", 1), drop(0, 0, "c")),
		want: ". . K . . | " + unlimited},
	{group: "type", name: "after captures: nothing to change", cells: "M . . . .",
		move: move(typ("a", 1), capture("a")), want: ". . . . . | " + unlimited},
	{group: "type", name: "of an empty square changes nothing", cells: ". . . . .", move: move(typ("c", 1)),
		want: ". . . . . | " + unlimited},
	{group: "owner", name: "changes hands, type and attributes kept", cells: "M* . . . .",
		move: move(owner("a", 1)), want: "m* . . . . | " + unlimited},
	{group: "owner", name: "flip with two players", cells: "M . k! . .", move: move(flip("a"), flip("c")),
		want: "m . K! . . | " + unlimited},
	{group: "owner", name: "flip skips random seats", game: func() *Game { return lineGame("White", "?Dice", "Black") },
		cells: "M . 2M . .", move: move(flip("a"), flip("c")), want: "2M . M . . | stock [-1 -1 -1 -1 -1 -1]"},

	// 5. Attributes.
	{group: "attr", name: "set", cells: "M . . . .", move: move(attr("a", 0, true)),
		want: "M* . . . . | " + unlimited},
	{group: "attr", name: "cleared", cells: "K! . . . .", move: move(attr("a", 1, false)),
		want: "K . . . . | " + unlimited},
	{group: "attr", name: "of an empty square changes nothing", cells: ". . . . .", move: move(attr("b", 0, true)),
		want: ". . . . . | " + unlimited},
	{group: "attr", name: "after movements", cells: "M . . . .", move: move(attr("c", 0, true), mv("a", "c")),
		want: ". . M* . . | " + unlimited},
	{group: "attr", name: "after type changes", cells: "M . . . .", move: move(attr("a", 1, true), typ("a", 1)),
		want: "K! . . . . | " + unlimited},
	{group: "attr", name: "after captures", cells: "M . . . .", move: move(attr("a", 0, true), capture("a")),
		want: ". . . . . | " + unlimited},

	// 6. The dialect: values and columns.
	{group: "dialect", name: "a variable", game: extGame, cells: ". . . . .", move: move(val(ValVar, "a", 7)),
		want: ". . . . . | " + unlimited + " | score=7"},
	{group: "dialect", name: "a piece value", game: extGame, cells: "M . . . .", move: move(val(ValPiece, "a", 9)),
		want: "M . . . . | " + unlimited + " | a.power=9"},
	{group: "dialect", name: "a piece value of an empty square changes nothing", game: extGame,
		cells: ". . . . .", move: move(val(ValPiece, "c", 9)), want: ". . . . . | " + unlimited},
	{group: "dialect", name: "a position value", game: extGame, cells: ". . . . .", move: move(val(ValPos, "c", -2)),
		want: ". . . . . | " + unlimited + " | c.heat=-2"},
	{group: "dialect", name: "values travel with the piece", game: extGame, cells: "K! . . . .",
		move: move(mv("a", "c")), want: ". . K! . . | " + unlimited + " | c.power=5"},
	{group: "dialect", name: "values are set after movements", game: extGame, cells: "M . . . .",
		move: move(val(ValPiece, "c", 9), mv("a", "c")), want: ". . M . . | " + unlimited + " | c.power=9"},
	{group: "dialect", name: "a drop gets its type's values", game: extGame, cells: ". . . . .",
		move: move(drop(0, 1, "b")), want: ". K! . . . | " + unlimited + " | b.power=5"},
	{group: "dialect", name: "a capture clears the values", game: extGame, cells: "M . m . .",
		move: move(capture("c")), want: "M . . . . | " + unlimited + " | a.power=3"},
	{group: "dialect", name: "a capture removes the whole column", game: extGame, cells: "M . m . .",
		under: map[string]string{"c": "M k!"}, move: move(capture("c")), want: "M . . . . | " + unlimited + " | a.power=3"},
	{group: "dialect", name: "a column travels with its top piece", game: extGame, cells: "M . . . .",
		under: map[string]string{"a": "m K!"}, move: move(mv("a", "c")),
		want: ". . M . . | " + unlimited + " | c.power=3 c:[m K!]"},
	{group: "dialect", name: "take puts the top piece under the piece on To", game: extGame, cells: "M m . . .",
		under: map[string]string{"a": "K!"}, move: move(take("b", "a")),
		want: "M . . . . | " + unlimited + " | a.power=3 a:[K! m]"},
	{group: "dialect", name: "take uncovers the piece below", game: extGame, cells: "M m . . .",
		under: map[string]string{"b": "K! k"}, move: move(take("b", "a")),
		want: "M K! . . . | " + unlimited + " | a.power=3 a:[m] b:[k]"},
	{group: "dialect", name: "a turn-order jump", game: extGame, cells: ". . . . .", move: move(val(ValTurn, "a", 1)),
		want: ". . . . . | " + unlimited + " | jump=2"},

	// A pass changes nothing but the ply.
	{group: "pass", name: "changes nothing", cells: "M . m . .", move: &Move{Pass: true, Rule: -1, Type: NoMoveType, Cont: NoMoveType},
		want: "M . m . . | " + unlimited},
}

// start returns the game and the position of a row.
func (tt *applyCase) start(t *testing.T) (*Game, *State) {
	t.Helper()
	g := lineGame()
	if tt.game != nil {
		g = tt.game()
	}
	var under map[Loc][]Cell
	for name, col := range tt.under {
		if under == nil {
			under = map[Loc][]Cell{}
		}
		for _, tok := range strings.Fields(col) {
			under[at(name)] = append(under[at(name)], piece(tok))
		}
	}
	s := g.Position(cells(t, tt.cells), 0, under)
	if tt.stock != nil {
		copy(s.Stock, tt.stock)
		s.Hash = g.FullHash(s)
	}
	return g, s
}

// TestApply makes each move of applyCases and compares the result; then it checks the
// hash kept by Apply against the hash computed from scratch, and that a copy of the state
// taken before (the engine's undo) restores it.
func TestApply(t *testing.T) {
	for _, tt := range applyCases {
		t.Run(tt.group+"/"+tt.name, func(t *testing.T) {
			g, orig := tt.start(t)
			before := dump(g, orig)
			s := orig.Clone()
			g.Apply(s, tt.move)
			if got := dump(g, s); got != tt.want {
				t.Errorf("Apply(%s):\n got: %s\nwant: %s", tt.name, got, tt.want)
			}
			if s.Hash != g.FullHash(s) {
				t.Errorf("incremental hash %x, full hash %x", s.Hash, g.FullHash(s))
			}
			if changed := dump(g, s) != before; changed == (s.Hash == orig.Hash) {
				t.Errorf("position changed %v, but hash %x -> %x", changed, orig.Hash, s.Hash)
			}
			if s.Ply != orig.Ply+1 {
				t.Errorf("Ply %d after a part from %d", s.Ply, orig.Ply)
			}
			wantFrom, wantTo := tt.move.Source(), tt.move.Dest()
			if tt.move.Pass {
				wantFrom, wantTo = NoLoc, NoLoc
			}
			if s.LastFrom != wantFrom || s.LastTo != wantTo {
				t.Errorf("LastFrom, LastTo = %d, %d, want %d, %d", s.LastFrom, s.LastTo, wantFrom, wantTo)
			}

			// The state it was cloned from is untouched, and restoring the copy undoes
			// the move; the restored state shares nothing with the copy.
			if got := dump(g, orig); got != before {
				t.Errorf("Apply on a clone changed the original:\n got: %s\nwant: %s", got, before)
			}
			undo := orig.Clone()
			s.CopyFrom(undo)
			if d := cmp.Diff(orig, s); d != "" {
				t.Errorf("CopyFrom after Apply mismatch (-want +got):\n%s", d)
			}
			g.Apply(s, tt.move)
			if d := cmp.Diff(orig, undo); d != "" {
				t.Errorf("Apply after CopyFrom changed the copy (-want +got):\n%s", d)
			}

			// Each change alone keeps the hash too.
			for i, c := range tt.move.Changes {
				one := orig.Clone()
				g.Apply(one, move(c))
				if one.Hash != g.FullHash(one) {
					t.Errorf("change %d (%s) alone: incremental hash %x, full hash %x", i, c.Op, one.Hash, g.FullHash(one))
				}
			}
		})
	}
}

// TestHashSequence makes a long random sequence of moves, turn changes, continuations and
// an elimination in each test game, and checks after every step that the hash kept
// incrementally equals the hash computed from scratch.
func TestHashSequence(t *testing.T) {
	for _, tt := range []struct {
		name  string
		game  func() *Game
		stock []int32
	}{
		{"plain", func() *Game { return lineGame() }, nil},
		{"recycle", recycleGame, []int32{2, 1, 0, 3}},
		{"three players", func() *Game { return lineGame("White", "?Dice", "Black") }, nil},
		{"dialect", func() *Game { g := extGame(); g.Options.RecycleCaptures = true; return g }, []int32{1, 1, 1, 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.game()
			s := g.Position(cells(t, "M m K! k! M*"), 0, nil)
			if tt.stock != nil {
				copy(s.Stock, tt.stock)
				s.Hash = g.FullHash(s)
			}
			r := rand.New(rand.NewPCG(1, 2))
			np, nk, nl := len(g.Players), len(g.Pieces), len(g.Board.Locs)
			ops := []Op{OpMove, OpCopy, OpDrop, OpCreate, OpCapture, OpType, OpOwner, OpFlip, OpAttr}
			if g.Ext != nil {
				ops = append(ops, OpVal, OpTake)
			}
			seen := map[uint64]bool{}
			for step := range 3000 {
				m := &Move{Type: NoMoveType, Cont: NoMoveType}
				for range 1 + r.IntN(3) {
					c := Change{Op: ops[r.IntN(len(ops))], From: Loc(r.IntN(nl)), To: Loc(r.IntN(nl)),
						Player: Player(r.IntN(np)), Kind: Kind(r.IntN(nk)), Attr: uint8(r.IntN(2)), Val: r.IntN(2) == 0}
					if c.Op == OpVal {
						c.Class = []ValClass{ValVar, ValPiece, ValPos, ValTurn}[r.IntN(4)]
						c.Attr = 0
						c.Value = int32(r.IntN(7) - 3)
						if c.Class == ValTurn {
							c.Value = int32(r.IntN(len(g.TurnOrder.Entries)))
						}
					}
					m.Changes = append(m.Changes, c)
				}
				m.Pass = r.IntN(20) == 0
				what := fmt.Sprintf("step %d: Apply %+v", step, m.Changes)
				g.Apply(s, m)
				switch r.IntN(4) {
				case 0:
					g.Advance(s)
					what += ", Advance"
				case 1:
					l := Loc(r.IntN(nl+1) - 1)
					g.SetCont(s, l, MoveType(r.IntN(2)))
					what += fmt.Sprintf(", SetCont %d", l)
				}
				if step == 2000 {
					g.Eliminate(s, Player(np-1))
					what += ", Eliminate"
				}
				if s.Hash != g.FullHash(s) {
					t.Fatalf("%s: incremental hash %x, full hash %x\n%s", what, s.Hash, g.FullHash(s), dump(g, s))
				}
				seen[s.Hash] = true
			}
			// A hash that never changed would pass the test above without keeping anything.
			if len(seen) < 100 {
				t.Errorf("only %d distinct hashes in 3000 steps", len(seen))
			}
		})
	}
}
