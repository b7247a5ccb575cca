// Package match holds a game in progress: the position, the turns played, how often each
// position has occurred and the legal turns of the player to move. Everything that
// players, searchers and saved games need to agree on between two turns lives here, once:
//
//   - A player who cannot move passes: the pass is a turn of one part that moves nothing
//     (PassMove), clears the last move's squares and hands the turn to the next entry of
//     the turn order. Legal offers it as the only turn, and MustPass reports it.
//   - The game is drawn ("no player can move") when the first player cannot move at the
//     start and may not pass, or when a pass would follow as many passes in a row as the
//     turn order has entries.
//   - Repetitions are counted per position, the start position included; the goals see
//     how often the position after a turn has occurred, this time included.
//   - A game of the dialect with a repetition rule ((forbid-repetition ...), Go's ko and
//     superko) has the turns that recreate an earlier position, passes excepted, taken
//     out of its legal turns: only the match knows the positions before.
//   - Move numbers start at 1 and grow each time the turn order starts over, as Zillions
//     numbers the lines of a saved game.
//   - After every turn the goals of the rules decide whether the game is over (eval's
//     Outcome); the start position is not checked.
//
// A match is played forward with Play and taken back with Undo, which restores the
// position, the counts, the move number, the legal turns and the result exactly. Clone
// copies a match; Explore copies it for searching a tree of turns, keeping the buffers of
// the legal turns per depth so that playing and undoing allocates almost nothing.
//
// A match that does not explore computes the legal turns of each position in one of two
// workspaces, taking turns, and keeps a copy of each turn it plays (eval's Keeper): a
// long game makes a few allocations per turn instead of new buffers for every legal turn
// of every position. The legal turns of earlier positions are lost that way; Undo computes
// them again when it goes back there, and they come out the same. Reset starts a new
// game in those same buffers, so that playing game after game allocates little.
//
// A match may sample (sample.go): random players then draw their turns without the list
// of every legal turn, and the list is made only when something asks for it.
//
// Error policy: Play returns the error of the rules' move code (an *eval.GenError names its
// place in the rules) and leaves the match as it was. Nothing here panics on user input.
package match

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// maxExploreDepth bounds the depths below its start for which an explorer keeps buffers;
// deeper turns (long random playouts) are computed in new buffers each time.
const maxExploreDepth = 64

// Played is one turn of a match.
type Played struct {
	Before *engine.State // the position the turn was made in
	Turn   eval.Turn     // its parts; a pass has one part with Pass set
	Num    int           // its move number
	Forced bool          // a pass made because the player could not move
}

// Match is a game in progress. Its states are shared, never changed: callers must not
// modify what State, Legal or History return.
type Match struct {
	g      *eval.Game
	start  *engine.State
	s      *engine.State
	key    uint64 // the hash under which the position of s was counted
	reps   counts
	played []Played
	undo   []frame // one per turn played: what Undo restores
	legal  []eval.Turn
	forced bool // legal holds only the pass of a player who cannot move
	passes int  // forced passes in a row that led to s
	num    int  // move number of the next turn
	result eval.Result
	elim   bool // a loss may eliminate a player: the goals change the state they check
	// countReps: the goals read how often a position occurred (eval's
	// ReadsRepetitions), and reps counts the positions so far by hash. Otherwise reps
	// stays empty and Repetitions counts the keys of the frames when asked.
	countReps bool
	// seen counts the repetition keys (engine.Game.RepeatKey) of the positions so far,
	// and keys lists them in order, in a game with a repetition rule; nil otherwise.
	seen map[uint64]int
	keys []uint64

	explore bool
	base    int // turns played when the explorer was made
	ws      []*eval.Workspace

	// own are the two workspaces in which a match that does not explore computes the
	// legal turns of every position (see reuses): Legal's turns live in own[cur], and the
	// other holds the legal turns of the last frame, if they are not stale. Nil until
	// first needed.
	own  [2]*eval.Workspace
	cur  int
	keep eval.Keeper // where the turns played are copied to; never shared by a clone
	// noParts: the turns played from now on keep only their state in the history, not
	// their parts (SetKeepParts).
	noParts bool
	// startFor is the start position of the last Reset that listed its legal turns, and
	// startTurns copies of them (in startKeep), for the next Reset from the same state:
	// ai's Table starts every game from one state, and listing its turns again was a
	// fiftieth of a random game of draughts. Only in a match that reuses its workspaces,
	// of a game without a repetition rule.
	startFor   *engine.State
	startTurns []eval.Turn
	startKeep  eval.Keeper
	// lent is set once a clone shares turns kept in keep: Reset then leaves keep's
	// chunks to the clones and starts new ones. Atomic, so that clones may be made from
	// several goroutines.
	lent *atomic.Bool

	// sampling is set by SetSampling (sample.go); pending says that the position's
	// legal turns are not listed yet, nor the goals that depend on them checked.
	sampling bool
	pending  bool
	// lazy, cws and cand belong to an explorer's lazy mode (single.go): cws are the
	// workspaces of the candidates per depth, cand the one the last Candidates used
	// (nil once a turn is played or undone).
	lazy bool
	cws  []*eval.Workspace
	cand *eval.Workspace
}

