package ai

import (
	"math/rand/v2"
	"sync"
	"time"

	"github.com/zoggo/zoggo/match"
)

// Timed is an agent whose thinking is timed: each Choose adds its wall-clock time and
// one turn to counters that the agent's clones (one per game of a run) share, so that a
// rating ladder can show that both sides had the same time per move. It is safe for
// games played at once.
type Timed struct {
	Agent Agent
	c     *timeCount
}

type timeCount struct {
	mu    sync.Mutex
	total time.Duration
	turns int
}

// NewTimed returns a as a Timed agent with counters of its own.
func NewTimed(a Agent) *Timed { return &Timed{Agent: a, c: &timeCount{}} }

// Name returns the name of the agent timed.
func (t *Timed) Name() string { return t.Agent.Name() }

// Choose asks the agent timed and counts its time.
func (t *Timed) Choose(m *match.Match, r *rand.Rand) (int, error) {
	start := time.Now()
	i, err := t.Agent.Choose(m, r)
	d := time.Since(start)
	t.c.mu.Lock()
	t.c.total += d
	t.c.turns++
	t.c.mu.Unlock()
	return i, err
}

// Close ends the agent timed when it has a process to end (an external engine).
func (t *Timed) Close() {
	if c, ok := t.Agent.(interface{ Close() }); ok {
		c.Close()
	}
}

// Add counts time and turns chosen before, by an earlier run that this one resumes.
func (t *Timed) Add(total time.Duration, turns int) {
	t.c.mu.Lock()
	t.c.total += total
	t.c.turns += turns
	t.c.mu.Unlock()
}

// Totals returns the time of the turns chosen so far, by every clone, and their number.
func (t *Timed) Totals() (time.Duration, int) {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	return t.c.total, t.c.turns
}

// PerTurn returns the mean time of the turns chosen so far, by every clone, and their
// number.
func (t *Timed) PerTurn() (time.Duration, int) {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	if t.c.turns == 0 {
		return 0, 0
	}
	return t.c.total / time.Duration(t.c.turns), t.c.turns
}
