package ai

import (
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Game is the record of one game played by Play.
type Game struct {
	Seed   uint64
	Result eval.Result
	Match  *match.Match // the game as played; nil if it could not start
	Capped bool         // stopped at the ply cap: not a result of the rules
	Err    error        // what stopped the game before its end, if anything
}

// Play plays one game: agents[p] chooses for player p (random players always choose at
// random). It stops when the rules end the game or after maxPlies turns (reported as
// capped, never as a draw by the rules).
//
// An error of the rules' move code, or of an agent, stops the game: Play returns the
// game so far with the error, also kept in its Err. A panic is recovered and reported
// the same way, as an internal error naming the function and line that panicked.
func Play(g *eval.Game, agents []Agent, seed uint64, maxPlies int) (rec *Game, err error) {
	return NewTable(g).Play(agents, seed, maxPlies)
}

// panicError turns a recovered panic into an error naming where it happened: the first
// function on the stack outside the Go runtime, and its line. The deferred function that
// recovered must call it directly.
func panicError(v any) error {
	var pcs [64]uintptr
	n := runtime.Callers(3, pcs[:]) // from the runtime's panic, above the deferred function
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Errorf("internal error: %v (in %s at %s:%d)", v, f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return fmt.Errorf("internal error: %v", v)
		}
	}
}

// Stats summarises many games.
type Stats struct {
	Games   int // games played to their end or to the ply cap
	Seats   []SeatStats
	Lengths []int // turns per game
	Endings map[string]int
	Capped  int
	Failed  int         // games stopped by an error; they count nowhere else
	Errors  []GameError // the errors of the first failed games, at most MaxErrors
	// Margins and Pairs count points rather than results (margin.go), in a run with
	// --score; Pairs only for two bots changing seats.
	Margins []Margin
	Pairs   *Pairs
}

// MaxErrors bounds the errors Summarise keeps.
const MaxErrors = 5

// GameError is the error that stopped a game.
type GameError struct {
	Game int    `json:"game"` // from 1
	Seed uint64 `json:"seed"`
	Err  string `json:"error"`
}

// SeatStats is one player's record.
type SeatStats struct {
	Player string
	Agent  string
	Wins   int
	Draws  int
	Losses int
	Score  float64 // mean of win 1, draw 1/2, loss 0
	Low    float64 // 95% confidence interval of Score
	High   float64
	Points float64 // mean material score at the end, when asked for
}

// Options of a run.
type Options struct {
	Games    int
	Seed     uint64
	Jobs     int
	MaxPlies int
	// Rotate gives each agent every seat in turn: game i shifts the agents by i seats.
	Rotate bool
	// Shard and Shards choose the games played: game i (from 0) only when i%Shards ==
	// Shard. Every game is played when Shards is 0 or 1. A game's seed and seats depend
	// on i only, so the shards of a run play between them the games of the whole run.
	Shard, Shards int
	// Skip, when set, leaves out game i when it returns true (games a resumed run has
	// already played); the games played keep the seeds and seats of their numbers. It is
	// called from the goroutines that play, at once, so it only reads.
	Skip func(i int) bool
	// Discard keeps no game in memory: Done sees each one, and Run returns nil. The
	// Match of the game Done sees is valid only until Done returns: the next game of
	// the same goroutine is played in its buffers (a Table).
	Discard bool
	// Done is called after each game, failed or not (from any goroutine, serialised), for
	// progress.
	Done func(i int, g *Game)
	// NoParts, with Discard, says that Done reads no parts of the turns of the game's
	// Match (only its length, positions and result): the games whose players all draw at
	// random then keep none (Table's SetKeepParts). The games are the same.
	NoParts bool
}

// Run plays the games of opts (opts.Games, or those of its shard) and returns them in
// order, nil for a game of another shard. A game that stops on an error (or a panic) has
// it in its Err; the other games are played to their end all the same.
func Run(g *eval.Game, agents []Agent, opts Options) []*Game {
	var games []*Game
	if !opts.Discard {
		games = make([]*Game, opts.Games)
	}
	jobs := max(1, opts.Jobs)
	step := max(1, opts.Shards)
	var mu sync.Mutex
	next := 0
	if step > 1 {
		next = opts.Shard
	}
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var table *Table // games are kept: each has a match of its own
			if opts.Discard {
				table = NewTable(g)
				table.SetKeepParts(!opts.NoParts)
			}
			for {
				mu.Lock()
				i := next
				next += step
				mu.Unlock()
				if i < 0 || i >= opts.Games {
					return
				}
				if opts.Skip != nil && opts.Skip(i) {
					continue
				}
				seat := SeatAgents(g, agents, i, opts.Rotate)
				var rec *Game
				if table != nil {
					rec, _ = table.Play(seat, GameSeed(opts.Seed, i), opts.MaxPlies)
				} else {
					rec, _ = Play(g, seat, GameSeed(opts.Seed, i), opts.MaxPlies)
				}
				mu.Lock()
				if games != nil {
					games[i] = rec
				}
				if opts.Done != nil {
					opts.Done(i, rec)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return games
}

// GameSeed returns the seed of game i (from 0) of a run seeded with seed.
func GameSeed(seed uint64, i int) uint64 { return seed + uint64(i)*1000003 }

// SeatAgents gives the agents to the non-random players in order, shifted by i seats when
// rotating; agents are created fresh per game so that games can run in parallel.
func SeatAgents(g *eval.Game, agents []Agent, i int, rotate bool) []Agent {
	real := realPlayers(g)
	out := make([]Agent, len(g.Players))
	for k, p := range real {
		if j := seatRow(k, i, len(real), rotate); j < len(agents) {
			out[p] = clone(agents[j])
		}
	}
	return out
}

func clone(a Agent) Agent {
	switch a := a.(type) {
	case *Search:
		c := *a
		c.kept = &keptTable{} // the clone's games are its own
		return &c
	case *MCTS:
		c := *a
		if a.kept != nil {
			c.kept = &keptTree{} // the clone's games are its own
		}
		return &c
	case *Timed:
		return &Timed{Agent: clone(a.Agent), c: a.c}
	}
	return a
}

// Summarise computes per-agent statistics over games played by Run with SeatAgents;
// points, when not nil, scores the final position per player. It counts through NewRecord
// and Tally, as zoggo run does.
func Summarise(g *eval.Game, agents []Agent, games []*Game, rotate bool, points func(*engine.State, engine.Player) float64) *Stats {
	info := &RunInfo{Game: g.Title, Games: len(games), FixedSeats: !rotate}
	for k, p := range realPlayers(g) {
		info.Players = append(info.Players, g.Players[p].Name)
		info.Bots = append(info.Bots, agents[min(k, len(agents)-1)].Name())
	}
	var recs []Record
	for i, rec := range games {
		if rec != nil {
			recs = append(recs, NewRecord(g, info, i, rec, points))
		}
	}
	return Tally(info, recs)
}

// MeanMedian returns the mean and median of the game lengths.
func (st *Stats) MeanMedian() (float64, float64) {
	if len(st.Lengths) == 0 {
		return 0, 0
	}
	l := append([]int(nil), st.Lengths...)
	sort.Ints(l)
	sum := 0
	for _, x := range l {
		sum += x
	}
	med := float64(l[len(l)/2])
	if len(l)%2 == 0 {
		med = float64(l[len(l)/2-1]+l[len(l)/2]) / 2
	}
	return float64(sum) / float64(len(l)), med
}