// frame is what a turn changed, for Undo. A frame whose legal turns are stale lost them
// to a workspace used again: Undo computes them afresh. It holds no result: a turn is
// made only in a position whose game is not over (play's callers refuse the others), and
// every result that is not over is the zero Result (eval's goals and Sample give no
// other), so Undo restores the zero Result. Copying the result into every frame and back
// was a sixth of what play itself costs a random game of draughts.
type frame struct {
	key    uint64
	legal  []eval.Turn
	stale  bool
	forced bool
	passes int
	num    int
}

// New starts a match of g in the position start (which the match keeps: it must not
// change afterwards), or in the game's setup when start is nil. It returns an error when
// the legal turns of the first player cannot be computed.
func New(g *eval.Game, start *engine.State) (*Match, error) {
	m := &Match{g: g, elim: movers(g) > 2, lent: new(atomic.Bool), countReps: g.ReadsRepetitions()}
	if err := m.Reset(start); err != nil {
		return nil, err
	}
	return m, nil
}

// Reset starts a new game of the same rules in m, as New does, in m's own buffers: the
// workspaces, the copies of the turns played, the history and the counts of positions
// are used again, so that a loop playing game after game (random playouts, zoggo run)
// allocates little once its longest game has been played. Everything m handed out
// before (its history, states and legal turns) must no longer be used; its clones and
// explorers stay valid, because m then keeps its next turns in new buffers. On an error
// m holds no game and must not be used until a Reset succeeds.
func (m *Match) Reset(start *engine.State) error {
	g := m.g
	if start == nil {
		start = g.NewState()
	}
	if m.lent.Load() {
		// A clone holds turns and states kept in m's chunks: they are its now. Its
		// history is a copy of its own.
		m.keep = eval.Keeper{}
		m.lent.Store(false)
	}
	m.keep.Reset()
	clear(m.played)
	clear(m.undo)
	m.played, m.undo = m.played[:0], m.undo[:0]
	if m.countReps {
		m.reps.clear()
		m.reps.add(start.Hash, 1)
	}
	m.start, m.s, m.key, m.num = start, start, start.Hash, 1
	m.legal, m.forced, m.passes, m.result, m.pending = nil, false, 0, eval.Result{}, false
	m.keys = m.keys[:0]
	m.explore, m.base, m.ws, m.cur, m.noParts = false, 0, nil, 0, false
	// The kept states of the game before are carved again: a hint for one of them
	// (eval's Hint) would be for another position.
	for _, w := range m.own {
		if w != nil {
			w.Unhint()
		}
	}
	ws := m.own[0]
	if ws == nil || !m.reuses() {
		ws = m.newOwn()
	}
	if m.reuses() {
		m.own[0] = ws
	}
	turns, err := m.startList(ws, start)
	if err != nil {
		return err
	}
	m.legal = turns
	if r := repeatRule(g); r.Kind != engine.RepeatAllowed {
		k := g.RepeatKey(start)
		if m.seen == nil {
			m.seen = map[uint64]int{}
		}
		clear(m.seen)
		m.seen[k], m.keys = 1, append(m.keys, k)
		m.legal = m.unrepeated(turns)
	}
	turns = m.legal
	if len(turns) == 0 {
		_, mover := g.Side(start)
		if g.Players[mover].Random || g.Options.PassTurn != engine.PassNever {
			pass, err := PassTurn(g, start)
			if err != nil {
				return err
			}
			m.cannotMove(pass)
		} else {
			m.legal = nil
			m.result = eval.Result{Over: true, Draw: true, Reason: "no player can move"}
		}
	}
	return nil
}

