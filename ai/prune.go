package ai

// This file holds what the search prunes and extends, decided from the rules alone:
// null-move pruning where giving up a turn is never the best a side can do, late-move
// reductions, principal-variation windows and check extensions.
//
// A null move lets the side to move pass: if the other side, given two turns in a row,
// still cannot bring the score below what the side already has, the position is good
// enough to cut off without searching its turns. That is wrong in zugzwang, where every
// turn makes things worse; the search makes null moves only where the rules make that
// rare: two players who take turns about, royal pieces (a checkmate goal: passing while
// in check is never tried), captures (a piece can be taken, so material is at stake), and
// only when the side to move has a piece besides its royal and its cheapest kinds (pawns
// and king alone are the endings of zugzwang).

import (
	"math"
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Rules is what the search reads from a game once to prune and extend.
type Rules struct {
	Null   bool     // null-move pruning is allowed (see above)
	Royal  [][]bool // [player][kind]: royal kinds; nil without any
	Strong []bool   // by kind: a piece whose presence allows a null move
}

var rulesCache sync.Map // *eval.Game -> *Rules

// GameRules returns what the search reads from g's rules, finding it once.
func GameRules(g *eval.Game) *Rules { return perGame(&rulesCache, g, findRules) }

func findRules(g *eval.Game) *Rules {
	r := &Rules{}
	if g.Axiom() || len(g.Players) != 2 {
		return r
	}
	for _, p := range g.Players {
		if p.Random {
			return r
		}
	}
	v := PieceValues(g)
	royal := make([][]bool, len(g.Players))
	any := false
	for p := range royal {
		royal[p] = make([]bool, len(g.Pieces))
		for k := range g.Pieces {
			if g.Royal(engine.Player(p), engine.Kind(k)) {
				royal[p][k], any = true, true
			}
		}
	}
	if !any {
		return r
	}
	r.Royal = royal
	// The cheapest kind that is royal for no one, and every kind worth less than twice
	// it, are the pawns: they do not allow a null move.
	low := math.Inf(1)
	for k := range g.Pieces {
		if !royal[0][k] && !royal[1][k] {
			low = min(low, v.Kind[k])
		}
	}
	r.Strong = make([]bool, len(g.Pieces))
	for k := range g.Pieces {
		r.Strong[k] = !royal[0][k] && !royal[1][k] && v.Kind[k] >= 2*low
	}
	r.Null = captures(g)
	return r
}

// captures reports whether some piece of g, alone with an enemy piece beside it on the
// board, can take it: a short probe of the rules, not a proof; a game without captures
// never allows a null move.
func captures(g *eval.Game) bool {
	base := g.NewState()
	side, _ := g.Side(base)
	other := engine.Player(1 - int(side))
	nl := len(g.Board.Locs)
	nd := g.Board.NDirs()
	for k := range g.Pieces {
		for l := 0; l < nl; l += max(1, nl/16) {
			for d := 0; d < nd; d++ {
				n := g.Board.Next[l*nd+d]
				if n < 0 || int(n) >= nl || int(n) == l {
					continue
				}
				s := bare(base)
				s.Cells[l] = engine.MakeCell(side, engine.Kind(k), g.DefaultAttrs(engine.Kind(k)))
				s.Cells[n] = engine.MakeCell(other, 0, g.DefaultAttrs(0))
				moves, err := g.Parts(s, nil)
				if err != nil {
					continue
				}
				for i := range moves {
					for _, c := range moves[i].Changes {
						if c.To == n && (c.Op == engine.OpCapture || c.Op == engine.OpMove) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// inCheck reports whether a royal piece of p is attacked in s.
func (w *worker) inCheck(s *engine.State, p engine.Player) bool {
	if w.rules.Royal == nil {
		return false
	}
	locs, err := w.g.Checked(s)
	if err != nil {
		return false
	}
	for _, l := range locs {
		if s.Cells[l].Player() == p {
			return true
		}
	}
	return false
}

// mayNull reports whether the side p to move in s may try a null move: the rules allow
// it and p has a strong piece.
func (w *worker) mayNull(s *engine.State, p engine.Player) bool {
	if !w.rules.Null || w.s.NoPrune {
		return false
	}
	for _, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == p && w.rules.Strong[c.Kind()] {
			return true
		}
	}
	return false
}

// nullChild makes the null move, scores the position it reaches at depth and takes it
// back.
func (w *worker) nullChild(depth int, alpha, beta float64, ply int) float64 {
	if err := w.x.PlayNull(); err != nil {
		w.err, w.stop = err, true
		return 0
	}
	was := w.nullAt
	w.nullAt = ply
	v := w.value(depth, alpha, beta, ply)
	w.nullAt = was
	w.x.Undo()
	return v
}

// above and below are the nearest scores above and below v: the null windows.
func above(v float64) float64 { return math.Nextafter(v, math.Inf(1)) }
func below(v float64) float64 { return math.Nextafter(v, math.Inf(-1)) }

// bound returns the bound a null move must get past at a node: beta where the searching
// player chooses, alpha where the other does.
func bound(maximizing bool, alpha, beta float64) float64 {
	if maximizing {
		return beta
	}
	return alpha
}
