package match

// This file lets an explorer play turns one at a time without listing the legal turns
// of every position it passes (eval's Candidates and Single), for playouts that draw
// their turns by a policy of their own. An explorer set lazy (SetLazy) checks after each
// turn only the goals that need no legal turn, as a sampling match does (sample.go), and
// leaves the position pending: Legal, Over, Result, MustPass and Play list the turns
// first, exactly as they would have been listed, so every caller gets the same answers.
// Decided reports what the goals checked so far say without listing anything. Undo
// leaves a position that was never listed pending again instead of listing it.
//
// PlayCandidate makes a candidate's turn only when it is legal: the rules' checks keep
// it (Single) and, in a game with a repetition rule, it does not recreate a position the
// rule forbids, which is the test Play's list applies (unrepeated). A player whose
// candidates are all refused may still pass or have lost: Legal says which.

import (
	"errors"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// maxCandidateDepth bounds the depths below its start for which an explorer keeps
// buffers for candidates; they hold one turn each, so they go deeper than the lists.
const maxCandidateDepth = 1024

// SetLazy turns the explorer's lazy mode on or off for the turns played from now on. It
// has no effect on a match that does not explore, or in a game whose goals eval's
// TwoSteps does not serve.
func (m *Match) SetLazy(on bool) {
	m.list()
	m.lazy = on && m.explore && m.g.TwoSteps()
}

// Decided reports whether the game is over by the goals checked so far, without listing
// the legal turns of a pending position (which Over would): a pending position whose
// player turns out to have no legal turn may still end the game.
func (m *Match) Decided() bool { return m.result.Over }

// Candidates returns the first parts of the turns of the player to move (eval's
// Candidates), for PlayCandidate; ok is false when they cannot be played one at a time
// (the game's turns go on after a part, or eval's Singles does not serve it), when the
// game is over or when the player must pass. They stay valid until the next turn is
// played or undone. The error is the rules' move code's.
func (m *Match) Candidates() (parts []engine.Move, ok bool, err error) {
	if !m.explore || m.result.Over || m.forced || !m.g.Singles() {
		return nil, false, nil
	}
	m.cand = m.candidates()
	parts, ok, err = m.cand.Candidates(m.s)
	if err != nil || !ok {
		m.cand = nil
		return nil, false, err
	}
	return parts, true, nil
}

// List lists the legal turns of a pending position, as Legal does, but returns the
// error of the rules' move code instead of ending the game with it; the position then
// stays pending and nothing is taken back.
func (m *Match) List() error {
	return m.settle()
}

// PlayCandidate makes the turn of candidate i of the last Candidates if it is legal, as
// Play makes a legal turn, and reports whether it was.
func (m *Match) PlayCandidate(i int) (played bool, err error) {
	if m.result.Over {
		return false, errors.New("the game is over")
	}
	if m.cand == nil {
		return false, errors.New("no candidates of this position")
	}
	t, legal, err := m.cand.Single(m.s, i)
	if err != nil || !legal {
		return false, err
	}
	if m.seen != nil && m.repeats(m.g.RepeatKey(t.After), repeatRule(m.g).Window) {
		return false, nil
	}
	if err := m.play(&t); err != nil {
		return false, err
	}
	return true, nil
}

// candidates returns the explorer's workspace for the candidates of the position now
// (a new one past maxCandidateDepth): the state after the turn made there lives in it.
func (m *Match) candidates() *eval.Workspace {
	d := len(m.played) - m.base
	if d < 0 || d >= maxCandidateDepth {
		return m.g.NewWorkspace()
	}
	for len(m.cws) <= d {
		m.cws = append(m.cws, m.g.NewWorkspace())
	}
	return m.cws[d]
}