// startList returns the legal turns of start, computed in ws, or the copies kept of
// them when the last Reset started from the same state (which must not change, as New
// says): the move code gives the same turns for the same state. The copies are never
// changed, and a clone copies the turns it is given, so they stay valid while the match
// starts from that state.
func (m *Match) startList(ws *eval.Workspace, start *engine.State) ([]eval.Turn, error) {
	if start == m.startFor {
		return m.startTurns, nil
	}
	turns, err := ws.Turns(start)
	if err != nil || !m.reuses() || repeatRule(m.g).Kind != engine.RepeatAllowed {
		return turns, err
	}
	m.startKeep.Reset()
	m.startTurns = m.startTurns[:0]
	for i := range turns {
		m.startTurns = append(m.startTurns, m.startKeep.Keep(&turns[i]))
	}
	m.startFor = start
	return m.startTurns, nil
}

// movers counts the players who choose turns: not random, and named as the mover of some
// entry of the turn order.
func movers(g *eval.Game) int {
	var seen []engine.Player
	for _, e := range g.TurnOrder.Entries {
		if !g.Players[e.Mover].Random && !slices.Contains(seen, e.Mover) {
			seen = append(seen, e.Mover)
		}
	}
	return len(seen)
}

// PassMove returns the part of a pass: it moves no piece, and the turn order goes on.
func PassMove() engine.Move {
	return engine.PassMove()
}

// PassTurn returns the turn of a player who passes in s.
func PassTurn(g *eval.Game, s *engine.State) (eval.Turn, error) {
	after, err := g.Pass(s)
	if err != nil {
		return eval.Turn{}, err
	}
	return eval.Turn{Parts: []engine.Move{PassMove()}, After: after}, nil
}

// Game returns the rules of the match.
func (m *Match) Game() *eval.Game { return m.g }

// Start returns the position the match started in.
func (m *Match) Start() *engine.State { return m.start }

// State returns the position now.
func (m *Match) State() *engine.State { return m.s }

// Mover returns the player who chooses the next turn.
func (m *Match) Mover() engine.Player {
	_, p := m.g.Side(m.s)
	return p
}

// Legal returns the legal turns of the player to move, each with the state after it; it
// is nil once the game is over and never empty before. A player who cannot move gets the
// single pass turn (see MustPass). The turns are never changed, except an explorer's
// (see Explore).
func (m *Match) Legal() []eval.Turn {
	m.list()
	return m.legal
}

// MustPass reports whether the player to move cannot move: Legal holds only the pass that
// the match makes instead. A pass the rules offer (the "pass turn" option) is a turn
// like any other and does not count.
func (m *Match) MustPass() bool {
	m.list()
	return m.forced
}

// Over reports whether the game has ended.
func (m *Match) Over() bool {
	m.list()
	return m.result.Over
}

// Result returns how the game ended, or a result that is not Over.
func (m *Match) Result() eval.Result {
	m.list()
	return m.result
}

// MoveNumber returns the number of the turn about to be made.
func (m *Match) MoveNumber() int { return m.num }

// Repetitions returns how often the position now has occurred, this time included.
func (m *Match) Repetitions() int {
	if m.countReps {
		return m.reps.get(m.key)
	}
	n := 1
	for i := range m.undo {
		if m.undo[i].key == m.key {
			n++
		}
	}
	return n
}

// repsAfter is the count of repetitions the goals are given for the position after a
// turn, hashed key: how often it occurred, this time included. In a game whose goals do
// not read it (eval's ReadsRepetitions) it is not counted, and 0 is given instead.
func (m *Match) repsAfter(key uint64) int {
	if !m.countReps {
		return 0
	}
	return m.reps.get(key) + 1
}

// repsNow is repsAfter for the position now, already counted.
func (m *Match) repsNow() int {
	if !m.countReps {
		return 0
	}
	return m.reps.get(m.key)
}

