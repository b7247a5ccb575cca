package ai

import (
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Values holds a game's piece values, derived from mobility as Zillions does: a piece is
// worth more the more moves it has, on average, standing alone on the board. Where the
// rules state what pieces are worth (the dialect's (value N)), those values are used
// instead, in the same units (see stated).
type Values struct {
	Kind []float64 // per piece type
}

var valueCache sync.Map // *eval.Game -> *Values

// PieceValues returns the piece values of g, computing them once.
func PieceValues(g *eval.Game) *Values { return perGame(&valueCache, g, computeValues) }

// perGame returns what find says of g, asking it once per game: the first answer stored
// in cache is the one every caller gets.
func perGame[T any](cache *sync.Map, g *eval.Game, find func(*eval.Game) *T) *T {
	if v, ok := cache.Load(g); ok {
		return v.(*T)
	}
	v, _ := cache.LoadOrStore(g, find(g))
	return v.(*T)
}

// computeValues places each piece type alone on the board, for the first player, on up to
// 64 positions spread over the board, and averages its number of moves. Types that never
// move (stones, dice) are worth 1.
func computeValues(g *eval.Game) *Values {
	v := &Values{Kind: make([]float64, len(g.Pieces))}
	nl := len(g.Board.Locs)
	step := max(1, nl/64)
	base := g.NewState()
	for k := range g.Pieces {
		total, samples := 0, 0
		for l := 0; l < nl; l += step {
			if !g.Board.Locs[l].HasRect {
				continue
			}
			s := bare(base)
			side, _ := g.Side(s)
			s.Cells[l] = engine.MakeCell(side, engine.Kind(k), g.DefaultAttrs(engine.Kind(k)))
			moves, err := g.Parts(s, nil)
			if err != nil {
				break
			}
			total += len(moves)
			samples++
		}
		v.Kind[k] = 1
		if samples > 0 && total > 0 {
			v.Kind[k] = 1 + float64(total)/float64(samples)
		}
	}
	stated(g, v)
	return v
}

// stated replaces the derived values of v by those the rules state, keeping their
// ratios: they are scaled so that their mean is the mean of the derived values of the
// same pieces, so that the positional terms (terms.go), whose weights are in the units
// of derived values, keep their weight. A piece whose value is not stated keeps its
// derived value. Mobility alone can be far from what a piece is worth: in Thud a dwarf
// moves like a queen and a troll like a king (derived 37 and 8), but the rules score a
// dwarf 1 and a troll 4, and a troll takes up to eight dwarfs in one step.
func stated(g *eval.Game, v *Values) {
	sumStated, sumDerived := 0.0, 0.0
	for k, p := range g.Pieces {
		if p.Value > 0 {
			sumStated += float64(p.Value)
			sumDerived += v.Kind[k]
		}
	}
	if sumStated == 0 {
		return
	}
	scale := sumDerived / sumStated
	for k, p := range g.Pieces {
		if p.Value > 0 {
			v.Kind[k] = float64(p.Value) * scale
		}
	}
}

// Evaluate scores s for player p: its material minus the strongest opponent's (the sum of
// all opponents' with two players), pieces in hand counting nine tenths.
func Evaluate(g *eval.Game, v *Values, s *engine.State, p engine.Player) float64 {
	np := len(g.Players)
	var buf [16]float64
	mat := buf[:np]
	for _, c := range s.Cells {
		if !c.IsEmpty() {
			mat[c.Player()] += v.Kind[c.Kind()]
		}
	}
	nk := len(g.Pieces)
	for i, n := range s.Stock {
		if n > 0 {
			mat[i/nk] += 0.9 * float64(n) * v.Kind[i%nk]
		}
	}
	other := 0.0
	for q := 0; q < np; q++ {
		if engine.Player(q) != p && !g.Players[q].Random && mat[q] > other {
			other = mat[q]
		}
	}
	return mat[p] - other
}

// Gain estimates the material a turn wins for mover from its changes, without scanning
// the board: pieces it removes or displaces (an opponent's count for, the mover's own
// against) and promotions. A turn of several parts is measured on the states around it.
func Gain(g *eval.Game, v *Values, before *engine.State, t *eval.Turn, mover engine.Player) float64 {
	if len(t.Parts) != 1 {
		return Evaluate(g, v, t.After, mover) - Evaluate(g, v, before, mover)
	}
	m := &t.Parts[0]
	gain := 0.0
	worth := func(c engine.Cell) float64 {
		if c.IsEmpty() {
			return 0
		}
		if c.Player() == mover {
			return -v.Kind[c.Kind()]
		}
		return v.Kind[c.Kind()]
	}
	for i := range m.Changes {
		c := &m.Changes[i]
		switch c.Op {
		case engine.OpCapture:
			gain += worth(before.Cells[c.To])
		case engine.OpMove, engine.OpCopy:
			if c.To != c.From {
				gain += worth(before.Cells[c.To])
			}
		case engine.OpType:
			if cell := before.Cells[c.To]; !cell.IsEmpty() && cell.Player() == mover {
				gain += v.Kind[c.Kind] - v.Kind[cell.Kind()]
			} else if c.Player == mover {
				gain += v.Kind[c.Kind] - v.Kind[c.Kind]
			}
		}
	}
	return gain
}

// bare returns a copy of base with an empty board and empty stocks, on which a measure
// of the pieces puts the few it looks at.
func bare(base *engine.State) *engine.State {
	s := base.Clone()
	clear(s.Cells)
	for i := range s.Stock {
		s.Stock[i] = 0
	}
	return s
}
