package ai

// This file holds the loop that plays one game, and a Table that plays game after game
// in the same buffers.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Table plays games of one set of rules one after the other in the buffers of one
// match (match's Reset), for loops that are done with a game before the next starts:
// random playouts, and zoggo run, which counts and saves each game as it ends. Play
// on a Table plays exactly the game Play plays. The zero Table is not ready: use
// NewTable. A Table belongs to one goroutine.
//
// Random players (no agent, Random, or a random player of the rules) draw their turns
// with match's PlayRandom where the rules allow it: uniformly among the legal turns, as
// before, but where some generated turns are not legal (royal pieces) from other draws
// of the seed's random numbers, so such games are not the ones a seed played before
// sampling. A seed still plays one game, whichever Table, goroutine or shard plays it.
type Table struct {
	g     *eval.Game
	m     *match.Match  // nil until the first game, or after a game that failed
	start *engine.State // the setup every game starts from (never changed)
	// random says, per player, whether the game being played draws their turns at
	// random: decided once a game, not at every turn.
	random []bool
	// noParts: the caller reads no parts of the turns of a game's history (SetKeepParts).
	noParts bool
}

// SetKeepParts says whether the games played from now on keep the parts of their turns
// in the history of their Match (the default). Without, a game whose players all draw at
// random keeps only the states (match's SetKeepParts), for a caller that reads no more
// of it than its length, its positions and its result; the games are the same.
func (t *Table) SetKeepParts(on bool) { t.noParts = !on }

// NewTable returns a Table for games of g.
func NewTable(g *eval.Game) *Table { return &Table{g: g} }

// Play plays one game as Play does. The Match of the record is valid until the next
// call: the next game is played in its buffers. A game that fails keeps its match for
// good; the next game starts a new one.
func (t *Table) Play(agents []Agent, seed uint64, maxPlies int) (rec *Game, err error) {
	rec = &Game{Seed: seed}
	defer func() {
		if v := recover(); v != nil {
			err = panicError(v)
		}
		if err != nil {
			t.m = nil // it may be half way through a turn
			if rec.Match != nil {
				err = fmt.Errorf("turn %d: %w", len(rec.Match.History())+1, err)
			}
			rec.Err = err
		}
	}()
	g := t.g
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	if t.start == nil {
		t.start = g.NewState()
	}
	if t.m == nil {
		if t.m, err = match.New(g, t.start); err != nil {
			return rec, err
		}
	} else if err = t.m.Reset(t.start); err != nil {
		return rec, err
	}
	m := t.m
	rec.Match = m
	// Random players draw their turns without listing them all (match's PlayRandom),
	// where the rules allow it; the others see the list, as before.
	m.SetSampling(true)
	t.random = t.random[:0]
	for p := range g.Players {
		random := g.Players[p].Random
		if !random {
			_, isRandom := agents[p].(Random) // the same draw as Random's Choose
			random = agents[p] == nil || isRandom
		}
		t.random = append(t.random, random)
	}
	// Only random players: no agent reads the history.
	m.SetKeepParts(!t.noParts || slices.Contains(t.random, false))
	for {
		mover := m.Mover()
		random := t.random[mover]
		if m.Pending() && !random {
			if err := m.Settle(); err != nil {
				return rec, err
			}
		}
		if m.Pending() {
			played, err := m.PlayRandom(rng.IntN)
			if err != nil {
				return rec, err
			}
			if !played {
				continue // the game is over, or the player must pass: the list says
			}
		} else {
			if m.Over() {
				break
			}
			var i int
			switch {
			case m.MustPass():
			case random:
				i = rng.IntN(len(m.Legal()))
			default:
				if i, err = Choose(agents[mover], m, rng); err != nil {
					var f *Forfeit
					if errors.As(err, &f) {
						rec.Result = f.Result(g.Game, mover)
						return rec, nil
					}
					return rec, fmt.Errorf("%s (%s): %w", agents[mover].Name(), g.Players[mover].Name, err)
				}
			}
			if err := m.Play(i); err != nil {
				return rec, err
			}
		}
		if n := len(m.History()); maxPlies > 0 && n >= maxPlies {
			// The outcome of the last turn is decided, as without sampling, so that an
			// error of the rules there is reported.
			if err := m.Settle(); err != nil {
				return rec, err
			}
			rec.Capped = true
			rec.Result = eval.Result{Over: true, Draw: true, Reason: fmt.Sprintf("stopped after %d turns (--max-plies)", maxPlies)}
			return rec, nil
		}
	}
	rec.Result = m.Result()
	return rec, nil
}

// Forfeit is the error of a player that loses the game by its own doing rather than by
// the rules: an external engine that plays a move the rules do not allow, that resigns
// or that refuses the game. The game ends with it (Table.Play), not as failed.
type Forfeit struct {
	Reason   string
	Resigned bool
}

func (f *Forfeit) Error() string { return "forfeit: " + f.Reason }

// Result returns the result of the game that mover forfeited: mover loses, every other
// player wins.
func (f *Forfeit) Result(g *engine.Game, mover engine.Player) eval.Result {
	r := eval.Result{Over: true, Losers: []engine.Player{mover}, Reason: "forfeit: " + f.Reason}
	if f.Resigned {
		r.Reason = "resigned: " + f.Reason
	}
	for p := range g.Players {
		if engine.Player(p) != mover {
			r.Winners = append(r.Winners, engine.Player(p))
		}
	}
	return r
}