// History returns the turns played, in order. A turn played while the match kept no
// parts (SetKeepParts) has none: only its state after, the state before, its number
// and whether it was forced.
func (m *Match) History() []Played { return m.played[:len(m.played):len(m.played)] }

// SetKeepParts says whether the turns played from now on keep their parts in the
// history (the default) or only their state after, for a caller that never reads them,
// such as a loop of random playouts that counts only the turns and the result: copying
// the parts of every turn was a thirtieth of a random game of draughts. It has effect
// only in a match that does not explore, and holds until the next Reset. Nothing else
// changes: the positions, the legal turns, the goals and Undo are the same either way.
func (m *Match) SetKeepParts(on bool) { m.noParts = !on && m.reuses() }

// Play makes the legal turn Legal()[i] and checks the goals after it. The goals may
// change the position reached (a loss eliminates a player when more than two are in),
// so State, not the turn's After, is the position now. On an error of the rules' move
// code, an index out of range or a game that is over, the match stays as it was.
func (m *Match) Play(i int) error {
	m.list()
	if m.result.Over {
		return errors.New("the game is over")
	}
	if i < 0 || i >= len(m.legal) {
		return fmt.Errorf("no legal turn %d: there are %d", i, len(m.legal))
	}
	return m.play(&m.legal[i])
}

// PlayNull makes the player to move pass although it has legal turns: the null move of
// a search, which asks what the other side could do with two turns in a row. The pass is
// no turn of the rules, so only an explorer makes it; Undo takes it back.
func (m *Match) PlayNull() error {
	if !m.explore {
		return errors.New("only an explorer makes a null move")
	}
	m.list()
	if m.result.Over {
		return errors.New("the game is over")
	}
	t, err := PassTurn(m.g, m.s)
	if err != nil {
		return err
	}
	return m.play(&t)
}

// play makes src, a legal turn of the position now, as Play describes. The game is not
// over (Undo restores the zero Result: see frame).
func (m *Match) play(src *eval.Turn) error {
	if m.result.Over {
		return errors.New("the game is over")
	}
	// The turn goes straight into its place in the history (taken back on an error):
	// a Played or a Turn built on the stack and copied there stalls.
	n := len(m.played)
	m.played = append(m.played, Played{})
	p := &m.played[n]
	hint := &p.Turn // the turn as the history keeps it, for Hint
	switch {
	case !m.reuses():
		p.Turn = *src
	case m.noParts:
		// Only the state: what Hint reads of the parts is src's, still valid, with the
		// state kept (the one the next position's workspace is given).
		p.Turn.After = m.keep.KeepState(src.After)
		hint = &eval.Turn{Parts: src.Parts, After: p.Turn.After, End: src.End}
	default:
		m.keep.KeepTo(&p.Turn, src) // the workspace that holds src will be used again
	}
	t := &p.Turn
	_, mover := m.g.Side(m.s)
	after := t.After
	if m.elim {
		after = after.Clone() // the goals may eliminate a player in it
	}
	key := after.Hash
	var res eval.Result
	var next []eval.Turn
	var err error
	pending := false
	m.cand = nil
	ws := m.workspace(len(m.played) + 1)
	if m.reuses() && !m.elim && m.own[m.cur] != nil {
		// own[cur] made t for s; ws makes the turns of after, t's state.
		m.own[m.cur].Hint(ws, m.s, hint)
	}
	if m.sampling || m.lazy {
		// The goals that need no legal turn; the others wait for them (sample.go).
		pending = true
		if !m.g.NoFirstGoals() {
			var decided bool
			res, decided, err = ws.Goals(after, mover, m.repsAfter(key))
			pending = err == nil && !decided
		}
	} else {
		res, next, err = ws.Outcome(after, mover, m.repsAfter(key))
	}
	if err != nil {
		m.played[n] = Played{}
		m.played = m.played[:n]
		return err
	}
	if m.countReps {
		m.reps.add(key, 1)
	}
	if m.seen != nil {
		k := m.g.RepeatKey(after)
		m.seen[k]++
		m.keys = append(m.keys, k)
		next = m.unrepeated(next)
	}
	// A position whose turn was drawn by PlayRandom never had its legal turns listed:
	// Undo lists them.
	m.undo = append(m.undo, frame{})
	f := &m.undo[len(m.undo)-1]
	f.key, f.legal, f.stale, f.forced, f.passes, f.num = m.key, m.legal, m.legal == nil, m.forced, m.passes, m.num
	if m.reuses() {
		m.cur = 1 - m.cur
	}
	p.Before, p.Num, p.Forced = m.s, m.num, m.forced
	if m.forced {
		m.passes++
	} else {
		m.passes = 0
	}
	if after.Turn <= m.s.Turn {
		m.num++
	}
	m.s, m.key, m.result, m.legal, m.forced, m.pending = after, key, res, next, false, pending
	if !res.Over && len(next) == 0 && !pending {
		if err := m.noTurn(); err != nil {
			m.Undo() // the match stays as it was
			return err
		}
	}
	return nil
}

