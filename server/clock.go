package server

// This file holds the clocks of games played on time. A game's time control is chosen
// when it is created and kept in the store as its spelling (store.Game.Clock); every
// turn stored carries the milliseconds each seat had left after it (store.Turn.Clocks),
// and its time (store.Turn.At). The clock of the player to move runs from the time of the
// last turn stored, so what a seat has left is always computed from the store: a server
// that stops (or is killed) and starts again finds each clock at its stored value, less
// the time since the last turn for the player to move. The time the server was down
// counts against the player to move, as it would have had the server run on; a clock
// that ran out meanwhile ends the game when the server starts again (Resume).
//
// The rules of the clocks:
//   - No clock runs before the first turn of the game: the first turn is free (the
//     other side may not have opened its link yet), and earns no increment.
//   - Fischer (base + increment): the mover's clock runs during its turn, and the
//     increment is added when the turn is made in time.
//   - Simple delay (base, delay): the mover's clock starts to run only once the delay has
//     passed in its turn; nothing is added.
//   - Correspondence (days per move): each turn must be made within the days from the
//     last one; the clock is full again after every turn.
//   - The seats of dice (random players) play at once on the server: their clock does
//     not run.
//   - When the mover's time is out, its flag falls: in a game of two players (dice
//     players not counted) the other wins on time ("White wins on time"), or draws when
//     it could never win: when every goal of the rules that can end the game in a win
//     or a loss is the checkmate of some piece types and every piece the other side has
//     (on the board or in hand) is of those types, a lone king (a royal piece alone is
//     taken not to mate). In a game of more players the flagged one loses and the game
//     ends ("Red loses on time"). A timer of the server lets the flag fall when nobody
//     asks for the game; any request for it makes the same check first.
//   - Bots have a share of their time for each turn: what they have left over 30, plus
//     four fifths of the increment (or of the delay), never more than half of what they
//     have left beyond the delay, nor more than the server's --bot-time; in a
//     correspondence game, --bot-time. A bot stopped at its share plays the best turn it
//     has found, so it never flags while it has time to spare.
//   - Undo is refused in games on a clock.

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/zoggo/zoggo/engine"
)

// Bounds of a time control, in seconds or days.
const (
	maxClockBase  = 24 * 3600 // the base time of Fischer and delay clocks
	maxClockExtra = 3600      // an increment or a delay
	maxClockDays  = 60        // days per move
)

// timeControl is the time control of a game; nil is none.
type timeControl struct {
	kind  string        // "fischer", "delay" or "correspondence"
	base  time.Duration // fischer, delay
	inc   time.Duration // fischer
	delay time.Duration // delay
	days  int           // correspondence
}

// controlJSON is a time control as requests give it and answers show it: the create
// request's clock, and the clock's control in a game's state (which a rematch may give
// back as it is). Times are whole seconds.
type controlJSON struct {
	Kind      string `json:"kind"`
	Base      int    `json:"base,omitempty"`
	Increment int    `json:"increment,omitempty"`
	Delay     int    `json:"delay,omitempty"`
	Days      int    `json:"days,omitempty"`
}

// newControl checks a requested time control; nil with kind "none" (or no clock at all).
func newControl(c *controlJSON) (*timeControl, error) {
	if c == nil || c.Kind == "none" {
		if c != nil && (c.Base != 0 || c.Increment != 0 || c.Delay != 0 || c.Days != 0) {
			return nil, errf(http.StatusBadRequest, "bad_request", "clock: a clock of kind none takes no times")
		}
		return nil, nil
	}
	bad := func(format string, args ...any) error {
		return errf(http.StatusBadRequest, "bad_request", "clock: "+format, args...)
	}
	switch c.Kind {
	case "fischer", "delay":
		if c.Base < 1 || c.Base > maxClockBase {
			return nil, bad("base %d s: give 1 to %d seconds", c.Base, maxClockBase)
		}
		if c.Days != 0 {
			return nil, bad("days are for correspondence clocks")
		}
		tc := &timeControl{kind: c.Kind, base: time.Duration(c.Base) * time.Second}
		if c.Kind == "fischer" {
			if c.Increment < 0 || c.Increment > maxClockExtra {
				return nil, bad("increment %d s: give 0 to %d seconds", c.Increment, maxClockExtra)
			}
			if c.Delay != 0 {
				return nil, bad("a Fischer clock has an increment, not a delay")
			}
			tc.inc = time.Duration(c.Increment) * time.Second
		} else {
			if c.Delay < 1 || c.Delay > maxClockExtra {
				return nil, bad("delay %d s: give 1 to %d seconds", c.Delay, maxClockExtra)
			}
			if c.Increment != 0 {
				return nil, bad("a delay clock has a delay, not an increment")
			}
			tc.delay = time.Duration(c.Delay) * time.Second
		}
		return tc, nil
	case "correspondence":
		if c.Days < 1 || c.Days > maxClockDays {
			return nil, bad("%d days per move: give 1 to %d", c.Days, maxClockDays)
		}
		if c.Base != 0 || c.Increment != 0 || c.Delay != 0 {
			return nil, bad("a correspondence clock has days per move only")
		}
		return &timeControl{kind: c.Kind, days: c.Days}, nil
	}
	return nil, bad("unknown kind %q (none, fischer, delay or correspondence)", c.Kind)
}

