package ai

// This file holds the square terms of a position: what each square is worth to a piece,
// read from the rules' geometry alone. A piece is worth more where it has more moves on
// an empty board (a knight in the centre, not in a corner), and more the fewer of its own
// moves it is from a square where a move of it promotes; a royal piece, which must not
// be attacked, is worth more where it has fewer moves (sheltered) while the other side
// still has strong pieces, and in the centre once it has none; while the other side has
// them, each piece of its own beside a royal piece (one link of the board away) shelters
// it.

import (
	"math"
	"math/rand/v2"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

const (
	// SquareWeight is the worth of one move more than the piece's mean on an empty board.
	SquareWeight = 0.1
	// PromoteWeight scales the promotion term: the gain of the best promotion of the
	// piece over (1 + its moves to a square where it promotes) squared.
	PromoteWeight = 0.05
	// ShelterWeight is the worth of one piece of the same side beside a royal piece,
	// while the other side has all its strong pieces (less as they go).
	ShelterWeight = 0.2
	// crowd is the share of the other squares an enemy piece stands on when the
	// crowded values are measured, and crowdFills the boards filled per square.
	crowd      = 0.2
	crowdFills = 4
	// maxSquareWork bounds the positions times kinds times players probed.
	maxSquareWork = 40000
)

// Squares holds a game's square tables, per player and kind: Worth[p*kinds+k][l] is
// what a piece of kind k of player p adds standing on l. Royal kinds have their tables
// in Royal instead, scaled by the game's phase (see phase).
type Squares struct {
	Values *Values // the pieces' values the tables go with: crowdedValues where known
	kinds  int
	Worth  [][]float64
	Royal  [][]float64
	royal  [][]bool
	strong []bool
	full   [2]float64 // each player's strong material at the start
}

// crowdedValues measures the pieces of g as computeValues does, but on a board where a
// fifth of the other squares hold an enemy piece of the cheapest kind: a piece that
// slides is stopped by the first it meets (taking it), one that leaps is not, so the
// sliders are not worth as much more than the leapers as on an empty board (in chess a
// bishop and a rook are worth 9.75 and 15 against a knight's 6.25 on an empty board, 7.7
// and 10.5 here). The squares filled are drawn by a generator of fixed seed, so the
// values are the same in every run. It returns nil where the rules state values (those
// are kept), where the board is too large and on an error.
func crowdedValues(g *eval.Game, r *Rules) *Values {
	nk, nl := len(g.Pieces), len(g.Board.Locs)
	if nk*nl*crowdFills > maxSquareWork {
		return nil
	}
	for _, p := range g.Pieces {
		if p.Value > 0 {
			return nil
		}
	}
	base := PieceValues(g)
	cheap, low := -1, math.Inf(1)
	for k := range g.Pieces {
		if !r.Royal[0][k] && !r.Royal[1][k] && base.Kind[k] < low {
			cheap, low = k, base.Kind[k]
		}
	}
	if cheap < 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s := g.NewState()
	side, _ := g.Side(s)
	other := engine.Player(1 - int(side))
	v := &Values{Kind: make([]float64, nk)}
	for k := range g.Pieces {
		total, samples := 0, 0
		for l := 0; l < nl; l++ {
			if !g.Board.Locs[l].HasRect {
				continue
			}
			for f := 0; f < crowdFills; f++ {
				t := bare(s)
				for m := 0; m < nl; m++ {
					if m != l && g.Board.Locs[m].HasRect && rng.Float64() < crowd {
						t.Cells[m] = engine.MakeCell(other, engine.Kind(cheap), g.DefaultAttrs(engine.Kind(cheap)))
					}
				}
				t.Cells[l] = engine.MakeCell(side, engine.Kind(k), g.DefaultAttrs(engine.Kind(k)))
				parts, err := g.Parts(t, nil)
				if err != nil {
					return nil
				}
				total += len(parts)
				samples++
			}
		}
		v.Kind[k] = 1
		if samples > 0 && total > 0 {
			v.Kind[k] = 1 + float64(total)/float64(samples)
		}
	}
	return v
}

// findSquares computes the square tables of g where the search's rules (GameRules) have
// royal pieces and two players; nil elsewhere or where the board is too large.
func findSquares(g *eval.Game) *Squares {
	r := GameRules(g)
	nk, nl := len(g.Pieces), len(g.Board.Locs)
	if r.Royal == nil || nk*nl*2 > maxSquareWork {
		return nil
	}
	v := PieceValues(g)
	if c := crowdedValues(g, r); c != nil {
		v = c
	}
	sq := &Squares{Values: v, kinds: nk, Worth: make([][]float64, 2*nk), Royal: make([][]float64, 2*nk), royal: r.Royal, strong: r.Strong}
	base := g.NewState()
	for p := 0; p < 2; p++ {
		s := base
		for i := 0; i < 4; i++ {
			if _, mover := g.Side(s); int(mover) == p {
				break
			}
			next, err := g.Pass(s)
			if err != nil {
				return nil
			}
			s = next
		}
		side, mover := g.Side(s)
		if int(mover) != p {
			return nil
		}
		for k := 0; k < nk; k++ {
			moves := make([]float64, nl)
			promote := make([]float64, nl) // the best gain of a promotion from l
			links := make([][]int32, nl)
			onBoard, total := 0, 0.0
			for l := 0; l < nl; l++ {
				if !g.Board.Locs[l].HasRect {
					continue
				}
				t := bare(s)
				t.Cells[l] = engine.MakeCell(side, engine.Kind(k), g.DefaultAttrs(engine.Kind(k)))
				parts, err := g.Parts(t, nil)
				if err != nil {
					return nil
				}
				moves[l] = float64(len(parts))
				onBoard++
				total += moves[l]
				for i := range parts {
					for _, c := range parts[i].Changes {
						switch c.Op {
						case engine.OpMove:
							if c.From == engine.Loc(l) && c.To >= 0 && int(c.To) < nl {
								links[l] = append(links[l], int32(c.To))
							}
						case engine.OpType:
							if int(c.Kind) < nk {
								promote[l] = max(promote[l], v.Kind[c.Kind]-v.Kind[k])
							}
						}
					}
				}
			}
			if onBoard == 0 {
				continue
			}
			mean := total / float64(onBoard)
			dist := promotionDistances(links, promote)
			worth := make([]float64, nl)
			for l := range worth {
				if g.Board.Locs[l].HasRect {
					worth[l] = SquareWeight * (moves[l] - mean)
				}
			}
			if r.Royal[p][k] {
				sq.Royal[p*nk+k] = worth
				continue
			}
			for l := range worth {
				if d := dist[l]; d.d >= 0 && d.gain > 0 {
					f := float64(1 + d.d)
					worth[l] += PromoteWeight * d.gain / (f * f)
				}
			}
			sq.Worth[p*nk+k] = worth
		}
	}
	start := g.NewState()
	for _, c := range start.Cells {
		if !c.IsEmpty() && int(c.Player()) < 2 && sq.strong[c.Kind()] {
			sq.full[c.Player()] += v.Kind[c.Kind()]
		}
	}
	return sq
}

// promoDist is the number of a piece's own moves to the nearest square from which it
// promotes (-1: none), with the gain of that promotion.
type promoDist struct {
	d    int
	gain float64
}

// promotionDistances walks the links backwards from the squares where promote is
// positive.
func promotionDistances(links [][]int32, promote []float64) []promoDist {
	nl := len(links)
	into := make([][]int32, nl)
	for l, ns := range links {
		for _, n := range ns {
			into[n] = append(into[n], int32(l))
		}
	}
	dist := make([]promoDist, nl)
	var queue []int32
	for l := range dist {
		dist[l] = promoDist{-1, 0}
		if promote[l] > 0 {
			dist[l] = promoDist{0, promote[l]}
			queue = append(queue, int32(l))
		}
	}
	for i := 0; i < len(queue); i++ { // each square enters the queue once
		l := queue[i]
		for _, from := range into[l] {
			if dist[from].d < 0 {
				dist[from] = promoDist{dist[l].d + 1, dist[l].gain}
				queue = append(queue, from)
			}
		}
	}
	return dist
}

// score returns the square terms of s for p against the other player.
func (sq *Squares) score(g *eval.Game, v *Values, s *engine.State, p engine.Player) float64 {
	var per, strong [2]float64
	var royalAt [2][]int // positions and kinds of royal pieces, scored once phase is known
	for l, c := range s.Cells {
		if c.IsEmpty() {
			continue
		}
		q, k := int(c.Player()), int(c.Kind())
		if q > 1 {
			continue
		}
		if sq.royal[q][k] {
			royalAt[q] = append(royalAt[q], l, k)
			continue
		}
		if t := sq.Worth[q*sq.kinds+k]; t != nil {
			per[q] += t[l]
		}
		if sq.strong[k] {
			strong[q] += v.Kind[k]
		}
	}
	for q := 0; q < 2; q++ {
		// phase: the other side's strong material against its start, 1 down to 0.
		phase := 0.0
		if f := sq.full[1-q]; f > 0 {
			phase = min(1, strong[1-q]/f)
		}
		for i := 0; i+1 < len(royalAt[q]); i += 2 {
			l := royalAt[q][i]
			if t := sq.Royal[q*sq.kinds+royalAt[q][i+1]]; t != nil {
				per[q] += (1 - 2*phase) * t[l]
			}
			if phase > 0 {
				per[q] += phase * ShelterWeight * float64(sq.shelter(g, s, engine.Player(q), l))
			}
		}
	}
	if p > 1 {
		return 0
	}
	return per[p] - per[1-p]
}

// shelter counts the pieces of p, royal for none, one link of the board away from l.
func (sq *Squares) shelter(g *eval.Game, s *engine.State, p engine.Player, l int) int {
	b := g.Board
	nd, nl := b.NDirs(), len(s.Cells)
	n := 0
	for d := 0; d < nd; d++ {
		m := b.Next[l*nd+d]
		if m < 0 || int(m) >= nl || int(m) == l {
			continue
		}
		if c := s.Cells[m]; !c.IsEmpty() && c.Player() == p && !sq.royal[p][c.Kind()] {
			n++
		}
	}
	return n
}
