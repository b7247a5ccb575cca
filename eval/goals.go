package eval

// This file decides when a game ends and who won. After every
// complete turn the goals that do not depend on having to move are checked, the mover's
// first and then the others' in turn order; then, in a game of the dialect that ends
// after N passes in a row, those passes end it in a draw; then the next player's legal
// turns decide checkmate and stalemate, and a player who cannot move otherwise passes or
// draws.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zoggo/zoggo/engine"
)

// Result says how a game ended.
type Result struct {
	Over    bool
	Draw    bool
	Winners []engine.Player
	Losers  []engine.Player
	Reason  string // the goal that decided, e.g. "loss-condition checkmated King", or "no moves: draw"
	// Goal is the goal that decided, held for player For; nil when no goal did (a draw
	// because nobody can move, a limit on passes). Words (words.go) reads them.
	Goal *engine.Goal
	For  engine.Player
}

// String describes the result.
func (r Result) String() string {
	if !r.Over {
		return "not over"
	}
	if r.Draw {
		return "draw (" + r.Reason + ")"
	}
	return fmt.Sprintf("winners %v (%s)", r.Winners, r.Reason)
}

// Describe says the result in words, with the players' names: "White wins (reason)".
func (g *Game) Describe(r Result) string {
	if !r.Over {
		return "the game goes on"
	}
	if r.Draw {
		return "a draw (" + r.Reason + ")"
	}
	names := func(ps []engine.Player) string {
		var out []string
		for _, p := range ps {
			if int(p) >= 0 && int(p) < len(g.Players) {
				out = append(out, g.Players[p].Name)
			}
		}
		return strings.Join(out, " and ")
	}
	switch {
	case len(r.Winners) == 1:
		return names(r.Winners) + " wins (" + r.Reason + ")"
	case len(r.Winners) > 1:
		return names(r.Winners) + " win (" + r.Reason + ")"
	case len(r.Losers) > 0:
		return names(r.Losers) + " lost (" + r.Reason + ")"
	}
	return "over (" + r.Reason + ")"
}

// Outcome checks the goals after a complete turn made by mover, in the state s after it
// (the turn order already advanced). It returns the result and the legal turns of the
// next player, computed on the way (nil when the game ended before they were needed).
// repetitions counts how often the position of s has occurred, this time included.
//
// With more than two players still in, a loss eliminates the player instead of ending the
// game: s is changed to skip its turns, and the game ends when one player
// who chooses moves remains.
func (ws *Workspace) Outcome(s *engine.State, mover engine.Player, repetitions int) (res Result, turns []Turn, err error) {
	g := ws.g
	defer g.catch(nil, &err)
	if g.ax != nil {
		return g.ax.outcome(s)
	}
	for round := 0; round <= len(g.Players); round++ {
		res, turns, err, again := g.outcomeOnce(s, mover, repetitions, ws)
		if !again {
			return res, turns, err
		}
	}
	return Result{Over: true, Draw: true, Reason: "every player was eliminated"}, nil, nil
}

// outcomeOnce is one pass of Outcome; again says that a player was eliminated and the
// goals must be checked afresh.
func (g *Game) outcomeOnce(s *engine.State, mover engine.Player, repetitions int, ws *Workspace) (Result, []Turn, error, bool) {
	if res, decided, again := g.goalsFirst(s, mover, repetitions, ws); decided || again {
		return res, nil, nil, again
	}
	// Step 2: the next player's legal turns.
	turns, err := ws.Turns(s)
	if err != nil {
		return Result{}, nil, err, false
	}
	res, turns, again := g.goalsOnTurns(s, turns, repetitions)
	return res, turns, nil, again
}

// goalsFirst is the first step of outcomeOnce: the goals that do not depend on having to
// move, and the dialect's limit on passes. decided says that they ended the game, again
// that a player was eliminated.
func (g *Game) goalsFirst(s *engine.State, mover engine.Player, repetitions int, ws *Workspace) (res Result, decided, again bool) {
	// Step 1: goals that do not depend on having to move: the mover's first, then the
	// others' in turn order from the next player. With the dialect's priorities, the
	// goal of the highest priority among those that hold decides.
	var best *engine.Goal
	bestP := engine.NoPlayer
	for _, p := range g.goalOrder(mover, s, &ws.w.order) {
		if s.Out&(1<<uint(p)) != 0 {
			continue
		}
		for _, gi := range g.sample.first { // the goals that do not need moves
			goal := &g.Goals[gi]
			if !slices.Contains(goal.Players, p) {
				continue
			}
			if best != nil && goal.Priority <= best.Priority {
				continue
			}
			if g.holds(goal.Cond, s, p, repetitions) {
				best, bestP = goal, p
			}
		}
	}
	if best != nil {
		if g.eliminates(best, bestP, s) {
			return Result{}, false, true
		}
		return g.decide(best, bestP, s), true, false
	}
	// The dialect's (end-after-passes N): N passes in a row end the game; when no goal
	// decided it, it is drawn.
	if e := g.Ext; e != nil && e.PassLimit > 0 && int(s.Passes) >= e.PassLimit {
		return Result{Over: true, Draw: true, Reason: fmt.Sprintf("%d passes in a row: draw", s.Passes)}, true, false
	}
	return Result{}, false, false
}