// noTurn makes the player to move, who has no legal turn and whose goals did not end
// the game, pass, or ends the game (cannotMove).
func (m *Match) noTurn() error {
	var pass eval.Turn
	if m.passes+1 <= len(m.g.TurnOrder.Entries) {
		var err error
		if pass, err = PassTurn(m.g, m.s); err != nil {
			return err
		}
	}
	m.cannotMove(pass)
	return nil
}

// repeatRule returns the game's repetition rule.
func repeatRule(g *eval.Game) engine.RepeatRule {
	if g.Ext == nil {
		return engine.RepeatRule{}
	}
	return g.Ext.Repeat
}

// unrepeated removes from turns, in place, those the repetition rule forbids: every turn
// but a pass whose position after it was seen before (within the rule's window, the
// position now included).
func (m *Match) unrepeated(turns []eval.Turn) []eval.Turn {
	r := repeatRule(m.g)
	kept := turns[:0]
	for _, t := range turns {
		if !t.Parts[0].Pass && m.repeats(m.g.RepeatKey(t.After), r.Window) {
			continue
		}
		kept = append(kept, t)
	}
	return kept
}

// repeats reports whether key was seen, among the last window positions when window > 0.
func (m *Match) repeats(key uint64, window int) bool {
	if window == 0 {
		return m.seen[key] > 0
	}
	return slices.Contains(m.keys[max(0, len(m.keys)-window):], key)
}

// cannotMove makes the player to move, who has no legal turn, pass (the turn pass), or
// ends the game when every entry of the turn order has passed in a row already.
func (m *Match) cannotMove(pass eval.Turn) {
	if m.passes+1 > len(m.g.TurnOrder.Entries) {
		m.legal, m.result = nil, eval.Result{Over: true, Draw: true, Reason: "no player can move"}
		return
	}
	m.legal, m.forced = []eval.Turn{pass}, true
}

// Undo takes back the last turn played. It reports false when no turn has been played.
func (m *Match) Undo() bool {
	n := len(m.played)
	if n == 0 {
		return false
	}
	f := &m.undo[n-1]
	if m.countReps {
		m.reps.add(m.key, -1)
	}
	if m.seen != nil {
		k := m.keys[len(m.keys)-1]
		if m.seen[k]--; m.seen[k] == 0 {
			delete(m.seen, k)
		}
		m.keys = m.keys[:len(m.keys)-1]
	}
	m.s, m.pending, m.cand = m.played[n-1].Before, false, nil
	m.key, m.legal, m.forced, m.passes, m.num, m.result = f.key, f.legal, f.forced, f.passes, f.num, eval.Result{}
	if m.reuses() {
		m.cur = 1 - m.cur
	}
	if f.stale && m.lazy && !f.forced {
		m.pending = true // listed when asked (single.go)
	} else if f.stale {
		m.relist()
	}
	m.played[n-1], m.undo[n-1] = Played{}, frame{}
	m.played, m.undo = m.played[:n-1], m.undo[:n-1]
	return true
}

// reuses reports whether m computes the legal turns of every position in its two own
// workspaces: a match that does not explore, of a game whose turns a workspace holds
// (not an Axiom game's). Such a match keeps a copy of each turn it plays, and the
// legal turns of all frames but the last go stale.
func (m *Match) reuses() bool { return !m.explore && !m.g.Axiom() }