// json returns tc as requests give it.
func (tc *timeControl) json() controlJSON {
	return controlJSON{Kind: tc.kind, Base: int(tc.base / time.Second), Increment: int(tc.inc / time.Second),
		Delay: int(tc.delay / time.Second), Days: tc.days}
}

// String is how the store keeps tc: "fischer 300+3", "delay 300/5", "correspondence 3".
func (tc *timeControl) String() string {
	if tc == nil {
		return ""
	}
	c := tc.json()
	switch tc.kind {
	case "fischer":
		return fmt.Sprintf("fischer %d+%d", c.Base, c.Increment)
	case "delay":
		return fmt.Sprintf("delay %d/%d", c.Base, c.Delay)
	}
	return fmt.Sprintf("correspondence %d", c.Days)
}

// parseControl reads a time control as String writes it; "" is none.
func parseControl(s string) (*timeControl, error) {
	if s == "" {
		return nil, nil
	}
	kind, rest, _ := strings.Cut(s, " ")
	c := controlJSON{Kind: kind}
	num := func(t string) int {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 {
			return -1
		}
		return n
	}
	switch kind {
	case "fischer":
		a, b, ok := strings.Cut(rest, "+")
		if !ok {
			return nil, fmt.Errorf("bad time control %q", s)
		}
		c.Base, c.Increment = num(a), num(b)
	case "delay":
		a, b, ok := strings.Cut(rest, "/")
		if !ok {
			return nil, fmt.Errorf("bad time control %q", s)
		}
		c.Base, c.Delay = num(a), num(b)
	case "correspondence":
		c.Days = num(rest)
	}
	tc, err := newControl(&c)
	if err != nil || tc == nil {
		return nil, fmt.Errorf("bad time control %q", s)
	}
	return tc, nil
}

// text is the time control for people: "5+3", "5 min + 5 s delay", "3 days per move".
func (tc *timeControl) text() string {
	min := strconv.FormatFloat(tc.base.Minutes(), 'f', -1, 64)
	switch tc.kind {
	case "fischer":
		return fmt.Sprintf("%s+%d", min, int(tc.inc/time.Second))
	case "delay":
		return fmt.Sprintf("%s min + %d s delay", min, int(tc.delay/time.Second))
	}
	if tc.days == 1 {
		return "1 day per move"
	}
	return fmt.Sprintf("%d days per move", tc.days)
}

// full is what a clock holds at the start (and, in correspondence, after every turn).
func (tc *timeControl) full() time.Duration {
	if tc.kind == "correspondence" {
		return time.Duration(tc.days) * 24 * time.Hour
	}
	return tc.base
}

// clockState is the clocks of a game at one moment.
type clockState struct {
	left    []time.Duration // what each seat has left
	running int             // the seat whose clock runs, or -1
	delay   time.Duration   // the running seat's delay still to pass before its clock counts down
	flagAt  time.Time       // when the running seat's flag falls; zero when none runs
}

// stored returns the clocks as the last turn stored them (full clocks before any).
func (gm *game) stored() []time.Duration {
	n := len(gm.rec.Seats)
	left := make([]time.Duration, n)
	var last []int64
	if k := len(gm.played); k > 0 {
		last = gm.played[k-1].clocks
	}
	for i := range left {
		if len(last) == n {
			left[i] = time.Duration(last[i]) * time.Millisecond
		} else {
			left[i] = gm.tc.full()
		}
	}
	return left
}

// clocks returns gm's clocks at now; gm.tc is not nil.
func (gm *game) clocks(now time.Time) clockState {
	cs := clockState{left: gm.stored(), running: -1}
	seat := int(gm.m.Mover())
	k := len(gm.played)
	if gm.over() {
		if gm.flag() >= 0 {
			cs.left[gm.flag()] = 0
		}
		return cs
	}
	if k == 0 || seat < 0 || seat >= len(cs.left) || gm.rec.Seats[seat].Kind == "random" {
		return cs
	}
	since := gm.played[k-1].at
	cs.running = seat
	stored := cs.left[seat]
	elapsed := max(0, now.Sub(since))
	cs.flagAt = since.Add(stored)
	if gm.tc.kind == "delay" {
		cs.flagAt = cs.flagAt.Add(gm.tc.delay)
		cs.delay = max(0, gm.tc.delay-elapsed)
		elapsed = max(0, elapsed-gm.tc.delay)
	}
	cs.left[seat] = max(0, stored-elapsed)
	return cs
}

