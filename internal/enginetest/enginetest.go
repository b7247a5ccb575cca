// Package enginetest makes what the tests of engine's plain paths and of eval's leaves
// (eval/leafmake.go) share: a game on a line of five squares, random positions and
// random parts of it, and the comparison of boards and states. The positions and parts
// are those the tests of both packages compare the fast paths on, so that a path of
// eval built on engine's is held to the same cases as engine's own.
package enginetest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// LineGame returns a game on a row of five positions a to e, with the given players
// (White and Black by default; a name starting with "?" is a random player), each
// moving in turn, and two piece types: Man with an attribute "crowned", and King
// with an attribute "royal" set by default.
func LineGame(players ...string) *engine.Game {
	if len(players) == 0 {
		players = []string{"White", "Black"}
	}
	b := &engine.Board{}
	for i := range 5 {
		b.Locs = append(b.Locs, engine.LocInfo{Name: string(rune('a' + i)), Grid: -1})
	}
	b.Index()
	g := &engine.Game{Title: "line", Board: b}
	for i, p := range players {
		g.Players = append(g.Players, engine.PlayerInfo{Name: p, Random: strings.HasPrefix(p, "?")})
		g.TurnOrder.Entries = append(g.TurnOrder.Entries, engine.TurnEntry{Mover: engine.Player(i), Side: engine.Player(i), Type: engine.NoMoveType})
	}
	g.Pieces = []*engine.Piece{
		{Name: "Man", Attrs: []engine.Attr{{Name: "crowned"}}},
		{Name: "King", Attrs: []engine.Attr{{Name: "royal", Default: true}}},
	}
	g.Prepare()
	return g
}

// LeafGame is the game of the leaf tests, LineGame with three players and a turn order
// that repeats from its second entry, with a random source of stream seed and a random
// square of its board.
func LeafGame(seed uint64) (*engine.Game, *rand.Rand, func() engine.Loc) {
	g := LineGame("White", "Black", "Red")
	g.TurnOrder.Repeat = 1
	rng := rand.New(rand.NewPCG(16, seed))
	n := len(g.Board.Locs)
	return g, rng, func() engine.Loc { return engine.Loc(rng.IntN(n)) }
}

// RandomPart makes a random part for the tests of the plain paths: most move one piece
// (some none), then up to three changes among captures, type and attribute changes,
// second movements, flips and changes of owner to one of players.
func RandomPart(rng *rand.Rand, loc func() engine.Loc, players int) engine.Move {
	var m engine.Move
	if rng.IntN(10) > 0 {
		m.Changes = append(m.Changes, engine.Change{Op: engine.OpMove, From: loc(), To: loc(), Player: engine.Player(rng.IntN(players))})
	}
	for range rng.IntN(4) {
		switch rng.IntN(9) {
		case 0, 1:
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpCapture, To: loc()})
		case 2, 3:
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpType, To: loc(), Kind: engine.Kind(rng.IntN(2))})
		case 4, 5:
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpAttr, To: loc(), Attr: uint8(rng.IntN(2)), Val: rng.IntN(2) == 0})
		case 6:
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpMove, From: loc(), To: loc()})
		case 7:
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpFlip, To: loc()})
		default:
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpOwner, To: loc(), Player: engine.Player(rng.IntN(players))})
		}
	}
	return m
}

// RandomLeafState is a random position of LeafGame: pieces with attributes on two
// squares in three, now and then a piece that must go on, a player out or a goto
// pending, and with stock its stock and with last its last move and passes. Its hash
// is the full hash, or off by one bit: the paths under test update the hash, never
// recompute it.
func RandomLeafState(g *engine.Game, rng *rand.Rand, loc func() engine.Loc, stock, last bool) *engine.State {
	s := g.NewState()
	for l := range s.Cells {
		if rng.IntN(3) > 0 {
			s.Cells[l] = engine.MakeCell(engine.Player(rng.IntN(3)), engine.Kind(rng.IntN(2)), uint32(rng.IntN(4)))
		}
	}
	if stock {
		for i := range s.Stock {
			s.Stock[i] = int32(rng.IntN(3)) - 1
		}
	}
	s.Turn, s.Ply = rng.IntN(3), rng.IntN(50)
	if last {
		s.LastFrom, s.LastTo = loc(), loc()
		s.Passes = int32(rng.IntN(2))
	}
	switch rng.IntN(12) {
	case 0:
		s.Cont, s.ContType = loc(), engine.MoveType(rng.IntN(2))
	case 1:
		s.Out = 1 << uint(rng.IntN(3))
	case 2:
		s.Jump = int32(1 + rng.IntN(3))
	default:
		if last {
			s.ContType = engine.MoveType(rng.IntN(2))
		}
	}
	s.Hash = g.FullHash(s) ^ uint64(rng.IntN(2))<<40
	return s
}

// BoardBack fails the test if cells, the board m was made on and undone, is not s's.
func BoardBack(t testing.TB, iter int, m *engine.Move, cells []engine.Cell, s *engine.State) {
	t.Helper()
	for l := range cells {
		if cells[l] != s.Cells[l] {
			t.Fatalf("iteration %d: %v: square %d is %#x after, was %#x", iter, m.Changes, l, cells[l], s.Cells[l])
		}
	}
}

// StateDiff names the first field of a plain state in which a and b differ, or
// returns "".
func StateDiff(a, b *engine.State) string {
	switch {
	case len(a.Cells) != len(b.Cells):
		return "the number of cells"
	case len(a.Stock) != len(b.Stock):
		return "the number of stock counts"
	}
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return "Cells"
		}
	}
	for i := range a.Stock {
		if a.Stock[i] != b.Stock[i] {
			return "Stock"
		}
	}
	switch {
	case a.Turn != b.Turn:
		return "Turn"
	case a.Ply != b.Ply:
		return "Ply"
	case a.LastFrom != b.LastFrom || a.LastTo != b.LastTo:
		return "LastFrom or LastTo"
	case a.Cont != b.Cont || a.ContType != b.ContType:
		return "Cont or ContType"
	case a.Out != b.Out:
		return "Out"
	case a.Hash != b.Hash:
		return "Hash"
	case a.Jump != b.Jump:
		return "Jump"
	case a.Passes != b.Passes:
		return "Passes"
	}
	return ""
}