// goalsOnTurns is the second step of outcomeOnce, given turns, the legal turns of the
// next player: when none of them moves a piece, the goals of checkmate and stalemate
// decide, or the player passes, or the game is drawn. It returns the result and the
// turns to play on with; again says that a player was eliminated.
func (g *Game) goalsOnTurns(s *engine.State, turns []Turn, repetitions int) (Result, []Turn, bool) {
	_, next := g.Side(s)
	moves := 0
	for i := range turns {
		if !turns[i].Parts[0].Pass {
			moves++
		}
	}
	if moves > 0 {
		return Result{}, turns, false
	}
	side, _ := g.Side(s)
	var stale *engine.Goal
	for gi := range g.Goals {
		goal := &g.Goals[gi]
		if !slices.Contains(goal.Players, next) || !needsMoves(goal.Cond) {
			continue
		}
		if has(goal.Cond, engine.CondCheckmated) && g.inCheck(s, side, goal.Cond) && g.holds(goal.Cond, s, next, repetitions) {
			if g.eliminates(goal, next, s) {
				return Result{}, nil, true
			}
			return g.decide(goal, next, s), nil, false
		}
		if stale == nil && has(goal.Cond, engine.CondStalemated) && g.holdsStale(goal.Cond, s, next, repetitions) {
			stale = goal
		}
	}
	if stale != nil {
		if g.eliminates(stale, next, s) {
			return Result{}, nil, true
		}
		return g.decide(stale, next, s), nil, false
	}
	if len(turns) > 0 || g.Players[next].Random || g.Options.PassTurn != engine.PassNever {
		return Result{}, turns, false // the player passes
	}
	return Result{Over: true, Draw: true, Reason: g.Players[next].Name + " cannot move: draw"}, nil, false
}

// eliminates applies a loss goal of p as an elimination when more than two players who
// choose moves are still in: p's turns are skipped from now on. It reports whether it did.
func (g *Game) eliminates(goal *engine.Goal, p engine.Player, s *engine.State) bool {
	movers := g.movers()
	if goal.Kind != engine.LossGoal || !slices.Contains(movers, p) {
		return false
	}
	in := 0
	for _, q := range movers {
		if s.Out&(1<<uint(q)) == 0 {
			in++
		}
	}
	if in <= 2 {
		return false
	}
	g.Eliminate(s, p)
	return true
}

// goalOrder lists the players whose goals are checked: the mover, then the others in turn
// order starting with the player to move (orderFrom). The list is g.orders' where the
// game made it (initGoalOrders), else written over *buf; it is only read.
func (g *Game) goalOrder(mover engine.Player, s *engine.State, buf *[]engine.Player) []engine.Player {
	if np := len(g.Players); g.orders != nil && mover >= 0 && int(mover) < np && s.Turn >= 0 {
		return g.orders[s.Turn%len(g.TurnOrder.Entries)*np+int(mover)]
	}
	*buf = g.orderFrom(mover, s.Turn, (*buf)[:0])
	return *buf
}

// maxGoalOrders bounds the lists initGoalOrders makes.
const maxGoalOrders = 1 << 12

// initGoalOrders makes g.orders, goalOrder's lists for each place in the turn order
// and each mover, where there are few: the list of a turn depends on it only by its
// place in the turn order, turn % len(entries), since orderFrom reads the entries from
// (turn+i) % len(entries), which is ((turn % len(entries)) + i) % len(entries).
func (g *Game) initGoalOrders() {
	n, np := len(g.TurnOrder.Entries), len(g.Players)
	if n == 0 || n*np > maxGoalOrders {
		return
	}
	g.orders = make([][]engine.Player, n*np)
	for t := range n {
		for p := range np {
			g.orders[t*np+p] = g.orderFrom(engine.Player(p), t, nil)
		}
	}
}