// ownWorkspace returns the workspace for the legal turns of the position now: own[cur]
// in a match that reuses its workspaces, a new one in an explorer (which lost them only
// below its start).
func (m *Match) ownWorkspace() *eval.Workspace {
	if !m.reuses() {
		return m.g.NewWorkspace()
	}
	if m.own[m.cur] == nil {
		m.own[m.cur] = m.newOwn()
	}
	return m.own[m.cur]
}

// newOwn returns a new workspace for own: the turns PlayRandom draws in it have their
// states made in keep, where play keeps them (eval's KeepIn).
func (m *Match) newOwn() *eval.Workspace {
	ws := m.g.NewWorkspace()
	ws.KeepIn(&m.keep)
	return ws
}

// relist computes again the legal turns of the position now, which a stale frame lost,
// as Play and New computed them: the pass of a player who cannot move, or the turns of
// the position less those the repetition rule forbids (the counts are those of then).
// The rules' move code gave them once, so it gives them again; should it fail all the
// same, the game ends with its error as the reason rather than going on wrongly.
func (m *Match) relist() {
	var err error
	if m.forced {
		var pass eval.Turn
		if pass, err = PassTurn(m.g, m.s); err == nil {
			m.legal = []eval.Turn{pass}
			return
		}
	} else {
		var turns []eval.Turn
		if turns, err = m.ownWorkspace().Turns(m.s); err == nil {
			if m.seen != nil {
				turns = m.unrepeated(turns)
			}
			m.legal = turns
			return
		}
	}
	m.legal, m.result = nil, eval.Result{Over: true, Draw: true, Reason: "internal error: " + err.Error()}
}

// Clone returns a copy of m that plays on independently. A clone of an explorer starts
// with the explorer's legal turns, valid as long as the explorer keeps them.
func (m *Match) Clone() *Match {
	m.list()
	m.lent.Store(true)
	c := *m
	c.lent = new(atomic.Bool)
	c.sampling = false
	c.reps = m.reps.clone()
	if m.seen != nil {
		c.seen = make(map[uint64]int, len(m.seen))
		for k, v := range m.seen {
			c.seen[k] = v
		}
		c.keys = slices.Clone(m.keys)
	}
	c.played = slices.Clone(m.played)
	c.undo = slices.Clone(m.undo)
	c.explore, c.base, c.ws = false, 0, nil
	c.lazy, c.cws, c.cand, c.noParts = false, nil, nil, false
	c.own, c.cur, c.keep = [2]*eval.Workspace{}, 0, eval.Keeper{}
	c.startFor, c.startTurns, c.startKeep = nil, nil, eval.Keeper{} // m's, reset by m
	if m.reuses() {
		// m uses its workspaces again: c keeps its own copy of the legal turns, and
		// computes those of earlier positions afresh if it undoes that far.
		if m.legal != nil {
			c.legal = make([]eval.Turn, len(m.legal))
			for i := range m.legal {
				c.legal[i] = c.keep.Keep(&m.legal[i])
			}
		}
		for i := range c.undo {
			c.undo[i].legal, c.undo[i].stale = nil, true
		}
	}
	return &c
}

// Explore returns a copy of m for searching a tree of turns with Play and Undo. It
// computes the legal turns of each depth below its start in buffers of its own, reused
// from one position of that depth to the next: the turns Legal returns stay valid while
// the explorer is below them, and no longer once it has undone their position and played
// another turn at its depth.
func (m *Match) Explore() *Match {
	c := m.Clone()
	c.explore, c.base = true, len(m.played)
	return c
}

// workspace returns the buffers for the legal turns of the position after depth turns:
// an explorer's own, kept per depth, or new ones.
func (m *Match) workspace(depth int) *eval.Workspace {
	if m.reuses() {
		// The other workspace holds the legal turns of the last frame: they go stale.
		if n := len(m.undo); n > 0 {
			m.undo[n-1].legal, m.undo[n-1].stale = nil, true
		}
		w := &m.own[1-m.cur]
		if *w == nil {
			*w = m.newOwn()
		}
		return *w
	}
	d := depth - m.base - 1
	if !m.explore || d < 0 || d >= maxExploreDepth {
		return m.g.NewWorkspace()
	}
	for len(m.ws) <= d {
		m.ws = append(m.ws, m.g.NewWorkspace())
	}
	return m.ws[d]
}
