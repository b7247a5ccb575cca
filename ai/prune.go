package ai

// This file holds what the search prunes and extends, decided from the rules alone:
// null-move pruning where giving up a turn is never the best a side can do, late-move
// reductions, principal-variation windows and check extensions; and, near the leaves,
// the cuts by margins of material (futility) and of losing captures.
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

// Near the leaves the search prunes by margins, where the rules are those of null
// moves (two players, royal pieces, captures: material is what the score turns on,
// and one turn rarely changes it by more than what it takes). The margins are in units
// of the cheapest piece that is not royal (a pawn in chess), on the values the search
// plays by; none of it applies to a side in check.
//
//   - A position at depth d whose static score is beyond the bound by d units is cut off
//     at once (the side to move would need to lose that much within d turns).
//   - In quiescence a capture is not tried when the static score, the piece taken and
//     deltaMargin units more still do not reach the window, nor when it loses the
//     capturing piece: the piece is worth more than what it gains and can be taken
//     where it lands (losing).
const (
	shallowDepth = 3   // the deepest depth pruned by margins
	deltaMargin  = 1.0 // quiescence's margin, in units
)

// shallowRules reports whether the search prunes by margins near the leaves, and the
// unit of its margins: the value of the cheapest kind that is not royal.
func (w *worker) shallowRules() (bool, float64) {
	if w.s.NoPrune || !w.rules.Null {
		return false, 0
	}
	unit := math.Inf(1)
	for k := range w.v.Kind {
		if !w.rules.Royal[0][k] && !w.rules.Royal[1][k] {
			unit = min(unit, w.v.Kind[k])
		}
	}
	if math.IsInf(unit, 0) || unit <= 0 {
		return false, 0
	}
	return true, unit
}

// beyond reports whether a node at depth with the static score stand is cut off by its
// margin, and the value it then takes.
func (w *worker) beyond(stand float64, depth int, maximizing bool, alpha, beta float64) (float64, bool) {
	m := w.unit * float64(depth)
	switch {
	case maximizing && beta < mate/2 && stand-m >= beta:
		return stand - m, true
	case !maximizing && alpha > -mate/2 && stand+m <= alpha:
		return stand + m, true
	}
	return 0, false
}

// losing reports whether a capture t by mover, gaining gain, puts a piece worth more than
// gain where the other side can take it: it then likely loses material, and quiescence
// does not try it. The square is the one the moving piece lands on, tested in the
// position after the turn (eval's Attacked), so that a piece the capture unmasks counts.
func (w *worker) losing(before *engine.State, t *eval.Turn, mover engine.Player, gain float64) bool {
	worth := w.moverWorth(before, t)
	if worth <= gain || len(t.Parts) != 1 {
		return false
	}
	land := engine.NoLoc
	for _, c := range t.Parts[0].Changes {
		if (c.Op == engine.OpMove || c.Op == engine.OpCopy) && c.To != c.From {
			land = c.To
		}
	}
	if land == engine.NoLoc || int(land) >= len(t.After.Cells) || t.After.Cells[land].IsEmpty() ||
		t.After.Cells[land].Player() != mover {
		return false
	}
	hit, err := w.g.Attacked(t.After, mover, land)
	return err == nil && hit
}

// standBound bounds the static score of st, the position at ply where next is to move,
// before its turns are listed: the score without the mobility term, moved by the most
// that term can take from the side to move, which has at least one turn (its mobility
// is its number of turns less the other side's one ply before). It is a lower bound
// where next is the searching player, an upper bound where it is the other, which are
// the directions in which a side's own score cuts it off. ok is false where the
// mobility of the ply before is not known.
func (w *worker) standBound(st *engine.State, ply int, next engine.Player) (float64, bool) {
	v := w.evaluate(st, ply, next, -1)
	if w.terms == nil || !w.terms.Mobility {
		return v, true
	}
	if ply < 1 || ply-1 >= len(w.mob) {
		return 0, false
	}
	prev := w.mob[ply-1]
	if prev.mover == next {
		return v, true // no mobility term between turns of the same side
	}
	worst := MobilityWeight * float64(1-prev.n)
	if next == w.me {
		return v + worst, true
	}
	return v - worst, true
}