// clocksAfter returns the clocks to store with a turn made at now by the player to move,
// or false when that player's time ran out first; gm.tc is not nil.
func (gm *game) clocksAfter(now time.Time) ([]int64, bool) {
	cs := gm.clocks(now)
	if cs.running >= 0 {
		if !now.Before(cs.flagAt) {
			return nil, false
		}
		switch gm.tc.kind {
		case "fischer":
			cs.left[cs.running] += gm.tc.inc
		case "correspondence":
			cs.left[cs.running] = gm.tc.full()
		}
	}
	out := make([]int64, len(cs.left))
	for i, d := range cs.left {
		out[i] = d.Milliseconds()
	}
	return out, true
}

// fullClocks returns the clocks of a game before its first timed turn, as stored with
// the turns of a saved game continued; nil without a clock.
func fullClocks(tc *timeControl, seats int) []int64 {
	if tc == nil {
		return nil
	}
	out := make([]int64, seats)
	for i := range out {
		out[i] = tc.full().Milliseconds()
	}
	return out
}

// Results of a game ended on time.
const (
	winsOnTime  = " wins on time"
	losesOnTime = " loses on time"
	drawOnTime  = "Draw on time: "
)

// onTime reports whether a stored result is a flag's fall.
func onTime(result string) bool {
	return strings.HasSuffix(result, winsOnTime) || strings.HasSuffix(result, losesOnTime) || strings.HasPrefix(result, drawOnTime)
}

// flag returns the seat whose time ran out, or -1: the player to move when the game
// ended on time.
func (gm *game) flag() int {
	if gm.tc == nil || !onTime(gm.rec.Result) {
		return -1
	}
	return int(gm.m.Mover())
}

// timeResult returns the result of a game whose player to move, seat, ran out of time.
func (gm *game) timeResult(seat int) string { return flagResult(gm.g.Game, gm.m.State(), seat) }

// flagResult returns the result of game g in position s when seat ran out of time.
func flagResult(g *engine.Game, s *engine.State, seat int) string {
	ps := g.Players
	other := -1 // the one other player who is not dice
	for i, p := range ps {
		if i == seat || p.Random {
			continue
		}
		if other >= 0 {
			return ps[seat].Name + losesOnTime
		}
		other = i
	}
	if other < 0 {
		return ps[seat].Name + losesOnTime
	}
	if cannotWin(g, s, engine.Player(other)) {
		return fmt.Sprintf("%s%s's time ran out, but %s could never win", drawOnTime, ps[seat].Name, ps[other].Name)
	}
	return ps[other].Name + winsOnTime
}

// cannotWin reports whether player p could never win, as far as it is cheap to tell:
// every goal that can end the game in a win or a loss is a checkmate of some piece
// types, and all of p's pieces, on the board and in hand, are of those types.
func cannotWin(g *engine.Game, s *engine.State, p engine.Player) bool {
	var royal []engine.Kind
	decisive := 0
	for _, gl := range g.Goals {
		if gl.Kind != engine.WinGoal && gl.Kind != engine.LossGoal {
			continue
		}
		if gl.Cond == nil || gl.Cond.Op != engine.CondCheckmated || len(gl.Cond.Kinds) == 0 {
			return false
		}
		decisive++
		royal = append(royal, gl.Cond.Kinds...)
	}
	if decisive == 0 || s.External != nil {
		return false
	}
	for _, c := range s.Cells {
		if !c.IsEmpty() && c.Player() == p && !slices.Contains(royal, c.Kind()) {
			return false
		}
	}
	nk := len(g.Pieces)
	for i, n := range s.Stock {
		if nk == 0 {
			break
		}
		held := n > 0 || n < 0 && g.Pieces[i%nk].HasDrops // n < 0: drops without count
		if i/nk == int(p) && held && !slices.Contains(royal, engine.Kind(i%nk)) {
			return false
		}
	}
	return true
}

// checkFlag ends gm on time when the clock of its player to move has run out, tells its
// event streams, and reports whether it did; gm.mu is held.
func (s *Server) checkFlag(ctx context.Context, gm *game) (bool, error) {
	if gm.tc == nil || gm.over() {
		return false, nil
	}
	cs := gm.clocks(time.Now())
	if cs.running < 0 || time.Now().Before(cs.flagAt) {
		return false, nil
	}
	if err := s.end(ctx, gm, gm.timeResult(cs.running)); err != nil {
		return false, err
	}
	gm.hub.notify() // whoever asked, the event streams hear of the flag now
	return true, nil
}

