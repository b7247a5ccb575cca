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
func (g *Game) Sampling() bool {
	return g.ax == nil && g.code != nil && g.code.Dialect == nil && g.Ext == nil &&
		(len(g.MovePriorities) == 0 || g.phased) && g.Options.MaximalCaptures == 0 &&
		g.Options.PassTurn != engine.PassAlways && len(g.movers()) <= 2
}

var errNotSampling = errors.New("the game's legal turns cannot be sampled (eval.Game.Sampling)")

var errNotTwoSteps = errors.New("the game's goals cannot be checked in two steps (eval.Game.TwoSteps)")

// TwoSteps reports whether Goals and Moves serve g: Outcome is exactly Goals and, when
// they do not decide, Moves, in a game whose moves the rules' code makes (not Axiom's)
// and with at most two players who choose, where no loss eliminates a player (which makes
// Outcome check the goals again). Every game that Sampling serves is one.
func (g *Game) TwoSteps() bool {
	return g.ax == nil && g.code != nil && len(g.movers()) <= 2
}

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
	defer g.catch(nil, &err)
	res, decided, again := g.goalsFirst(s, mover, repetitions, ws)
	if again { // no player is eliminated with two players who choose
		return Result{}, false, errors.New("internal error: Goals eliminated a player")
	}
	return res, decided, nil
}

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
// of the turns Moves would list (ok), the pick, or when there is none the result Moves
// gives (not Over when the player must pass). pick(n) must return an int in [0, n)
// chosen uniformly; it is called once for every candidate drawn. The turn stays valid
// until ws is used again.
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
func (ws *Workspace) Sample(s *engine.State, repetitions int, pick func(n int) int) (t Turn, res Result, ok bool, err error) {
	g := ws.g
	if !g.Sampling() {
		return Turn{}, Result{}, false, errNotSampling
	}
	if s.Cont != engine.NoLoc {
		return Turn{}, Result{}, false, fmt.Errorf("sample: the state is in the middle of a turn")
	}
	w := ws.w
	defer g.catch(w.x, &err)
	w.keepAll = false
	w.start = s
	e := g.Entry(s)
	types := []engine.MoveType{e.Type}
	if g.phased && e.Type == engine.NoMoveType {
		types = g.MovePriorities // the turns of each priority in turn, as turns does
	}
	for _, typ := range types {
		if t, ok, err = g.sampleOfType(s, w, typ, pick); err != nil || ok {
			return t, Result{}, ok, err
		}
	}
	var turns []Turn
	if g.Options.PassTurn == engine.PassForced {
		w.reset()
		w.turns = append(w.turns, g.passTurn(w, s))
		turns = w.turns
	}
	res, turns, _ = g.goalsOnTurns(s, turns, repetitions)
	if res.Over || len(turns) == 0 {
		return Turn{}, res, false, nil
	}
	if j := pick(1); j != 0 {
		return Turn{}, Result{}, false, fmt.Errorf("sample: pick(1) returned %d", j)
	}
	return turns[0], Result{}, true, nil
}

// sampleOfType resets w and draws, as Sample describes, a legal turn of s among those
// whose first part is of type typ (any type for engine.NoMoveType).
func (g *Game) sampleOfType(s *engine.State, w *workspace, typ engine.MoveType, pick func(n int) int) (t Turn, ok bool, err error) {
	w.reset()
	e := g.Entry(s)
	if w.moves, w.arena, err = g.parts(w.x, s, w.moves, w.arena, typ); err != nil {
		return Turn{}, false, err
	}
	// Turns of one part that end the turn need no completing: their states are built
	// only when drawn (endPart, as completeTurns does). Otherwise every turn is
	// completed and merged first.
	single := g.on(UseSampleLazy) && !g.Semantics.DropNullTurns
	for i := range w.moves {
		if !single {
			break
		}
		single = w.moves[i].Cont == engine.NoMoveType
	}
	var turns []Turn
	n := len(w.moves)
	if single && n > MaxTurns {
		return Turn{}, false, fmt.Errorf("more than %d complete turns in one position", MaxTurns)
	}
	if !single {
		if turns, err = g.completeTurns(s, w); err != nil {
			return Turn{}, false, err
		}
		n = len(turns)
	}
	roy := g.royal[e.Side]
	if len(roy) > 0 && n > 0 {
		g.scanRoyal(w, s, e.Side, roy)
	}
	// left[:k] are the candidates not drawn yet; until the first is rejected they are
	// all, in order, and left is not filled.
	var left []int32
	for k := n; k > 0; k-- {
		j := pick(k)
		if j < 0 || j >= k {
			return Turn{}, false, fmt.Errorf("sample: pick(%d) returned %d", k, j)
		}
		c := j
		if left != nil {
			c = int(left[j])
		}
		var cand *Turn
		if single {
			w.turns, w.used = w.turns[:0], 0 // the state of a candidate rejected before
			if err := g.endPart(s, w.moves[c:c+1:c+1], w); err != nil {
				return Turn{}, false, err
			}
			cand = &w.turns[0]
		} else {
			cand = &turns[c]
		}
		if len(roy) == 0 || g.royalSafe(w, cand, e.Side, roy) {
			return *cand, true, nil
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
	return Turn{}, false, nil
}

// royalSafe reports whether turn t of side, from the position scanRoyal scanned into w,
// keeps the royal pieces roy of side safe: none is attacked after it, or side moves
// again. It is the test turnsOfType applies to every turn.
func (g *Game) royalSafe(w *workspace, t *Turn, side engine.Player, roy []bool) bool {
	return g.Entry(t.After).Side == side || !g.royalAttackedAfter(w, t, side, roy)
}
