package eval

// This file serves players who choose a turn uniformly at random (random playouts, zoggo
// run) without the list of every legal turn. Turns checks every turn it generates for
// the safety of the royal pieces and then the player picks one; Sample picks among the
// turns before that check and checks only the ones it picks, until one passes. In plain
// ZRF a turn of one part that ends the turn does not even get its state built unless it
// is picked. Outcome is split in two for the same players: Goals checks the goals that
// need no legal turn, and Sample (or Moves, for a player who wants them all) the rest.

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/zoggo/zoggo/engine"
)

// Sampling reports whether Goals, Sample and Moves serve g: a game of plain ZRF in which
// the legal turns are exactly the generated turns (merged as Turns merges them) that
// keep the mover's royal pieces safe, each decided alone, of the first move priority
// that has some when the priorities may be taken one at a time (priority.go), or the
// rules' pass when there are none and "pass turn" is forced. That excludes priorities
// that must compare all the turns, "maximal captures", a pass always offered, the
// dialect (its checks and repetition rules), Axiom games, and games with more than two
// players who choose, where a loss eliminates a player and Outcome checks again.
func (g *Game) Sampling() bool { return g.sample.ok }

// sampleFacts is what Sampling and Goals know of a game once it is made (initSample).
type sampleFacts struct {
	ok       bool // Sampling's answer
	twoSteps bool // TwoSteps' answer
	// noPartial: no add of the rules' moves or drops goes on (add-partial), so that
	// every part generated ends its turn: its move's Cont is its add's continuation
	// (made, makeStep), NoMoveType for every add that does not go on.
	noPartial bool
	// firstGoals: some goal of the rules needs no legal turn, so that goalsFirst may
	// decide. Without one, Goals decides nothing (UsePlayout).
	firstGoals bool
	noGoals    bool // ok and not firstGoals
	// first lists the goals that need no legal turn, in order: those goalsFirst checks.
	first []int
	// firstRepeated: every goal of first holds only in a position that occurred three
	// times or more (repetitionGated), so that goalsFirst need not check them elsewhere.
	firstRepeated bool
	// steps[p][typ+1]: the first parts of player p of that move type are all steps
	// that the bit scan checks and whose turns are one part each (sampleSteps).
	steps [][]bool
	// moving[p][typ+1][off+i], where steps holds: the squares from which the step of
	// entry i of the kind whose entries start at off in gen.srcs makes a move when its
	// first check passed there (stepsFrom).
	moving [][][]uint64
}

// initSample sets g.sample, once the other analyses are done (it reads g.phased).
func (g *Game) initSample() {
	g.sample.twoSteps = g.ax == nil && g.code != nil && len(g.movers()) <= 2
	if g.code != nil {
		g.sample.noPartial = true
		for _, blocks := range append(slices.Clip(g.code.Moves), g.code.Drops...) {
			g.sample.noPartial = g.sample.noPartial && !hasPartial(blocks)
		}
	}
	g.sample.ok = g.sample.twoSteps && g.code.Dialect == nil && g.Ext == nil &&
		(len(g.MovePriorities) == 0 || g.phased) && g.Options.MaximalCaptures == 0 &&
		g.Options.PassTurn != engine.PassAlways
	g.sample.firstRepeated = true
	for i := range g.Goals {
		if !needsMoves(g.Goals[i].Cond) {
			g.sample.firstGoals = true
			g.sample.first = append(g.sample.first, i)
			g.sample.firstRepeated = g.sample.firstRepeated && repetitionGated(g.Goals[i].Cond)
		}
	}
	g.sample.noGoals = g.sample.ok && !g.sample.firstGoals
	bs := g.bits
	if !g.sample.ok || bs == nil || !g.noDup {
		return
	}
	for _, d := range g.code.Drops {
		if len(d) > 0 {
			return // firstParts makes drops after bitParts' moves
		}
	}
	g.sample.steps = make([][]bool, len(bs.ok))
	g.sample.moving = make([][][]uint64, len(bs.ok))
	for p := range bs.ok {
		g.sample.steps[p] = make([]bool, len(bs.ok[p]))
		g.sample.moving[p] = make([][]uint64, len(bs.ok[p]))
		for t, ok := range bs.ok[p] {
			if !ok || t >= len(bs.kinds) || !countedSteps(bs.kinds[t], p) {
				continue
			}
			g.sample.steps[p][t] = true
			g.sample.moving[p][t] = stepMoving(bs, bs.kinds[t], p)
		}
	}
}