// botUntil returns when the bot of the player to move must have chosen, by its share of
// its clock (the rules above), or the zero time when it plays without a clock; gm.mu is
// held.
func (s *Server) botUntil(gm *game, now time.Time) time.Time {
	if gm.tc == nil {
		return time.Time{}
	}
	cs := gm.clocks(now)
	if cs.running < 0 {
		return time.Time{}
	}
	return now.Add(botShare(gm.tc, cs.left[cs.running], cs.delay, s.bots.maxTime))
}

// botShare is the time a bot has for a turn with left on its clock and delay of its delay
// still to pass, the server's bots thinking maxTime at most.
func botShare(tc *timeControl, left, delay, maxTime time.Duration) time.Duration {
	if tc.kind == "correspondence" {
		return maxTime
	}
	share := left/30 + (tc.inc+tc.delay)*4/5
	return min(share, left/2+delay, maxTime)
}

// flagTimers let the flags fall of the games nobody asks for: one timer per game whose
// clock runs, set for the moment its flag falls.
type flagTimers struct {
	mu     sync.Mutex
	timers map[string]*flagTimer
}

type flagTimer struct {
	at time.Time
	t  *time.Timer
}

// armFlag sets gm's timer for the fall of its running clock's flag, or stops it when no
// clock runs; gm.mu is held.
func (s *Server) armFlag(gm *game) {
	if gm.tc == nil {
		return // a game never gets a clock later
	}
	var at time.Time
	if gm.tc != nil && !gm.over() {
		at = gm.clocks(time.Now()).flagAt
	}
	f := &s.flags
	f.mu.Lock()
	defer f.mu.Unlock()
	old := f.timers[gm.id]
	if old != nil && old.at.Equal(at) {
		return
	}
	if old != nil {
		old.t.Stop()
		delete(f.timers, gm.id)
	}
	if at.IsZero() || s.ctx.Err() != nil {
		return
	}
	if f.timers == nil {
		f.timers = map[string]*flagTimer{}
	}
	id := gm.id
	ft := &flagTimer{at: at}
	// A little after the flag's time, so that the check finds it fallen.
	ft.t = time.AfterFunc(time.Until(at)+time.Millisecond, func() { s.flagDue(id, ft) })
	f.timers[id] = ft
}

// flagDue is the timer of game id: it opens the game, which lets its flag fall (settle)
// and sets the timer again if it has not.
func (s *Server) flagDue(id string, ft *flagTimer) {
	s.flags.mu.Lock()
	if s.flags.timers[id] == ft {
		delete(s.flags.timers, id)
	}
	s.flags.mu.Unlock()
	if s.ctx.Err() != nil {
		return
	}
	gm, err := s.game(s.ctx, id)
	if err != nil {
		s.logf("game %s: the clock's check: %v", id, err)
		return
	}
	gm.mu.Unlock()
	gm.hub.notify()
}

// stopFlags stops every timer (the server is closing).
func (s *Server) stopFlags() {
	s.flags.mu.Lock()
	defer s.flags.mu.Unlock()
	for id, ft := range s.flags.timers {
		ft.t.Stop()
		delete(s.flags.timers, id)
	}
}

// clockJSON is a game's clocks as its state shows them; null in a game without a clock.
type clockJSON struct {
	Control controlJSON `json:"control"`
	Text    string      `json:"text"`
	// Left is what each seat has left, in milliseconds, when the answer was made.
	Left []int64 `json:"left"`
	// Running is the seat whose clock runs, or -1; Delay the milliseconds of its delay
	// still to pass before its clock counts down (simple delay).
	Running int   `json:"running"`
	Delay   int64 `json:"delay"`
	// Flag is the seat whose time ran out, or -1.
	Flag int `json:"flag"`
}

// clockView returns gm's clocks for its state, or nil.
func (gm *game) clockView() *clockJSON {
	if gm.tc == nil {
		return nil
	}
	cs := gm.clocks(time.Now())
	cj := &clockJSON{Control: gm.tc.json(), Text: gm.tc.text(), Running: cs.running, Delay: cs.delay.Milliseconds(), Flag: gm.flag()}
	for _, d := range cs.left {
		cj.Left = append(cj.Left, d.Milliseconds())
	}
	return cj
}

// clockReview returns the clocks after the first n turns, stopped, or nil.
func (gm *game) clockReview(n int) *clockJSON {
	if gm.tc == nil {
		return nil
	}
	cj := &clockJSON{Control: gm.tc.json(), Text: gm.tc.text(), Running: -1, Flag: -1}
	var last []int64
	if n > 0 && n <= len(gm.played) {
		last = gm.played[n-1].clocks
	}
	if len(last) != len(gm.rec.Seats) {
		last = fullClocks(gm.tc, len(gm.rec.Seats))
	}
	cj.Left = slices.Clone(last)
	return cj
}
