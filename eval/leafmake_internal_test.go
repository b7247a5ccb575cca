package eval

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// The tests of leafmake.go, on random positions of a line of five squares with three
// players and a turn order that repeats from its second entry.

// TestLeafHash checks leafHash against EndPart on random parts of random positions:
// where it takes the part it gives the hash of EndPart's state and leaves the board as
// it was; elsewhere it changes nothing.
func TestLeafHash(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafLineGame(17)
	taken := 0
	for iter := 0; iter < 20000; iter++ {
		s := randomLeafState(g, rng, loc, false)
		m := randomLeafPart(rng, loc)
		m.Pass = rng.IntN(50) == 0
		cells := append([]engine.Cell(nil), s.Cells...)
		h, ok := g.leafHash(cells, s, &m)
		leafBoardBack(t, iter, &m, cells, s)
		if !ok {
			continue
		}
		taken++
		after := g.NewState()
		g.EndPart(after, s, &m)
		if h != after.Hash {
			t.Fatalf("iteration %d: %v: hash %#x, EndPart's state has %#x", iter, m.Changes, h, after.Hash)
		}
	}
	if taken < 7000 {
		t.Errorf("only %d of the parts taken", taken)
	}
}

// TestLeafStep checks leafStep against leafHash on random positions and random steps: a
// move of the piece on a square (or of an empty square) to any square, the same square
// too, with or without a change of type. setLeafBase must accept exactly the states
// leafHash takes such parts in, and leafStep must give leafHash's hash.
func TestLeafStep(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafLineGame(18)
	taken := 0
	var b leafBase
	for iter := 0; iter < 20000; iter++ {
		s := randomLeafState(g, rng, loc, false)
		from, to := loc(), loc()
		if rng.IntN(8) == 0 {
			to = from
		}
		retype, k := rng.IntN(2) == 0, engine.Kind(rng.IntN(2))
		m := engine.Move{Changes: []engine.Change{{Op: engine.OpMove, From: from, To: to}}}
		if retype {
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpType, To: to, Kind: k})
		}
		cells := append([]engine.Cell(nil), s.Cells...)
		want, ok := g.leafHash(cells, s, &m)
		if got := g.setLeafBase(&b, s); got != ok {
			t.Fatalf("iteration %d: %v: setLeafBase %v, leafHash takes it %v", iter, m.Changes, got, ok)
		}
		if !ok {
			continue
		}
		taken++
		if h := b.leafStep(from, to, retype, k); h != want {
			t.Fatalf("iteration %d: %v: leafStep %#x, leafHash %#x", iter, m.Changes, h, want)
		}
	}
	if taken < 12000 {
		t.Errorf("only %d of the steps taken", taken)
	}
}

// TestLeafPart checks leafPart against Apply and SetCont on a copy of the state, on
// random parts of random positions: it takes the parts leafHash takes and returns
// leafHash's hash, its state is the copy's field by field, and undoLeaf leaves the
// board as it was.
func TestLeafPart(t *testing.T) {
	t.Parallel()
	g, rng, loc := leafLineGame(19)
	taken := 0
	for iter := 0; iter < 20000; iter++ {
		s := randomLeafState(g, rng, loc, true)
		m := randomLeafPart(rng, loc)
		m.Pass = rng.IntN(50) == 0
		m.Cont = engine.MoveType(rng.IntN(2))
		cells := append([]engine.Cell(nil), s.Cells...)
		want, wantOK := g.leafHash(append([]engine.Cell(nil), s.Cells...), s, &m)
		var got engine.State
		h, ok := g.leafPart(&got, cells, s, &m)
		if ok != wantOK || ok && h != want {
			t.Fatalf("iteration %d: %v: leafPart %#x %v, leafHash %#x %v", iter, m.Changes, h, ok, want, wantOK)
		}
		if !ok {
			continue
		}
		taken++
		after := s.Clone()
		g.Apply(after, &m)
		g.SetCont(after, after.LastTo, m.Cont)
		if d := leafStateDiff(&got, after); d != "" {
			t.Fatalf("iteration %d: %v: leafPart's state and Apply's differ in %s", iter, m.Changes, d)
		}
		undoLeaf(cells, s, &m)
		leafBoardBack(t, iter, &m, cells, s)
	}
	if taken < 7000 {
		t.Errorf("only %d of the parts taken", taken)
	}
}

