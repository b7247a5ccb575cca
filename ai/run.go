package ai

import (
	"fmt"
	"math"
	"math/rand/v2"
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
	rec = &Game{Seed: seed}
	defer func() {
		if v := recover(); v != nil {
			err = panicError(v)
		}
		if err != nil {
			if rec.Match != nil {
				err = fmt.Errorf("turn %d: %w", len(rec.Match.History())+1, err)
			}
			rec.Err = err
		}
	}()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	m, err := match.New(g, nil)
	if err != nil {
		return rec, err
	}
	rec.Match = m
	for !m.Over() {
		mover := m.Mover()
		var i int
		switch {
		case m.MustPass():
		case g.Players[mover].Random || agents[mover] == nil:
			i = rng.IntN(len(m.Legal()))
		default:
			if i, err = Choose(agents[mover], m, rng); err != nil {
				return rec, fmt.Errorf("%s (%s): %w", agents[mover].Name(), g.Players[mover].Name, err)
			}
		}
		if err := m.Play(i); err != nil {
			return rec, err
		}
		if n := len(m.History()); maxPlies > 0 && n >= maxPlies {
			rec.Capped = true
			rec.Result = eval.Result{Over: true, Draw: true, Reason: fmt.Sprintf("stopped after %d turns (--max-plies)", maxPlies)}
			return rec, nil
		}
	}
	rec.Result = m.Result()
	return rec, nil
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
	// Done is called after each game, failed or not (from any goroutine, serialised), for
	// progress.
	Done func(i int, g *Game)
}

// Run plays opts.Games games and returns them in order. A game that stops on an error (or
// a panic) has it in its Err; the other games are played to their end all the same.
func Run(g *eval.Game, agents []Agent, opts Options) []*Game {
	games := make([]*Game, opts.Games)
	jobs := max(1, opts.Jobs)
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= opts.Games {
					return
				}
				seat := SeatAgents(g, agents, i, opts.Rotate)
				rec, _ := Play(g, seat, opts.Seed+uint64(i)*1000003, opts.MaxPlies)
				mu.Lock()
				games[i] = rec
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

// SeatAgents gives the agents to the non-random players in order, shifted by i seats when
// rotating; agents are created fresh per game so that games can run in parallel.
func SeatAgents(g *eval.Game, agents []Agent, i int, rotate bool) []Agent {
	var real []int
	for p, pl := range g.Players {
		if !pl.Random {
			real = append(real, p)
		}
	}
	out := make([]Agent, len(g.Players))
	for k, p := range real {
		j := k
		if rotate {
			j = (k + i) % len(real)
		}
		if j < len(agents) {
			out[p] = clone(agents[j])
		}
	}
	return out
}

func clone(a Agent) Agent {
	switch a := a.(type) {
	case *Search:
		return &Search{Depth: a.Depth, MaxNodes: a.MaxNodes}
	case *MCTS:
		c := *a
		return &c
	}
	return a
}

// Summarise computes per-agent statistics over games played with SeatAgents; points,
// when not nil, scores the final position per player.
func Summarise(g *eval.Game, agents []Agent, games []*Game, rotate bool, points func(*engine.State, engine.Player) float64) *Stats {
	st := &Stats{Endings: map[string]int{}}
	var real []int
	for p, pl := range g.Players {
		if !pl.Random {
			real = append(real, p)
		}
	}
	// One row per agent slot (which seat it held varies when rotating).
	st.Seats = make([]SeatStats, len(real))
	for k := range real {
		st.Seats[k].Agent = agents[min(k, len(agents)-1)].Name()
		if !rotate {
			st.Seats[k].Player = g.Players[real[k]].Name
		} else {
			st.Seats[k].Player = "(alternating)"
		}
	}
	for i, rec := range games {
		if rec == nil {
			continue
		}
		if rec.Err != nil {
			st.Failed++
			if len(st.Errors) < MaxErrors {
				st.Errors = append(st.Errors, GameError{Game: i + 1, Seed: rec.Seed, Err: rec.Err.Error()})
			}
			continue
		}
		st.Games++
		st.Lengths = append(st.Lengths, len(rec.Match.History()))
		st.Endings[rec.Result.Reason]++
		if rec.Capped {
			st.Capped++
		}
		for k, p := range real {
			j := k
			if rotate {
				j = (k + i) % len(real)
			}
			row := &st.Seats[j]
			pl := engine.Player(p)
			switch {
			case rec.Result.Draw || rec.Capped:
				row.Draws++
			case contains(rec.Result.Winners, pl):
				row.Wins++
			case contains(rec.Result.Losers, pl):
				row.Losses++
			default:
				row.Draws++
			}
			if points != nil {
				row.Points += points(rec.Match.State(), pl)
			}
		}
	}
	for k := range st.Seats {
		row := &st.Seats[k]
		n := float64(row.Wins + row.Draws + row.Losses)
		if n == 0 {
			continue
		}
		row.Score = (float64(row.Wins) + 0.5*float64(row.Draws)) / n
		// Normal approximation with the sample variance of the per-game scores.
		mean := row.Score
		v := (float64(row.Wins)*(1-mean)*(1-mean) + float64(row.Draws)*(0.5-mean)*(0.5-mean) + float64(row.Losses)*mean*mean) / n
		half := 1.96 * math.Sqrt(v/n)
		row.Low, row.High = math.Max(0, mean-half), math.Min(1, mean+half)
		row.Points /= n
	}
	return st
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
