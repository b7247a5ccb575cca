package ai

// This file is the playout policy of MCTS (mcts.go). A playout plays turns one at a time
// where the rules allow it (match's Candidates and PlayCandidate: only the turn played
// gets its state built) and draws them uniformly, with two preferences read from what
// the rules say:
//
//   - In rules that capture whole groups (eval's CapturesGroups: a group lives by the
//     empty positions next to it), a drop on an empty position all of whose neighbours
//     (as the group fills see them) hold the mover's own pieces is drawn last: it takes
//     away a liberty that the mover's groups share and no opponent can take without
//     being captured, unless one of those groups has that position as its last
//     liberty, in which case the drop is drawn as any other (it may save the group).
//     Playouts that fill their own eyes end with every group captured, and tell
//     nothing about the position.
//   - In the same rules, a drop whose group would have one empty position left next to
//     it and that captures nothing (it puts itself in atari, as Go players say) is
//     drawn last too: the opponent takes it at once.
//   - In the same rules, a group next to the last turn's piece (or the piece itself) that
//     has one empty position left next to it is urgent: a drop there captures it (an
//     opponent's group) or gives it room (the mover's own), so such drops are tried
//     first, before the uniform draw.
//   - A pass the rules offer at every turn is played only when no other turn is left
//     but those drawn last: a playout that passes while it can still drop ends early,
//     at a score that the drops left would change.
//
// Neither removes a legal turn: when every turn that moves a piece is refused or drawn
// last, the playout lists the legal turns (Legal) and plays the pass if there is one,
// else a turn drawn last; a player with no legal turn passes or loses as the rules say.

