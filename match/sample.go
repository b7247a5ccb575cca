package match

// This file lets a match of random players go without the list of every legal turn
// (eval's Sample). After each turn a sampling match checks only the goals that need no
// legal turn, and leaves the position pending: PlayRandom draws the next turn among the
// candidates, checking only those it draws, and decides the position's other goals only
// when none is legal. Anything that needs the list (Legal, Over, Result, MustPass, Play,
// Clone) lists the turns first, exactly as a match that does not sample would have, so a
// sampling match gives every caller the same answers; only the turns PlayRandom draws
// differ from those a pick of Legal's index would make, where some candidates are not
// legal.

import (
	"errors"

	"github.com/zoggo/zoggo/eval"
)

// SetSampling turns sampling on or off for the turns played from now on. It has no
// effect in a game that eval's Sampling does not serve, in an explorer, or in a clone
// (which never samples). A sampling match changes its own buffers when asked about a
// pending position: it belongs to one goroutine, and its clones must be made from it.
func (m *Match) SetSampling(on bool) {
	m.list()
	m.sampling = on && m.reuses() && m.g.Sampling()
}

// Pending reports whether the legal turns of the position now are not listed yet: only
// the goals that need none were checked after the last turn.
func (m *Match) Pending() bool { return m.pending }

// Settle lists the legal turns of a pending position and checks the goals that depend on
// them, as Play does after a turn in a match that does not sample. On an error of the
// rules' move code, the turn that led to the position is taken back, as Play would have
// refused it, and the error returned.
func (m *Match) Settle() error {
	if err := m.settle(); err != nil {
		m.Undo()
		return err
	}
	return nil
}

// settle is Settle without taking the turn back: on an error the position stays
// pending.
func (m *Match) settle() error {
	if !m.pending {
		return nil
	}
	var ws *eval.Workspace
	if m.explore {
		ws = m.workspace(len(m.played))
	} else {
		// Only here: an explorer's ownWorkspace would be a new one, made for nothing.
		ws = m.ownWorkspace()
	}
	res, next, err := ws.Moves(m.s, m.repsNow())
	if err != nil {
		return err
	}
	if m.seen != nil {
		next = m.unrepeated(next) // as play does after Outcome
	}
	m.pending, m.result, m.legal = false, res, next
	if !res.Over && len(next) == 0 {
		if err := m.noTurn(); err != nil {
			m.pending, m.result, m.legal = true, eval.Result{}, nil
			return err
		}
	}
	return nil
}

// list is settle for the methods that return no error: an error ends the game, with it
// as the reason, as relist does. It is small enough to inline into them, so that a match
// that does not sample pays one test.
func (m *Match) list() {
	if m.pending {
		m.listPending()
	}
}

func (m *Match) listPending() {
	if err := m.settle(); err != nil {
		m.pending, m.legal = false, nil
		m.result = eval.Result{Over: true, Draw: true, Reason: "internal error: " + err.Error()}
	}
}

// PlayRandom makes a turn drawn uniformly among the legal turns of the position now with
// pick (rand.Rand's IntN; see eval's Sample for how often it is called), as Play makes
// the turn it is given. It reports whether a turn was made: in a pending position whose
// player has no legal turn it only decides, as Settle does, whether the game is over or
// the player must pass. A player who must pass passes, without a pick. In a position
// that is not pending the pick is Legal()[pick(len(Legal()))]. On an error the match
// is as Settle or Play leaves it.
func (m *Match) PlayRandom(pick func(n int) int) (played bool, err error) {
	if !m.pending {
		if m.result.Over {
			return false, errors.New("the game is over")
		}
		i := 0
		if !m.forced {
			i = pick(len(m.legal))
		}
		return true, m.Play(i)
	}
	t, res, err := m.ownWorkspace().Sample(m.s, m.repsNow(), pick)
	if err != nil {
		m.Undo()
		return false, err
	}
	m.pending = false
	if t != nil {
		m.legal = nil // never listed: Undo lists them
		if err := m.play(t); err != nil {
			m.pending = true // play left the match as it was
			return false, err
		}
		return true, nil
	}
	m.result, m.legal = res, nil
	if !res.Over {
		if err := m.noTurn(); err != nil {
			m.Undo()
			return false, err
		}
	}
	return false, nil
}