// stepMoving returns, for the entries of kinds (all counted steps) of player p, by
// their place in gen.srcs, the squares from which the step makes a move once its first
// check passed: all of them, but those from which the square reached (delta places on,
// the check's direction being such a shift) fails the condition of an add that has no
// other add.
func stepMoving(bs *bitScan, kinds []bitKind, p int) []uint64 {
	out := make([]uint64, bs.n)
	for k := range kinds {
		bk := &kinds[k]
		for i := range bk.ents {
			m := ^uint64(0)
			if st := &bk.steps[p][i]; st.hasCond && st.els == nil {
				if d := bs.dirs[p][bk.ents[i].dir].delta; d >= 0 {
					m = st.cond >> uint(d)
				} else {
					m = st.cond << uint(-d)
				}
			}
			out[bk.off+i] = m
		}
	}
	return out
}

// countedSteps reports whether every entry of kinds is a step whose adds perft's last
// level may count (bitStep.count) for player p: the move of the piece by one add of
// one kind at most, that ends the turn (no add-partial).
func countedSteps(kinds []bitKind, p int) bool {
	for k := range kinds {
		bk := &kinds[k]
		for i := range bk.ents {
			if !bk.ents[i].p.step || p >= len(bk.steps) || i >= len(bk.steps[p]) || !bk.steps[p][i].count {
				return false
			}
		}
	}
	return true
}

// pickSteps reports whether Sample draws the turns of type typ of side in s by
// counting their moves instead of making them all (sampleSteps).
func (g *Game) pickSteps(s *engine.State, side engine.Player, typ engine.MoveType) bool {
	t := int(typ) + 1
	return int(side) < len(g.sample.steps) && t < len(g.sample.steps[side]) && g.sample.steps[side][t] &&
		g.on(UsePlayout|UseSampleLazy|UseBitScan|UseNoDup) && !g.Semantics.DropNullTurns && len(s.Cells) <= 64
}

var errNotSampling = errors.New("the game's legal turns cannot be sampled (eval.Game.Sampling)")

var errNotTwoSteps = errors.New("the game's goals cannot be checked in two steps (eval.Game.TwoSteps)")

// TwoSteps reports whether Goals and Moves serve g: Outcome is exactly Goals and, when
// they do not decide, Moves, in a game whose moves the rules' code makes (not Axiom's)
// and with at most two players who choose, where no loss eliminates a player (which makes
// Outcome check the goals again). Every game that Sampling serves is one.
func (g *Game) TwoSteps() bool { return g.sample.twoSteps }

// Goals is the first step of Outcome, for a game that Sampling serves or, more widely,
// any game whose goals TwoSteps lets check in two steps: the goals that do not depend on
// the next player's turns, checked after a turn made by mover in s. decided reports
// whether they ended the game (res says how); if they did not, Sample or Moves decides
// in s.
func (ws *Workspace) Goals(s *engine.State, mover engine.Player, repetitions int) (res Result, decided bool, err error) {
	g := ws.g
	if !g.TwoSteps() {
		return Result{}, false, errNotTwoSteps
	}
	if g.NoFirstGoals() || g.firstUnheld(repetitions) && !g.passLimited() {
		return Result{}, false, nil // goalsFirst's answer, without its recovery set up
	}
	defer g.catch(nil, &err)
	res, decided, again := g.goalsFirst(s, mover, repetitions, ws)
	if again { // no player is eliminated with two players who choose
		return Result{}, false, errors.New("internal error: Goals eliminated a player")
	}
	return res, decided, nil
}