import (
	"math/rand/v2"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// priorN is the weight of a turn's prior (policy.prior) in playouts: its RAVE
// statistics start as if it had been made in that many playouts.
const priorN = 20

// prior gives the turns of a node of the tree, in rules that capture groups, a prior
// in their RAVE statistics: a drop the playouts draw last (into one's own eye or into
// atari) as if it had lost nine playouts in ten; any other drop by its room, the
// positions within three steps of it through the board's links, from 0.35 for the
// least room to 0.65 for the most (in Go the edge and the corners have less room than
// the centre). With few playouts a turn is chosen among those tried most, and the
// turns are tried first by their RAVE value: without a prior that is their order in
// the list of turns.
func (p *policy) prior(a *amaf, s *engine.State, turns []eval.Turn) {
	if !p.eyes || a == nil {
		return
	}
	if p.room == nil {
		p.room = make([]float64, len(p.adj))
		most := 0
		counts := make([]int, len(p.adj))
		for l := range p.adj {
			counts[l] = p.within(engine.Loc(l), 3)
			most = max(most, counts[l])
		}
		for l := range p.room {
			if most > 0 {
				p.room[l] = 0.35 + 0.3*float64(counts[l])/float64(most)
			}
		}
	}
	for i := range turns {
		t := &turns[i]
		l := t.Parts[0].Dest()
		if t.Parts[0].Pass || len(t.Parts) != 1 || l == engine.NoLoc || int(l) >= len(p.room) || t.Parts[0].Source() != engine.NoLoc {
			continue
		}
		v := p.room[l]
		if p.last(s, &t.Parts[0], a.mover) {
			v = 0.1
		}
		a.n[i] += priorN
		a.wins[i] += priorN * v
	}
}

// within counts the positions other than l that are at most steps links away from it.
func (p *policy) within(l engine.Loc, steps int) int {
	p.stamp++
	if p.stamp == 0 {
		clear(p.marks)
		p.stamp = 1
	}
	p.marks[l] = p.stamp
	front := []engine.Loc{l}
	count := 0
	for range steps {
		var next []engine.Loc
		for _, v := range front {
			for _, n := range p.adj[v] {
				if p.marks[n] != p.stamp {
					p.marks[n] = p.stamp
					next = append(next, n)
				}
			}
		}
		count += len(next)
		front = next
	}
	return count
}

// policy is what a playout needs to know of the rules, computed once per search.
type policy struct {
	eyes   bool           // the rules capture groups: drops into one's own eyes last
	adj    [][]engine.Loc // per position, its neighbours
	marks  []uint32       // flood fill stamps per position
	stamp  uint32
	stack  []engine.Loc
	left   []int32   // candidates not drawn yet
	late   []int32   // candidates drawn last
	room   []float64 // per position, the prior of a drop there (prior)
	at     []int32   // per position, 1 + the candidate that drops there this turn, or 0
	urgent []engine.Loc
}

func newPolicy(g *eval.Game) *policy {
	p := &policy{eyes: g.CapturesGroups()}
	if p.eyes {
		p.adj = make([][]engine.Loc, len(g.Board.Locs))
		for l := range p.adj {
			p.adj[l] = g.Adjacent(engine.Loc(l), nil)
		}
		p.marks = make([]uint32, len(g.Board.Locs))
		p.at = make([]int32, len(g.Board.Locs))
	}
	return p
}

// last reports whether part, a turn of mover in s, is to be drawn last: a drop into
// one of mover's eyes, or into atari.
func (p *policy) last(s *engine.State, part *engine.Move, mover engine.Player) bool {
	if !p.eyes {
		return false
	}
	l := part.Dest()
	if l == engine.NoLoc || part.Source() != engine.NoLoc || int(l) >= len(p.adj) || !s.Cells[l].IsEmpty() || len(p.adj[l]) == 0 {
		return false
	}
	for _, n := range p.adj[l] {
		c := s.Cells[n]
		if c.IsEmpty() || c.Player() != mover {
			return p.selfAtari(s, l, mover)
		}
	}
	for _, n := range p.adj[l] {
		if p.oneLiberty(s, n) {
			return false
		}
	}
	return true
}

// selfAtari reports whether a drop of mover on the empty position l leaves the group it
// joins with at most one empty position next to it while capturing nothing: no
// opponent's group next to l has l as its last liberty.
func (p *policy) selfAtari(s *engine.State, l engine.Loc, mover engine.Player) bool {
	for _, n := range p.adj[l] {
		if c := s.Cells[n]; !c.IsEmpty() && c.Player() != mover && p.oneLiberty(s, n) {
			return false // it captures
		}
	}
	n, _ := p.groupLiberty(s, l, mover)
	return n <= 1
}

// oneLiberty reports whether the group of the piece on l has at most one empty
// position next to it.
func (p *policy) oneLiberty(s *engine.State, l engine.Loc) bool {
	n, _ := p.liberty(s, l)
	return n <= 1
}

// liberty returns how many empty positions are next to the group of the piece on l,
// counting to two, and the first one found.
func (p *policy) liberty(s *engine.State, l engine.Loc) (int, engine.Loc) {
	return p.groupLiberty(s, l, s.Cells[l].Player())
}

// groupLiberty is liberty for the group of owner's pieces that holds l or, when l is
// empty, that a piece of owner put on l would join: l itself never counts.
func (p *policy) groupLiberty(s *engine.State, l engine.Loc, owner engine.Player) (int, engine.Loc) {
	p.stamp++
	if p.stamp == 0 {
		clear(p.marks)
		p.stamp = 1
	}
	libs := engine.NoLoc
	p.stack = append(p.stack[:0], l)
	p.marks[l] = p.stamp
	for len(p.stack) > 0 {
		v := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		for _, n := range p.adj[v] {
			if p.marks[n] == p.stamp {
				continue
			}
			c := s.Cells[n]
			switch {
			case c.IsEmpty():
				if libs != engine.NoLoc && libs != n {
					return 2, libs
				}
				libs = n
			case c.Player() == owner:
				p.marks[n] = p.stamp
				p.stack = append(p.stack, n)
			}
		}
	}
	if libs == engine.NoLoc {
		return 0, libs
	}
	return 1, libs
}

// urgentAfter lists in p.urgent the last empty positions of the groups at or next to
// where the last turn of x put its piece.
func (p *policy) urgentAfter(x *match.Match) {
	p.urgent = p.urgent[:0]
	h := x.History()
	if !p.eyes || len(h) == 0 || h[len(h)-1].Turn.Parts[0].Pass {
		return
	}
	parts := h[len(h)-1].Turn.Parts
	l := parts[len(parts)-1].Dest()
	if l == engine.NoLoc || int(l) >= len(p.adj) {
		return
	}
	s := x.State()
	for k := -1; k < len(p.adj[l]); k++ {
		v := l
		if k >= 0 {
			v = p.adj[l][k]
		}
		if s.Cells[v].IsEmpty() {
			continue
		}
		if n, lib := p.liberty(s, v); n == 1 {
			p.urgent = append(p.urgent, lib)
		}
	}
}

// playCandidate plays a turn of x drawn by the policy among its candidates, and reports
// whether it did; false when x cannot play candidates or every candidate is refused or
// drawn last (the caller then lists the legal turns).
func (p *policy) playCandidate(x *match.Match, r *rand.Rand) (bool, error) {
	parts, ok, err := x.Candidates()
	if err != nil || !ok {
		return false, err
	}
	s, mover := x.State(), x.Mover()
	if p.urgentAfter(x); len(p.urgent) > 0 {
		for i := range parts {
			if l := parts[i].Dest(); l != engine.NoLoc && int(l) < len(p.at) {
				p.at[l] = int32(i) + 1
			}
		}
		played := false
		var err error
		for _, l := range p.urgent {
			if c := p.at[l] - 1; c >= 0 && !played && err == nil && !p.last(s, &parts[c], mover) {
				played, err = x.PlayCandidate(int(c))
			}
		}
		for i := range parts {
			if l := parts[i].Dest(); l != engine.NoLoc && int(l) < len(p.at) {
				p.at[l] = 0
			}
		}
		if err != nil || played {
			return played, err
		}
	}
	p.left = p.left[:0]
	for i := range parts {
		p.left = append(p.left, int32(i))
	}
	for k := len(p.left); k > 0; k-- {
		j := r.IntN(k)
		c := p.left[j]
		p.left[j] = p.left[k-1]
		if p.last(s, &parts[c], mover) {
			continue
		}
		played, err := x.PlayCandidate(int(c))
		if err != nil || played {
			return played, err
		}
	}
	return false, nil
}

// pick draws a turn of Legal: uniformly among those that move a piece and are not
// drawn last; else the pass, if there is one; else uniformly among all.
func (p *policy) pick(x *match.Match, r *rand.Rand) int {
	turns := x.Legal()
	if x.MustPass() || len(turns) == 1 {
		return 0
	}
	s, mover := x.State(), x.Mover()
	p.left, p.late = p.left[:0], p.late[:0]
	pass := -1
	for i := range turns {
		switch {
		case turns[i].Parts[0].Pass:
			pass = i
		case len(turns[i].Parts) == 1 && p.last(s, &turns[i].Parts[0], mover):
			p.late = append(p.late, int32(i))
		default:
			p.left = append(p.left, int32(i))
		}
	}
	switch {
	case len(p.left) > 0:
		return int(p.left[r.IntN(len(p.left))])
	case pass >= 0:
		return pass
	}
	return r.IntN(len(turns))
}