// leafLineGame is the game of these tests: five squares in a line, three players, a
// Man with an attribute and a King with one set by default, and a turn order that
// repeats from its second entry; with a random source of stream seed and a random
// square of its board.
func leafLineGame(seed uint64) (*Game, *rand.Rand, func() engine.Loc) {
	b := &engine.Board{}
	for i := range 5 {
		b.Locs = append(b.Locs, engine.LocInfo{Name: string(rune('a' + i)), Grid: -1})
	}
	b.Index()
	eg := &engine.Game{Title: "line", Board: b}
	for i, p := range []string{"White", "Black", "Red"} {
		eg.Players = append(eg.Players, engine.PlayerInfo{Name: p})
		eg.TurnOrder.Entries = append(eg.TurnOrder.Entries, engine.TurnEntry{Mover: engine.Player(i), Side: engine.Player(i), Type: engine.NoMoveType})
	}
	eg.TurnOrder.Repeat = 1
	eg.Pieces = []*engine.Piece{
		{Name: "Man", Attrs: []engine.Attr{{Name: "crowned"}}},
		{Name: "King", Attrs: []engine.Attr{{Name: "royal", Default: true}}},
	}
	eg.Prepare()
	rng := rand.New(rand.NewPCG(16, seed))
	return &Game{Game: eg}, rng, func() engine.Loc { return engine.Loc(rng.IntN(len(b.Locs))) }
}

// randomLeafState is a random position of leafLineGame: pieces with attributes on two
// squares in three, now and then a piece that must go on, a player out or a goto
// pending, and with last its last move and passes. Its hash is the full hash, or off by
// one bit: the paths under test update the hash, never recompute it.
func randomLeafState(g *Game, rng *rand.Rand, loc func() engine.Loc, last bool) *engine.State {
	s := g.NewState()
	for l := range s.Cells {
		if rng.IntN(3) > 0 {
			s.Cells[l] = engine.MakeCell(engine.Player(rng.IntN(3)), engine.Kind(rng.IntN(2)), uint32(rng.IntN(4)))
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

// randomLeafPart makes a random part: most move one piece (some none), then up to three
// changes among captures, type and attribute changes, second movements, flips and
// changes of owner, the last ones being parts leafHash does not take.
func randomLeafPart(rng *rand.Rand, loc func() engine.Loc) engine.Move {
	var m engine.Move
	if rng.IntN(10) > 0 {
		m.Changes = append(m.Changes, engine.Change{Op: engine.OpMove, From: loc(), To: loc(), Player: engine.Player(rng.IntN(3))})
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
			m.Changes = append(m.Changes, engine.Change{Op: engine.OpOwner, To: loc(), Player: engine.Player(rng.IntN(3))})
		}
	}
	return m
}

// leafBoardBack fails the test if cells, the board m was made on and undone, is not s's.
func leafBoardBack(t *testing.T, iter int, m *engine.Move, cells []engine.Cell, s *engine.State) {
	t.Helper()
	for l := range cells {
		if cells[l] != s.Cells[l] {
			t.Fatalf("iteration %d: %v: square %d is %#x after, was %#x", iter, m.Changes, l, cells[l], s.Cells[l])
		}
	}
}

// leafStateDiff names the first field in which a and b differ, or returns "".
func leafStateDiff(a, b *engine.State) string {
	switch {
	case !slices.Equal(a.Cells, b.Cells):
		return "Cells"
	case !slices.Equal(a.Stock, b.Stock):
		return "Stock"
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
