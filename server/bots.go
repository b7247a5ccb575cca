package server

// This file holds the bots' share of the machine. Bots think on at most Options.Bots
// threads at once over all games (a search on N threads takes N). A bot that has thought
// for a quantum while another waits goes to the back of the queue, and the first bot
// waiting goes on: so bots take turns game by game, and a long think delays another
// game's quick one by a few quanta, not by its whole clock. A search hands back its
// threads when asked at its next 64 nodes (ai.Search.Yield, ai.MCTS.Yield,
// ai.Axiom.Yield). No bot thinks longer than Options.BotTime on a turn: it is stopped
// there and plays the best turn it has found. Closing the server stops every bot at
// once; their turns are not stored.

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/match"
)

// botQuantum is how long a bot thinks before it gives its threads to a bot waiting.
const botQuantum = 25 * time.Millisecond

// botPool shares the bots' threads between games.
type botPool struct {
	slots    int           // threads over all games
	maxTime  time.Duration // the longest think of a turn
	maxLevel int

	mu      sync.Mutex
	free    int
	queue   []*botJob    // waiting for threads, first come first served
	waiting atomic.Int32 // len(queue), read without mu
}

func newBotPool(slots int, maxTime time.Duration, maxLevel int) *botPool {
	return &botPool{slots: slots, free: slots, maxTime: maxTime, maxLevel: maxLevel}
}

// botJob is one bot thinking on one turn.
type botJob struct {
	pool     *botPool
	ctx      context.Context
	weight   int       // threads taken
	deadline time.Time // the end of its time, set when it first gets its threads

	// Under pool.mu:
	running bool
	since   time.Time     // when it last got its threads
	granted chan struct{} // closed when it gets its threads (while queued)
}

// admit checks a bot of a new game against the server's limits.
func (p *botPool) admit(a ai.Agent) error {
	switch a := a.(type) {
	case *ai.Search:
		if a.Time > p.maxTime {
			return errf(http.StatusBadRequest, "bad_request", "%s: bots here think for at most %v a turn", a.Name(), p.maxTime)
		}
		if a.Time == 0 && a.Depth > p.maxLevel {
			return errf(http.StatusBadRequest, "bad_request", "%s: bots here search to level %d at most", a.Name(), p.maxLevel)
		}
		if a.Threads > p.slots {
			return errf(http.StatusBadRequest, "bad_request", "%s: bots here think on %d threads at most", a.Name(), p.slots)
		}
	case *ai.MCTS:
		if a.Time > p.maxTime { // a clock (mcts:2s): the time, not a level, is its bound
			return errf(http.StatusBadRequest, "bad_request", "%s: bots here think for at most %v a turn", a.Name(), p.maxTime)
		}
		if a.Time == 0 && a.Iterations > ai.NewMCTS(p.maxLevel).Iterations {
			return errf(http.StatusBadRequest, "bad_request", "%s: bots here search to level %d at most", a.Name(), p.maxLevel)
		}
	}
	return nil
}

// limit returns a copy of a within the server's limits (a stored game may have been
// started under looser ones), yielding through yield, and the threads it takes.
func (p *botPool) limit(a ai.Agent, yield func() bool, until time.Time) (ai.Agent, int) {
	switch a := a.(type) {
	case *ai.Search:
		c := *a
		c.Yield = yield
		c.Threads = min(c.Threads, p.slots)
		c.Time = min(c.Time, p.maxTime)
		if c.Time == 0 && c.Depth > p.maxLevel {
			lv := ai.NewSearch(p.maxLevel)
			c.Depth, c.MaxNodes = lv.Depth, min(c.MaxNodes, lv.MaxNodes)
		}
		return &c, max(1, c.Threads)
	case *ai.MCTS:
		c := *a
		c.Yield = yield
		if c.Time > 0 {
			c.Time = min(c.Time, p.maxTime)
		} else {
			c.Iterations = min(c.Iterations, ai.NewMCTS(p.maxLevel).Iterations)
		}
		return &c, 1
	case *ai.Axiom:
		c := *a
		c.Yield = yield
		return &c, 1
	case *engines.Engine:
		// An engine's process is not ours to pause: it gets half the time, to answer
		// within the whole of it.
		c := *a
		c.Yield = yield
		c.MaxTime = p.maxTime / 2
		if !until.IsZero() {
			c.MaxTime = max(time.Millisecond, min(c.MaxTime, time.Until(until)/2))
		}
		return &c, 1
	}
	return a, 1
}

// choose lets agent choose in m when its turn comes in the pool, by until at the latest
// when until is not zero (its share of its clock, clock.go). ok is false when ctx ended
// first: the choice is then to be dropped.
func (p *botPool) choose(ctx context.Context, agent ai.Agent, m *match.Match, rng *rand.Rand, until time.Time) (i int, err error, ok bool) {
	j := &botJob{pool: p, ctx: ctx}
	agent, j.weight = p.limit(agent, j.yield, until)
	if !j.acquire() {
		return 0, nil, false
	}
	j.deadline = time.Now().Add(p.maxTime)
	if !until.IsZero() && until.Before(j.deadline) {
		j.deadline = until
	}
	type answer struct {
		i   int
		err error
	}
	done := make(chan answer, 1)
	go func() {
		i, err := ai.Choose(agent, m, rng)
		done <- answer{i, err}
	}()
	select {
	case a := <-done:
		j.release()
		return a.i, a.err, ctx.Err() == nil
	case <-ctx.Done():
		// A search stops at its next yield; a bot that does not yield (the Forth's
		// own) is left to finish, without anybody waiting for it.
		go func() {
			<-done
			j.release()
		}()
		return 0, nil, false
	}
}