// NoFirstGoals reports whether Goals decides nothing in any position of g, a game that
// Sampling serves, so that a caller may leave it out: every goal needs the next
// player's turns, so goalsFirst skips them all, and the pass limit it checks last is
// the dialect's, which Sampling excludes. False where UsePlayout is off.
func (g *Game) NoFirstGoals() bool { return g.sample.noGoals && g.off&UsePlayout == 0 }

// Moves is the second step of Outcome, for a game that TwoSteps serves, when Goals did
// not decide: the legal turns of the player to move in s and, when they cannot move, the
// result Outcome gives (not Over when they must pass).
func (ws *Workspace) Moves(s *engine.State, repetitions int) (res Result, turns []Turn, err error) {
	g := ws.g
	if !g.TwoSteps() {
		return Result{}, nil, errNotTwoSteps
	}
	defer g.catch(nil, &err)
	if turns, err = ws.Turns(s); err != nil {
		return Result{}, nil, err
	}
	res, turns, _ = g.goalsOnTurns(s, turns, repetitions)
	return res, turns, nil
}

// Sample is Moves for a player who picks one turn uniformly at random: it returns one
// of the turns Moves would list, the pick, or when there is none (a nil turn) the result
// Moves gives (not Over when the player must pass). pick(n) must return an int in
// [0, n) chosen uniformly; it is called once for every candidate drawn. The turn is
// ws's: it stays valid until ws is used again.
//
// The candidates are the turns of a move priority before the royal check, merged as
// Turns merges them (Turns keeps, in the same order, the candidates that pass the check;
// each passes or fails alone). They hold no turn twice, or a turn twice as likely as the
// others would be drawn: the generator drops a part that repeats an earlier one as it
// makes them (gen.duplicate), and the turns of several parts that reach the same
// position from the same piece are merged (dedupe) before any draw; a turn of one part
// that ends the turn is merged with nothing, so those are drawn straight from the parts. Sample draws a candidate uniformly among those not drawn
// yet and checks it; the first that passes is returned. Why the pick is uniform over the
// legal turns: drawing until none is left would put the candidates in an order in which
// every order has the same probability (each draw is uniform over what is left, whatever
// the indices that hold them), and Sample returns the first legal candidate of that
// order. Exchanging two legal turns a and b in every order is a one-to-one map between
// the orders in which a comes first of the legal turns and those in which b does, and it
// keeps the probabilities, so every legal turn is returned with the same probability,
// one over their number. When no candidate passes, every one was drawn and checked: the
// priority has no legal turn, as Turns would find, and the next priority is tried.
//
// Where no candidate fails (no royal pieces) the first draw is kept: pick is called
// once, with the number of legal turns, and returns the index Moves' list would; the
// rules' forced pass, the only turn then, is picked with pick(1).
func (ws *Workspace) Sample(s *engine.State, repetitions int, pick func(n int) int) (t *Turn, res Result, err error) {
	g := ws.g
	if !g.Sampling() {
		return nil, Result{}, errNotSampling
	}
	if s.Cont != engine.NoLoc {
		return nil, Result{}, fmt.Errorf("sample: the state is in the middle of a turn")
	}
	w := ws.w
	defer g.catch(w.x, &err)
	w.keepAll = false
	w.start = s
	// The squares the bit scan sorts for s are kept for all its move priorities, as
	// turns keeps them, and those hinted (Hint) are s's.
	if w.hinted != s || !g.on(UsePlayout) {
		w.x.sqFor = nil
	}
	w.hinted = nil
	w.x.sqKeep = g.on(UsePlayout)
	t, err = g.sampleTurn(s, w, repetitions, pick, &res)
	w.x.sqKeep = false // a bail-out leaves it set: Sample and turns set it again
	return t, res, err
}