// orderFrom appends to out the mover, then the players in the turn order from its entry
// turn % len(entries) on, then any other player, each once.
func (g *Game) orderFrom(mover engine.Player, turn int, out []engine.Player) []engine.Player {
	out = append(out, mover)
	entries := g.TurnOrder.Entries
	for i := 0; i < len(entries); i++ {
		e := entries[(turn+i)%len(entries)]
		if !slices.Contains(out, e.Mover) {
			out = append(out, e.Mover)
		}
	}
	for p := range g.Players {
		if !slices.Contains(out, engine.Player(p)) {
			out = append(out, engine.Player(p))
		}
	}
	return out
}

// decide turns a goal that holds for p into a result.
func (g *Game) decide(goal *engine.Goal, p engine.Player, s *engine.State) Result {
	r := Result{Over: true, Reason: goal.Kind.String() + "-condition " + condString(g, goal.Cond) + " for " + g.Players[p].Name, Goal: goal, For: p}
	if goal.Result != "" {
		r.Reason = goal.Result + ": " + r.Reason
	}
	real := g.realPlayers()
	switch goal.Kind {
	case engine.WinGoal:
		r.Winners = []engine.Player{p}
		for _, q := range real {
			if q != p {
				r.Losers = append(r.Losers, q)
			}
		}
	case engine.LossGoal:
		r.Losers = []engine.Player{p}
		for _, q := range real {
			switch {
			case q == p:
			case s.Out&(1<<uint(q)) != 0:
				r.Losers = append(r.Losers, q) // eliminated earlier
			default:
				r.Winners = append(r.Winners, q)
			}
		}
	case engine.DrawGoal:
		r.Draw = true
	case engine.CountGoal:
		best, count := -1, map[engine.Player]int{}
		for _, q := range real {
			count[q] = g.countPieces(s, q, nil)
			best = max(best, count[q])
		}
		for _, q := range real {
			if count[q] == best {
				r.Winners = append(r.Winners, q)
			} else {
				r.Losers = append(r.Losers, q)
			}
		}
		if len(r.Winners) > 1 {
			r.Draw, r.Winners, r.Losers = true, nil, nil
		}
	}
	return r
}

// realPlayers lists the players that are not random.
func (g *Game) realPlayers() []engine.Player {
	var out []engine.Player
	for i, p := range g.Players {
		if !p.Random {
			out = append(out, engine.Player(i))
		}
	}
	return out
}

// movers lists the players who choose turns: not random, and named as the mover of some
// turn-order entry. A player that only owns pieces (Stavropol's Neutral, Pasang's piece
// colours) is not one.
func (g *Game) movers() []engine.Player {
	var out []engine.Player
	for _, e := range g.TurnOrder.Entries {
		if !g.Players[e.Mover].Random && !slices.Contains(out, e.Mover) {
			out = append(out, e.Mover)
		}
	}
	return out
}

// ReadsRepetitions reports whether the outcome of a position in g may depend on how
// often it occurred (the repetitions Outcome, Goals, Moves and Sample are given): some
// goal's condition has a repetition test, the only reader of the count.
func (g *Game) ReadsRepetitions() bool {
	for i := range g.Goals {
		if has(g.Goals[i].Cond, engine.CondRepetition) {
			return true
		}
	}
	return false
}

func needsMoves(c *engine.Cond) bool {
	return has(c, engine.CondStalemated) || has(c, engine.CondCheckmated)
}

func has(c *engine.Cond, op engine.CondOp) bool {
	if c.Op == op {
		return true
	}
	for _, a := range c.Args {
		if has(a, op) {
			return true
		}
	}
	return false
}

// inCheck reports whether one of side's pieces of the types named by checkmated in c is
// attacked.
func (g *Game) inCheck(s *engine.State, side engine.Player, c *engine.Cond) bool {
	var kinds []engine.Kind
	var walk func(c *engine.Cond)
	walk = func(c *engine.Cond) {
		if c.Op == engine.CondCheckmated {
			kinds = append(kinds, c.Kinds...)
		}
		for _, a := range c.Args {
			walk(a)
		}
	}
	walk(c)
	for l, cell := range s.Cells {
		if !cell.IsEmpty() && cell.Player() == side && slices.Contains(kinds, cell.Kind()) {
			if g.attacked(s, side, engine.Loc(l), engine.NoMoveType, false) {
				return true
			}
		}
	}
	return false
}

