package ai

// This file plays MCTS's playouts on eval's GroupBoard where the rules are of its form
// (eval.Game.GroupDrops: stones dropped on empty positions, enemy groups without an
// empty neighbour captured, no suicide; Go is one). The board keeps the empty positions
// and each group's liberties as the drops go, so a turn costs a few steps instead of a
// run of the rules' code through the match; TestGroupBoard (match) compares its turns
// with the rules'. The playout is the one of policy.go, turn by turn the same draw: the
// last liberty of a group at or next to the last drop first; then (the board's own) the
// capture of an enemy group in atari that touches a group of the mover's next to the
// last drop left in atari; then, by chance (localChance), the positions around the last
// drop (ring) in random order; then the empty positions in random order; eye fills and
// drops into atari skipped, a pass only when no other drop is left. The repetition rule
// is applied as the match applies it: a drop whose board was seen before in the game
// (the match's positions and the playout's, within the rule's window) is refused. After
// a pass the rules' own goals are checked (eval.Workspace.Goals) on the position
// reached, so the game ends and is scored as the rules say.

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// groupPlayout holds what the playouts of one search on a GroupBoard reuse.
type groupPlayout struct {
	g       *eval.Game
	b       *eval.GroupBoard
	ws      *eval.Workspace
	scratch *engine.State
	seen    keySet   // the playout's keys, where every earlier position counts
	keys    []uint64 // the playout's keys, in order
	window  int
	rule    bool
	n       int
	// rp, when not nil, keeps the last good replies (reply.go) and the iteration's turns.
	rp *replies
	// trace, when not nil, gets every turn of the playouts: the drop's position, or
	// NoLoc for a pass (tests replay them through the match).
	trace *[]engine.Loc
	// near lists, per position, the others within two links of it through the board's
	// directions (in Go the eight around it and the four two steps away).
	near [][]engine.Loc
	// ring lists, per position, its neighbours and the positions next to two of them (in
	// Go the eight around it), which the playouts try first by chance (local).
	ring [][]engine.Loc
	// local is the chance that a turn of a playout first tries the positions near the
	// last drop (0: never).
	local float64
	buf   []engine.Loc // scratch: a draw among the near positions, a group's stones
}