// sampleTurn is Sample once w is set up for s; the result, where no turn is returned,
// is set in *res (left as it is otherwise: a Result returned by value through every
// call was copied at each draw, for nothing).
func (g *Game) sampleTurn(s *engine.State, w *workspace, repetitions int, pick func(n int) int, res *Result) (t *Turn, err error) {
	e := g.Entry(s)
	types := []engine.MoveType{e.Type}
	if g.phased && e.Type == engine.NoMoveType {
		types = g.MovePriorities // the turns of each priority in turn, as turns does
	}
	w.x.scanned = nil
	none := false // the last type had no candidate, with the squares of s scanned
	for _, typ := range types {
		if none && w.x.scanned == s && len(g.royal[e.Side]) == 0 && g.pickSteps(s, e.Side, typ) {
			t, err = g.sampleStepsNext(s, w, typ, pick)
		} else {
			t, err = g.sampleOfType(s, w, typ, pick)
		}
		if err != nil || t != nil {
			return t, err
		}
		none = len(w.moves) == 0
	}
	var turns []Turn
	if g.Options.PassTurn == engine.PassForced {
		w.reset()
		w.turns = append(w.turns, g.passTurn(w, s))
		turns = w.turns
	}
	r, turns, _ := g.goalsOnTurns(s, turns, repetitions)
	if r.Over || len(turns) == 0 {
		*res = r
		return nil, nil
	}
	if j := pick(1); j != 0 {
		return nil, fmt.Errorf("sample: pick(1) returned %d", j)
	}
	return &turns[0], nil
}

// sampleOfType resets w and draws, as Sample describes, a legal turn of s among those
// whose first part is of type typ (any type for engine.NoMoveType), or nil.
func (g *Game) sampleOfType(s *engine.State, w *workspace, typ engine.MoveType, pick func(n int) int) (t *Turn, err error) {
	w.reset()
	e := g.Entry(s)
	roy := g.royal[e.Side]
	steps := len(roy) == 0 && g.pickSteps(s, e.Side, typ)
	w.x.srcsOnly = steps
	asked := len(roy) > 0 && g.on(UseRoyalFollow)
	if asked {
		// firstParts fills w.royal in its scan of s (scanPartsRoyal).
		w.x.royal, w.x.royalKinds = &w.royal, roy
	} else if w.x.royal != nil {
		w.x.royal, w.x.royalKinds = nil, nil // left set by a Sample that failed
	}
	// Sample recovers the generator's panics on w.x, as parts would.
	w.moves, w.arena = g.partsBare(w.x, s, w.moves, w.arena, typ)
	steps = steps && !w.x.srcsOnly // bitParts stopped at the squares
	w.x.srcsOnly = false
	fused := false
	if asked {
		fused = w.x.royal == nil
		w.x.royal, w.x.royalKinds = nil, nil
	}
	if steps {
		return g.sampleSteps(s, w, typ, pick)
	}
	// Turns of one part that end the turn need no completing: their states are built
	// only when drawn (endPart, as completeTurns does). Otherwise every turn is
	// completed and merged first.
	single := g.on(UseSampleLazy) && !g.Semantics.DropNullTurns
	for i := range w.moves {
		if !single || g.sample.noPartial {
			break // none goes on where no add does
		}
		single = w.moves[i].Cont == engine.NoMoveType
	}
	var turns []Turn
	n := len(w.moves)
	if single && n > MaxTurns {
		return nil, fmt.Errorf("more than %d complete turns in one position", MaxTurns)
	}
	if !single {
		if turns, err = g.completeTurns(s, w); err != nil {
			return nil, err
		}
		n = len(turns)
	}
	if len(roy) > 0 && n > 0 && (!fused || !single) {
		// Completing the turns may have generated again: scan s again.
		g.scanRoyal(w, s, e.Side, roy)
	}
	// left[:k] are the candidates not drawn yet; until the first is rejected they are
	// all, in order, and left is not filled.
	var left []int32
	for k := n; k > 0; k-- {
		j := pick(k)
		if j < 0 || j >= k {
			return nil, fmt.Errorf("sample: pick(%d) returned %d", k, j)
		}
		c := j
		if left != nil {
			c = int(left[j])
		}
		var cand *Turn
		if single {
			w.turns, w.used = w.turns[:0], 0 // the state of a candidate rejected before
			if err := g.endPartKept(s, w.moves[c:c+1:c+1], w); err != nil {
				return nil, err
			}
			cand = &w.turns[0]
		} else {
			cand = &turns[c]
		}
		if len(roy) == 0 || g.royalSafe(w, cand, e.Side, roy) {
			return cand, nil
		}
		if left == nil {
			left = w.left[:0]
			for i := range n {
				left = append(left, int32(i))
			}
			w.left = left
		}
		left[j] = left[k-1]
	}
	return nil, nil
}