// holdsStale evaluates a stalemated goal: the player has no move (already known).
func (g *Game) holdsStale(c *engine.Cond, s *engine.State, p engine.Player, reps int) bool {
	return g.holds(c, s, p, reps)
}

// holds evaluates a condition for player p. It is called for stalemated and checkmated
// only when p has no legal move, so those are true here.
func (g *Game) holds(c *engine.Cond, s *engine.State, p engine.Player, reps int) bool {
	switch c.Op {
	case engine.CondStalemated, engine.CondCheckmated:
		return true
	case engine.CondAnd:
		for _, a := range c.Args {
			if !g.holds(a, s, p, reps) {
				return false
			}
		}
		return true
	case engine.CondOr:
		for _, a := range c.Args {
			if g.holds(a, s, p, reps) {
				return true
			}
		}
		return false
	case engine.CondNot:
		return !g.holds(c.Args[0], s, p, reps)
	case engine.CondRepetition:
		return reps >= 3
	case engine.CondPiecesRemaining:
		return g.countPieces(s, p, c.Kinds) == c.N
	case engine.CondTotalPieceCount:
		n := 0
		for q := range g.Players {
			n += g.countPieces(s, engine.Player(q), c.Kinds)
		}
		return n == c.N
	case engine.CondCaptured:
		return g.countPieces(s, p, c.Kinds) == 0
	case engine.CondAbsoluteConfig:
		return g.absoluteConfig(c, s, p)
	case engine.CondRelativeConfig:
		return g.relativeConfig(c, s, p)
	case engine.CondFormula:
		return g.formula(c.N, s, p)
	}
	return false
}

// countPieces counts p's pieces of the given types (all types for none), on the board and,
// with "include off-pieces", in stock.
func (g *Game) countPieces(s *engine.State, p engine.Player, kinds []engine.Kind) int {
	n := 0
	for _, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == p && (len(kinds) == 0 || slices.Contains(kinds, c.Kind())) {
			n++
		}
	}
	if g.Options.IncludeOffPieces {
		nk := len(g.Pieces)
		for k := 0; k < nk; k++ {
			if st := s.Stock[int(p)*nk+k]; st > 0 && (len(kinds) == 0 || slices.Contains(kinds, engine.Kind(k))) {
				n += int(st)
			}
		}
	}
	return n
}

func (g *Game) matches(it engine.ConfigItem, c engine.Cell, p engine.Player) bool {
	if c.IsEmpty() {
		return false
	}
	switch it.Owner {
	case engine.OwnSelf:
		return c.Player() == p && c.Kind() == it.Kind
	case engine.OwnOpponent:
		return c.Player() != p && c.Kind() == it.Kind
	case engine.OwnAny:
		return c.Kind() == it.Kind
	case engine.OwnSelfNot:
		return c.Player() == p && c.Kind() != it.Kind
	}
	return false
}

func (g *Game) absoluteConfig(c *engine.Cond, s *engine.State, p engine.Player) bool {
	check := func(l engine.Loc) bool {
		for _, it := range c.Items {
			if g.matches(it, s.Cells[l], p) {
				return true
			}
		}
		return false
	}
	for _, l := range c.Locs {
		if check(l) {
			return true
		}
	}
	for _, z := range c.Zones {
		for l := range s.Cells {
			if g.Board.InZone(z, p, engine.Loc(l)) && check(engine.Loc(l)) {
				return true
			}
		}
	}
	return false
}

func (g *Game) relativeConfig(c *engine.Cond, s *engine.State, p engine.Player) bool {
	if len(c.Items) == 0 {
		return false
	}
	for start := range s.Cells {
		l := engine.Loc(start)
		ok := g.matches(c.Items[0], s.Cells[l], p)
		for i := 0; ok && i < len(c.Dirs) && i+1 < len(c.Items); i++ {
			l = g.Board.Step(p, l, c.Dirs[i])
			ok = l != engine.NoLoc && g.matches(c.Items[i+1], s.Cells[l], p)
		}
		if ok {
			return true
		}
	}
	return false
}

// condString writes a condition back in ZRF terms for a result's reason.
func condString(g *Game, c *engine.Cond) string {
	s := c.Op.String()
	switch c.Op {
	case engine.CondPiecesRemaining, engine.CondTotalPieceCount:
		s += fmt.Sprintf(" %d", c.N)
	}
	for _, k := range c.Kinds {
		if c.Op != engine.CondRelativeConfig {
			s += " " + g.Pieces[k].Name
		}
	}
	for _, a := range c.Args {
		s += " (" + condString(g, a) + ")"
	}
	return s
}