// newGroupPlayout returns the playouts of g on a GroupBoard, or nil where its rules are
// not of that form.
func newGroupPlayout(g *eval.Game) *groupPlayout {
	if !g.GroupDrops() {
		return nil
	}
	b, err := g.NewGroupBoard()
	if err != nil {
		return nil
	}
	n := len(g.Board.Locs)
	near, ring := make([][]engine.Loc, n), make([][]engine.Loc, n)
	for l := range n {
		var out []engine.Loc
		add := func(v engine.Loc) {
			if v != engine.NoLoc && v != engine.Loc(l) && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		for _, v := range b.Neighbours(engine.Loc(l)) {
			add(v)
		}
		for _, v := range slices.Clone(out) {
			for _, w := range b.Neighbours(v) {
				add(w)
			}
		}
		near[l] = out
		// The ring: the neighbours and the positions next to two of them.
		var in []engine.Loc
		for _, v := range out {
			k := 0
			for _, w := range b.Neighbours(v) {
				if w != engine.NoLoc && slices.Contains(b.Neighbours(engine.Loc(l)), w) {
					k++
				}
			}
			if slices.Contains(b.Neighbours(engine.Loc(l)), v) || k >= 2 {
				in = append(in, v)
			}
		}
		ring[l] = in
	}
	return &groupPlayout{g: g, b: b, ws: g.NewWorkspace(), n: n, near: near, ring: ring, local: localChance}
}

// localChance is the chance that a playout's turn tries the positions near the last
// drop before the others (groupPlayout.local).
const localChance = 0.25

// repeats reports whether the board of key is one the repetition rule forbids after the
// playout's turns so far.
func (gp *groupPlayout) repeats(x *match.Match, key uint64) bool {
	if !gp.rule {
		return false
	}
	if gp.window == 0 {
		if gp.seen.has(key) {
			return true
		}
		return x.SeenKey(key, 0)
	}
	k := len(gp.keys)
	for i := k - 1; i >= 0 && i >= k-gp.window; i-- {
		if gp.keys[i] == key {
			return true
		}
	}
	return gp.window > k && x.SeenKey(key, gp.window-k)
}

// forget drops the keys of the playout's turns.
func (gp *groupPlayout) forget() {
	gp.keys = gp.keys[:0]
	if gp.seen.n > 0 {
		gp.seen.reset()
	}
}

// record adds the board's key after a turn of the playout.
func (gp *groupPlayout) record() {
	k := gp.b.Key()
	gp.keys = append(gp.keys, k)
	if gp.window == 0 {
		gp.seen.add(k)
	}
}

// last is policy.last on the board: a drop of mover on l into its own eye or into atari.
func (gp *groupPlayout) last(l engine.Loc, mover engine.Player) bool {
	b := gp.b
	cells := b.Cells()
	near := false
	for _, n := range b.Neighbours(l) {
		if n == engine.NoLoc {
			continue
		}
		near = true
		if c := cells[n]; c.IsEmpty() || c.Player() != mover {
			return gp.selfAtari(l, mover)
		}
	}
	if !near {
		return false
	}
	for _, n := range b.Neighbours(l) {
		if n != engine.NoLoc && b.Atari(n) != engine.NoLoc {
			return false
		}
	}
	return true
}

// selfAtari is policy.selfAtari on the board.
func (gp *groupPlayout) selfAtari(l engine.Loc, mover engine.Player) bool {
	b := gp.b
	cells := b.Cells()
	for _, n := range b.Neighbours(l) {
		if n != engine.NoLoc && !cells[n].IsEmpty() && cells[n].Player() != mover && b.Atari(n) != engine.NoLoc {
			return false // it captures
		}
	}
	return b.LibertiesAfter(l, mover) <= 1
}

// try plays mover's drop on l if it is legal and not refused by the repetition rule.
func (gp *groupPlayout) try(x *match.Match, l engine.Loc, mover engine.Player) bool {
	if !gp.b.Legal(l, mover) || gp.repeats(x, gp.b.KeyAfter(l, mover)) {
		return false
	}
	gp.b.Play(l, mover)
	gp.record()
	return true
}

// playout plays from the position of x to the end, or to max turns, and returns the
// result. ok is false when the position cannot be loaded (the caller then plays the
// playout through the match).
func (gp *groupPlayout) playout(x *match.Match, r *rand.Rand, rec *[]amafTurn, max int) (res eval.Result, ok bool, err error) {
	s := x.State()
	if err := gp.b.Load(s); err != nil {
		return eval.Result{}, false, nil
	}
	gp.rule, gp.window = x.RepeatRule()
	gp.forget()
	if gp.rp != nil {
		gp.rp.begin(lastTurns(gp.g, x))
	}
	res, err = gp.run(x, r, rec, max, s, s.Turn, s.Passes, lastDrop(x))
	if err == nil && gp.rp != nil {
		gp.rp.learn(res)
	}
	return res, true, err
}

// lastDrop is where the last turn of x dropped its stone, or NoLoc.
func lastDrop(x *match.Match) engine.Loc {
	if h := x.History(); len(h) > 0 && !h[len(h)-1].Turn.Parts[0].Pass {
		parts := h[len(h)-1].Turn.Parts
		return parts[len(parts)-1].Dest()
	}
	return engine.NoLoc
}

// lastTurns returns the last two turns of x, oldest first (a pass, or no turn, as
// NoLoc).
func lastTurns(g *eval.Game, x *match.Match) [2]replyTurn {
	var out [2]replyTurn
	h := x.History()
	for i := range out {
		j := len(h) - 2 + i
		out[i] = replyTurn{engine.Player(1 - i%2), engine.NoLoc}
		if j < 0 {
			continue
		}
		_, out[i].p = g.Side(h[j].Before)
		if t := &h[j].Turn; !t.Parts[0].Pass {
			out[i].l = t.Parts[len(t.Parts)-1].Dest()
		}
	}
	return out
}

// run plays the playout from the board, whose position is the one of x followed by the
// turns whose keys gp holds (record; forget before the first) at turn-order entry turn,
// with passes in a row before it and the last drop at last; s is a state of the game
// between turns, the template of the positions whose goals are checked.
func (gp *groupPlayout) run(x *match.Match, r *rand.Rand, rec *[]amafTurn, max int, s *engine.State, turn int, passes int32, last engine.Loc) (eval.Result, error) {
	b := gp.b
	entries := gp.g.TurnOrder.Entries
	for ply := 0; ply < max; ply++ {
		mover := entries[turn].Mover
		played := engine.NoLoc
		// The last liberty of a group at or next to the last drop first.
		if last != engine.NoLoc {
			for k := -1; k < len(b.Neighbours(last)) && played == engine.NoLoc; k++ {
				v := last
				if k >= 0 {
					v = b.Neighbours(last)[k]
				}
				if v == engine.NoLoc || b.Cells()[v].IsEmpty() {
					continue
				}
				if lib := b.Atari(v); lib != engine.NoLoc && !gp.last(lib, mover) && gp.try(x, lib, mover) {
					played = lib
				}
			}
		}
		// Then a group of the mover's next to the last drop left with one liberty is
		// saved by capturing an enemy group in atari that touches it.
		if played == engine.NoLoc && last != engine.NoLoc {
			played = gp.save(x, last, mover)
		}
		// Then, by chance, the positions near the last drop in random order.
		if played == engine.NoLoc && last != engine.NoLoc && gp.local > 0 && r.Float64() < gp.local {
			gp.buf = append(gp.buf[:0], gp.ring[last]...)
			for k := len(gp.buf); k > 0 && played == engine.NoLoc; k-- {
				j := r.IntN(k)
				l := gp.buf[j]
				gp.buf[j] = gp.buf[k-1]
				if b.Cells()[l].IsEmpty() && !gp.last(l, mover) && gp.try(x, l, mover) {
					played = l
				}
			}
		}
		// Then the last good reply to the last two turns, or to the last.
		if played == engine.NoLoc && gp.rp != nil {
			two, one := gp.rp.reply(mover)
			for _, l := range [2]engine.Loc{two, one} {
				if l != engine.NoLoc && played == engine.NoLoc && b.Cells()[l].IsEmpty() && !gp.last(l, mover) && gp.try(x, l, mover) {
					played = l
				}
			}
		}
		// Then the empty positions in random order.
		for k := len(b.Empty()); k > 0 && played == engine.NoLoc; k-- {
			j := r.IntN(k)
			l := b.Empty()[j]
			b.Swap(j, k-1)
			if gp.last(l, mover) {
				continue
			}
			if gp.try(x, l, mover) {
				played = l
			}
		}
		turn = gp.g.TurnAfter(turn)
		last = played
		if gp.rp != nil {
			gp.rp.add(mover, played)
		}
		if gp.trace != nil {
			*gp.trace = append(*gp.trace, played)
		}
		if played != engine.NoLoc {
			passes = 0
			if rec != nil {
				*rec = append(*rec, amafTurn{mover, gp.key(played)})
			}
			continue
		}
		// A pass: the rules' goals decide whether the game is over.
		passes++
		gp.record()
		res, decided, err := gp.ws.Goals(gp.state(s, turn, passes), mover, 1)
		if err != nil {
			return eval.Result{}, err
		}
		if decided {
			return res, nil
		}
	}
	return materialResult(gp.g, gp.state(s, turn, passes)), nil
}

// save plays, for a group of mover's next to last with one empty neighbour, the capture
// of an enemy group in atari next to one of its stones, and returns where it dropped
// (NoLoc: none).
func (gp *groupPlayout) save(x *match.Match, last engine.Loc, mover engine.Player) engine.Loc {
	b := gp.b
	cells := b.Cells()
	for _, v := range b.Neighbours(last) {
		if v == engine.NoLoc || cells[v].IsEmpty() || cells[v].Player() != mover || b.Atari(v) == engine.NoLoc {
			continue
		}
		gp.buf = b.Stones(v, gp.buf[:0])
		for _, s := range gp.buf {
			for _, t := range b.Neighbours(s) {
				if t == engine.NoLoc || cells[t].IsEmpty() || cells[t].Player() == mover {
					continue
				}
				if lib := b.Atari(t); lib != engine.NoLoc && gp.try(x, lib, mover) {
					return lib
				}
			}
		}
	}
	return engine.NoLoc
}

// key is the RAVE key of a drop on l (turnKey's).
func (gp *groupPlayout) key(l engine.Loc) uint32 {
	if l == engine.NoLoc {
		return 0
	}
	return uint32(1 + gp.n*(gp.n+1) + int(l))
}

// state returns the position of the board after the playout's turns from s.
func (gp *groupPlayout) state(s *engine.State, turn int, passes int32) *engine.State {
	if gp.scratch == nil {
		gp.scratch = s.Clone()
	}
	gp.scratch.CopyFrom(s)
	copy(gp.scratch.Cells, gp.b.Cells())
	gp.scratch.Turn, gp.scratch.Passes = turn, passes
	gp.scratch.Hash = gp.g.FullHash(gp.scratch)
	return gp.scratch
}

// moves lists the legal turns of the board's position for mover, as the match lists
// them: the drops in the order of the positions (the order in which the rules' drop
// block runs over the board), then the pass (NoLoc), which the form always allows.
func (gp *groupPlayout) moves(x *match.Match, mover engine.Player) []engine.Loc {
	b := gp.b
	out := make([]engine.Loc, 0, len(b.Empty())+1)
	for _, l := range b.Empty() {
		if b.Legal(l, mover) && !gp.repeats(x, b.KeyAfter(l, mover)) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return append(out, engine.NoLoc)
}

// sameTurns reports whether locs are the turns of x, in order (moves' list).
func sameTurns(x *match.Match, locs []engine.Loc) bool {
	turns := x.Legal()
	if len(turns) != len(locs) {
		return false
	}
	for i := range turns {
		p := &turns[i].Parts[0]
		if p.Pass != (locs[i] == engine.NoLoc) || !p.Pass && (len(turns[i].Parts) != 1 || p.Dest() != locs[i]) {
			return false
		}
	}
	return true
}

// amaf returns the RAVE statistics of a node whose mover chooses among locs, with the
// policy's priors (policy.prior, read on the board at the node's position), higher ones
// for a drop that captures (0.9) or gives the last room of a group of the mover's two
// empty neighbours or more (0.8), nearPrior more for any other drop within two links of
// the last drop (last; NoLoc: none), and one for the pass (which has no RAVE statistics
// of its own: playouts record no pass).
func (gp *groupPlayout) amaf(pol *policy, mover engine.Player, locs []engine.Loc, last engine.Loc) *amaf {
	keys := make([]uint32, len(locs))
	for i, l := range locs {
		keys[i] = gp.key(l)
	}
	a := newAMAFKeys(mover, keys)
	if !pol.eyes {
		return a
	}
	pol.rooms()
	pass, drops := -1, false
	for i, l := range locs {
		if l == engine.NoLoc {
			pass = i
			continue
		}
		if int(l) >= len(pol.room) {
			continue
		}
		v := pol.room[l]
		switch {
		case gp.last(l, mover):
			v = 0.1
		case gp.captures(l, mover):
			v, drops = 0.9, true
		case gp.rescues(l, mover):
			v, drops = 0.8, true
		default:
			drops = true
			if last != engine.NoLoc && slices.Contains(gp.near[last], l) {
				v += nearPrior
			}
		}
		a.n[i] += priorN
		a.wins[i] += priorN * v
	}
	// The pass as the playouts see it: drawn last while a drop is left that is not (as
	// an eye fill or a drop into atari), so as low as those; else neutral.
	if pass >= 0 {
		v := 0.5
		if drops {
			v = 0.1
		}
		a.n[pass] += priorN
		a.wins[pass] += priorN * v
	}
	return a
}

// nearPrior is what a drop within two links of the last drop adds to its prior.
const nearPrior = 0.15

// captures reports whether mover's drop on l captures: an enemy group next to it has l
// as its one empty neighbour.
func (gp *groupPlayout) captures(l engine.Loc, mover engine.Player) bool {
	b := gp.b
	for _, n := range b.Neighbours(l) {
		if n != engine.NoLoc && !b.Cells()[n].IsEmpty() && b.Cells()[n].Player() != mover && b.Atari(n) == l {
			return true
		}
	}
	return false
}

// rescues reports whether mover's drop on l gives a group of its own that has l as its
// one empty neighbour two or more.
func (gp *groupPlayout) rescues(l engine.Loc, mover engine.Player) bool {
	b := gp.b
	for _, n := range b.Neighbours(l) {
		if n != engine.NoLoc && !b.Cells()[n].IsEmpty() && b.Cells()[n].Player() == mover && b.Atari(n) == l {
			return b.LibertiesAfter(l, mover) >= 2
		}
	}
	return false
}

// chooseOnBoard is MCTS's Choose where the explorer x's game is played on the group
// board: the tree's nodes list their turns from the board (moves), its turns are made in
// the match one candidate at a time and on the board, and the playouts go on from the
// board. ok is false where the board cannot serve (its turns at the root are not the
// match's); the caller then searches as before.
func (m *MCTS) chooseOnBoard(mt, x *match.Match, gp *groupPlayout, pol *policy, rave bool, r *rand.Rand, capAt time.Duration) (best int, ok bool, err error) {
	g := gp.g
	np := len(g.Players)
	me := mt.Mover()
	s0 := x.State()
	if gp.b.Load(s0) != nil {
		return 0, false, nil
	}
	gp.rule, gp.window = x.RepeatRule()
	gp.forget()
	rootLocs := gp.moves(x, me)
	if !sameTurns(mt, rootLocs) {
		return 0, false, nil
	}
	s0 = s0.Clone() // the explorer's state changes as it plays
	last0 := lastDrop(x)
	before := lastTurns(g, x)
	entries := g.TurnOrder.Entries
	var seq []amafTurn
	root, base := m.kept.take(mt, rave)
	if root != nil && root.locs == nil {
		root = nil
	}
	if root == nil {
		root = &node{turns: len(rootLocs), locs: rootLocs, wins: make([]float64, np), hash: mt.State().Hash}
	}
	if !root.expanded {
		root.expanded = true
		root.children = make([]*node, root.turns)
		if rave {
			root.amaf = gp.amaf(pol, me, root.locs, last0)
		}
	}
	it := 0
	defer func() {
		if err == nil {
			m.kept.put(mt, root, base+it)
		}
	}()
	var deadline time.Time
	if m.Time > 0 {
		deadline = time.Now().Add(m.Time)
	}
	maxPlayout := max(m.MaxPlayout, 4*len(g.Board.Locs))
	for ; it < m.Iterations; it++ {
		if it > 0 && m.Time > 0 && time.Now().After(deadline) {
			break
		}
		if it > 0 && m.Yield != nil && !m.Yield() {
			break
		}
		if it > 0 && capAt > 0 && threadCPU() > capAt {
			break
		}
		if err := gp.b.Load(s0); err != nil {
			return 0, false, err
		}
		gp.forget()
		if gp.rp != nil {
			gp.rp.begin(before)
		}
		turn, passes, last := s0.Turn, s0.Passes, last0
		path := []*node{root}
		n := root
		seq = seq[:0]
		for !n.over && n.expanded && n.turns > 0 {
			mover := entries[turn].Mover
			i := m.pick(g, n, mover, r)
			if rave {
				t := amafTurn{mover, 0}
				if n.amaf != nil {
					t.key = n.amaf.keys[i]
				}
				seq = append(seq, t)
			}
			loc := n.locs[i]
			// The tree's turns are made on the board alone, as the playouts' are: the
			// board's turns are the match's (TestGroupBoard), its keys join the
			// playout's for the repetition rule, and only a pass can end the game.
			if loc != engine.NoLoc {
				gp.b.Play(loc, mover)
			}
			gp.record()
			if gp.rp != nil {
				gp.rp.add(mover, loc)
			}
			turn = g.TurnAfter(turn)
			last = loc
			if passes++; loc != engine.NoLoc {
				passes = 0
			}
			c := n.children[i]
			if c == nil {
				s := gp.state(s0, turn, passes)
				c = &node{wins: make([]float64, np), hash: s.Hash}
				if loc == engine.NoLoc {
					res, decided, err := gp.ws.Goals(s, mover, 1)
					if err != nil {
						return 0, false, err
					}
					c.over, c.result = decided, res
				}
				if !c.over {
					c.locs = gp.moves(x, entries[turn].Mover)
					c.turns = len(c.locs)
				}
				n.children[i] = c
				path = append(path, c)
				n = c
				break
			}
			n = c
			path = append(path, n)
		}
		if !n.expanded && !n.over {
			n.expanded = true
			n.children = make([]*node, n.turns)
			if rave {
				n.amaf = gp.amaf(pol, entries[turn].Mover, n.locs, last)
			}
		}
		res := n.result
		if !n.over {
			var rec *[]amafTurn
			if rave {
				rec = &seq
			}
			if res, err = gp.run(x, r, rec, maxPlayout, s0, turn, passes, last); err != nil {
				return 0, false, err
			}
		}
		if gp.rp != nil {
			gp.rp.learn(res)
		}
		backUp(path, seq, res, np, base+it+1)
	}
	return mostVisited(root, me), true, nil
}