// sampleStepsNext is sampleOfType for a type typ whose moves pickSteps admits, when the
// type before it had no candidate and its scan made the words of s (gen.scanned): w.x is
// then as sampleOfType's parts leave it for s (parts of a position that does not go on,
// firstParts's fields for s and its side; no drop, as pickSteps admits no game with
// drops), and the scan's words are those of s for the same side, so bitScan follows
// without bitSetup, and parts' buffers are reset as parts resets them.
func (g *Game) sampleStepsNext(s *engine.State, w *workspace, typ engine.MoveType, pick func(n int) int) (*Turn, error) {
	w.reset()
	x := w.x
	x.out, x.outBase, x.arena = w.moves, len(w.moves), w.arena
	x.seenReset()
	clear(x.attCache[0])
	clear(x.attCache[1])
	x.srcsOnly = true
	x.bitScan(s, x.side, typ)
	x.srcsOnly = false
	return g.sampleSteps(s, w, typ, pick)
}

// sampleSteps is sampleOfType for moves that pickSteps admits, once bitParts made the
// first checks of the side's pieces and stopped (gen.srcsOnly): the moves runBits would
// make are counted, piece by piece, and only the one drawn is made. This draws the turn
// the general path draws: its moves are runBits' for each piece of the union in
// increasing order of squares, as bitParts makes them; each is a turn of one part (no
// add-partial), never merged, and with no royal pieces the first draw, pick(n), is
// kept. No part repeats another (noDup), and no drop follows them. Where the general
// path would fail on too many moves or turns, all are made as it makes them, to fail as
// it does.
//
// Why the move made is the one drawn: every entry of these kinds is a counted step
// (countedSteps), a block that is its first check and an add (prefix.step), so runBits
// makes for the piece on l one move for each entry, in order, whose check passed from l
// and whose add's condition holds where the step lands (moving, stepMoving), and none
// for the others; such a block opens no other movement, so each starts from what runBits
// sets (the piece on l) whatever ran before it. The j-th move of the piece is thus made
// by the j-th of those entries alone (runStep), and the moves of the pieces before it
// are counted, not made.
func (g *Game) sampleSteps(s *engine.State, w *workspace, typ engine.MoveType, pick func(n int) int) (*Turn, error) {
	x := w.x
	t := int(typ) + 1
	kinds, moving := g.bits.kinds[t], g.sample.moving[x.side][t]
	// The number of moves from each square, as the bits of a count up to 7 in three
	// words (c0 the ones, c1 the twos, c2 the fours): a square holds one piece, whose
	// kind's entries make one move each at most. The squares of srcs are those of this
	// call for the kinds the side has pieces of (bitParts skips the others).
	var c0, c1, c2 uint64
	nk, wide := len(g.Pieces), false
	for k := range kinds {
		if x.sq.kinds[int(x.side)*nk+k] == 0 {
			continue
		}
		bk := &kinds[k]
		wide = wide || len(bk.ents) > 7
		for i := bk.off; i < bk.off+len(bk.ents); i++ {
			m := x.srcs[i] & moving[i]
			carry := c0 & m
			c0 ^= m
			c2 |= c1 & carry
			c1 ^= carry
		}
	}
	if wide {
		return g.sampleStepsWide(s, w, typ, pick)
	}
	n := bits.OnesCount64(c0) + 2*bits.OnesCount64(c1) + 4*bits.OnesCount64(c2)
	if n > MaxMoves || n > MaxTurns {
		return g.tooManySteps(s, x, kinds)
	}
	j, err := drawStep(n, pick)
	if j < 0 {
		return nil, err
	}
	for u := c0 | c1 | c2; u != 0; u &= u - 1 {
		l := uint(bits.TrailingZeros64(u))
		k := int(c0>>l&1 | (c1>>l&1)<<1 | (c2>>l&1)<<2)
		if j >= k {
			j -= k
			continue
		}
		return g.sampleStep(s, w, kinds, moving, engine.Loc(l), j)
	}
	return nil, errors.New("internal error: sample: the step drawn was not found")
}