// acquire waits for the job's threads; false when its context ended first.
func (j *botJob) acquire() bool {
	p := j.pool
	p.mu.Lock()
	if len(p.queue) == 0 && p.free >= j.weight {
		p.grant(j)
		p.mu.Unlock()
		return true
	}
	p.enqueue(j)
	ch := j.granted
	p.mu.Unlock()
	select {
	case <-ch:
		return true
	case <-j.ctx.Done():
		j.release()
		return false
	}
}

// release gives back the job's threads, or takes it out of the queue.
func (j *botJob) release() {
	p := j.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	if j.running {
		j.running = false
		p.free += j.weight
	} else if k := slices.Index(p.queue, j); k >= 0 {
		p.queue = slices.Delete(p.queue, k, k+1)
		p.waiting.Add(-1)
	}
	p.dispatch()
}

// yield is the bot's Yield: false when it is to stop (its time is up, or the server is
// closing); it waits while the bot's threads are another's.
func (j *botJob) yield() bool {
	if j.ctx.Err() != nil || time.Now().After(j.deadline) {
		return false
	}
	p := j.pool
	if p.waiting.Load() == 0 {
		return true
	}
	p.mu.Lock()
	if j.running {
		if time.Since(j.since) < botQuantum || len(p.queue) == 0 {
			p.mu.Unlock()
			return true
		}
		// Its quantum is over and another bot waits: to the back of the queue.
		j.running = false
		p.free += j.weight
		p.enqueue(j)
		p.dispatch()
		if j.running {
			p.mu.Unlock()
			return true
		}
	}
	ch := j.granted
	p.mu.Unlock()
	select {
	case <-ch:
	case <-j.ctx.Done():
		return false
	}
	return time.Now().Before(j.deadline)
}

// enqueue puts j at the back of the queue; p.mu is held.
func (p *botPool) enqueue(j *botJob) {
	j.granted = make(chan struct{})
	p.queue = append(p.queue, j)
	p.waiting.Add(1)
}

// grant gives j its threads; p.mu is held.
func (p *botPool) grant(j *botJob) {
	p.free -= j.weight
	j.running, j.since = true, time.Now()
}

// dispatch gives threads to the jobs at the front of the queue while there are enough;
// p.mu is held.
func (p *botPool) dispatch() {
	for len(p.queue) > 0 && p.free >= p.queue[0].weight {
		j := p.queue[0]
		p.queue = p.queue[1:]
		p.waiting.Add(-1)
		p.grant(j)
		close(j.granted)
	}
}

// startThink sets the bot of gm's player to move thinking, unless the server is closing;
// gm.mu is held.
func (s *Server) startThink(gm *game, gen int, agent ai.Agent, m *match.Match, rng *rand.Rand, leased bool, until time.Time) bool {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	go s.think(gm, gen, agent, m, rng, leased, until)
	return true
}

// Close stops the bots at once (the turns they were thinking on are not stored) and the
// event streams, and releases the server's leases, so that another server may play its
// games at once; the store stays open.
func (s *Server) Close() {
	s.closeMu.Lock()
	s.closed = true
	s.closeMu.Unlock()
	s.cancel()
	s.stopFlags()
	s.wg.Wait()
	if err := s.st.ReleaseLease(context.Background(), "", s.holder); err != nil {
		s.logf("releasing the leases: %v", err)
	}
}

// The waits after a failure of the store, doubling from the first to the last.
var (
	retryFirst = time.Second
	retryLast  = time.Minute
)

// retry brings game id in step with the store and sets its bot thinking again after a
// wait, the fails-th in a row, the store having failed with err: a bot does not try
// again at once while the store is down.
func (s *Server) retry(id string, fails int, err error) {
	d := retryFirst
	for k := 1; k < fails && d < retryLast; k++ {
		d *= 2
	}
	d = min(d, retryLast)
	s.logf("game %s: the store failed (%d in a row); its bots wait %v: %v", id, fails, d, err)
	time.AfterFunc(d, func() {
		if s.ctx.Err() != nil {
			return
		}
		gm, err := s.game(s.ctx, id)
		if err != nil {
			var ae *apiError
			if !errors.As(err, &ae) || ae.status >= 500 {
				s.retry(id, fails+1, err)
			}
			return
		}
		gm.mu.Unlock()
		gm.hub.notify()
	})
}

// mayStart counts a new game against the client of r: clients start a few games a
// minute each (--create-rate), whatever makes the game (create, rematch, restart, setup).
func (s *Server) mayStart(r *http.Request) error {
	if s.createLim != nil && !s.createLim.allow(clientIP(r)) {
		return errf(http.StatusTooManyRequests, "rate_limited", "too many new games from your address; wait a minute")
	}
	return nil
}

// mayCreate checks that the client of r may start the game req asks for now: clients
// start a few games a minute each, and games without a person need the operator's leave.
func (s *Server) mayCreate(r *http.Request, req *createReq) error {
	if err := s.mayStart(r); err != nil {
		return err
	}
	if !s.allowBotGames && !slices.ContainsFunc(req.Seats, func(sr seatReq) bool { return sr.Kind == "human" || sr.Kind == "invite" }) {
		return errf(http.StatusForbidden, "forbidden", "games without a person are off on this server (zoggo serve --allow-bot-games)")
	}
	return nil
}