// sampleStep makes the j-th move of the piece on l among those sampleSteps counted, as
// the turn of its part.
func (g *Game) sampleStep(s *engine.State, w *workspace, kinds []bitKind, moving []uint64, l engine.Loc, j int) (*Turn, error) {
	x := w.x
	c := s.Cells[l]
	bk := &kinds[c.Kind()]
	for i := range bk.ents {
		if (x.srcs[bk.off+i]&moving[bk.off+i])>>uint(l)&1 == 0 {
			continue
		}
		if j > 0 {
			j--
			continue
		}
		if !x.makeStep(bk, i, l, c) {
			x.runStep(bk, i, l, c)
		}
		break
	}
	w.moves, w.arena = x.out, x.arena
	if len(w.moves) != 1 {
		return nil, fmt.Errorf("internal error: sample: the step drawn from %s made %d moves", g.Board.Locs[l].Name, len(w.moves))
	}
	if err := g.endPartKept(s, w.moves[:1:1], w); err != nil {
		return nil, err
	}
	return &w.turns[0], nil
}

// makeStep makes the move of entry i of bk for the piece on l, a counted step
// (countedSteps) whose check passed and whose step moves (stepMoving), without running
// its block, and reports true; it reports false, having made nothing, when the add
// makes more than one move (a list of kinds). The move is the one the block makes: its
// first check took the piece to the square delta places on (bitDir), where its add, or
// its els where its condition fails there (as countSteps picks it), runs as fastAdd runs
// it: the piece's movement, no effect (the block is its check and its add), then made's
// moves of it (kindMove, whose last square is the one reached), with the block's type,
// rule and the add's continuation, and no duplicate to drop (noDup).
func (x *gen) makeStep(bk *bitKind, i int, l engine.Loc, piece engine.Cell) bool {
	st := &bk.steps[x.side][i]
	e := &bk.ents[i]
	to := engine.Loc(int(l) + x.g.bits.dirs[x.side][e.dir].delta)
	add, ks := st.add, st.addSteps
	if st.hasCond && st.cond>>uint(to)&1 == 0 {
		add, ks = st.els, st.elsSteps
	}
	if add == nil || len(ks) != 1 {
		return false
	}
	x.at = add.At
	start := len(x.arena)
	x.arena = append(x.arena, engine.Change{Op: engine.OpMove, From: l, To: to, Player: piece.Player(), Kind: piece.Kind()})
	var s int
	x.arena, s, _ = kindMove(x.arena, add, 0, start, len(x.arena), to)
	x.push(x.arena[s:len(x.arena):len(x.arena)], e.p.blk.Type, engine.MoveType(add.A), e.p.blk.Rule)
	return true
}

// tooManySteps makes all the moves of the union, as bitParts would have, to fail as
// the general path fails on too many of them.
func (g *Game) tooManySteps(s *engine.State, x *gen, kinds []bitKind) (*Turn, error) {
	for u := x.union; u != 0; u &= u - 1 {
		l := engine.Loc(bits.TrailingZeros64(u))
		c := s.Cells[l]
		x.runBits(&kinds[c.Kind()], l, c)
	}
	return nil, fmt.Errorf("more than %d complete turns in one position", MaxTurns)
}

// sampleStepsWide is sampleSteps where some kind has more than 7 entries, so that the
// moves of a square may not fit the count of three bits: it counts them piece by piece
// (stepsFrom) and makes all the moves of the piece that holds the one drawn.
func (g *Game) sampleStepsWide(s *engine.State, w *workspace, typ engine.MoveType, pick func(n int) int) (*Turn, error) {
	x := w.x
	t := int(typ) + 1
	kinds, moving := g.bits.kinds[t], g.sample.moving[x.side][t]
	n, nk := 0, len(g.Pieces)
	for k := range kinds {
		if x.sq.kinds[int(x.side)*nk+k] == 0 {
			continue
		}
		bk := &kinds[k]
		for i := bk.off; i < bk.off+len(bk.ents); i++ {
			n += bits.OnesCount64(x.srcs[i] & moving[i])
		}
	}
	if n > MaxMoves || n > MaxTurns {
		return g.tooManySteps(s, x, kinds)
	}
	j, err := drawStep(n, pick)
	if j < 0 {
		return nil, err
	}
	for u := x.union; u != 0; u &= u - 1 {
		l := engine.Loc(bits.TrailingZeros64(u))
		c := s.Cells[l]
		bk := &kinds[c.Kind()]
		k := stepsFrom(bk, x.srcs, moving, l)
		if j >= k {
			j -= k
			continue
		}
		x.runBits(bk, l, c)
		w.moves, w.arena = x.out, x.arena
		if len(w.moves) != k {
			return nil, fmt.Errorf("internal error: sample: %d steps counted from %s, %d made", k, g.Board.Locs[l].Name, len(w.moves))
		}
		if err := g.endPartKept(s, w.moves[j:j+1:j+1], w); err != nil {
			return nil, err
		}
		return &w.turns[0], nil
	}
	return nil, errors.New("internal error: sample: the step drawn was not found")
}

// stepsFrom counts the moves runBits makes for the piece on l, of the kind of bk, when
// the first checks are in srcs and every entry of bk is a counted step (countedSteps):
// one for each entry whose check passed from l and whose step makes a move from there
// (moving, stepMoving).
func stepsFrom(bk *bitKind, srcs, moving []uint64, l engine.Loc) int {
	n := uint64(0)
	for i := bk.off; i < bk.off+len(bk.ents); i++ {
		n += (srcs[i] & moving[i]) >> uint(l) & 1
	}
	return int(n)
}

// royalSafe reports whether turn t of side, from the position scanRoyal scanned into w,
// keeps the royal pieces roy of side safe: none is attacked after it, or side moves
// again. It is the test turnsOfType applies to every turn.
func (g *Game) royalSafe(w *workspace, t *Turn, side engine.Player, roy []bool) bool {
	return g.Entry(t.After).Side == side || !g.royalAttackedAfter(w, t, side, roy)
}

// Hint tells next, the workspace that will be asked next about the position after t, a
// turn drawn or listed in ws for s, what ws already knows of that position: the squares
// of its pieces, made from those of s and t's part where t is a turn of one plain part
// and ws sorted s's. t.After must be the very state next will be given (a copy of the
// turn's state is one), never changed afterwards; a hint that is not taken is dropped
// by next's next use. Nothing changes where UsePlayout is off.
func (ws *Workspace) Hint(next *Workspace, s *engine.State, t *Turn) {
	if !ws.g.on(UsePlayout) || ws.g.ax != nil {
		next.w.hinted = nil
		return
	}
	ws.g.hintSquares(ws.w, next.w, s, t)
}

// Unhint drops any hint given to ws (Hint): a state at the same address may now be
// another position.
func (ws *Workspace) Unhint() { ws.w.hinted = nil }

// drawStep draws one of the n steps counted with pick: -1 when there is none (and no
// error) or when pick answers out of range (with the error).
func drawStep(n int, pick func(int) int) (int, error) {
	if n == 0 {
		return -1, nil
	}
	j := pick(n)
	if j < 0 || j >= n {
		return -1, fmt.Errorf("sample: pick(%d) returned %d", n, j)
	}
	return j, nil
}
