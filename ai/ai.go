// Package ai chooses moves and plays whole games: a random player, an alpha-beta search,
// Monte Carlo tree search, and a runner that plays bots against each other and collects
// statistics. It never sees ZRF syntax: it plays compiled games through match, which
// holds the rules of a game in progress, and reads the rules' pieces through eval.
//
// Every agent is deterministic for a given seed: randomness comes only from the
// *rand.Rand handed to it.
package ai

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Agent chooses one of the legal turns of a match (never over), as an index into
// m.Legal(). It may look ahead on copies of the match but must not change m; its random
// choices come from r. An error of the rules' move code met while looking ahead is
// returned, never scored as a result.
type Agent interface {
	Name() string
	Choose(m *match.Match, r *rand.Rand) (int, error)
}

// Choose asks a to choose in m and checks the answer: a panic of the agent becomes an
// internal error naming where it happened, and an index outside m.Legal() an error.
// Whatever lets a bot play (zoggo run, zoggo play) goes through it, so that no bot ends
// the program.
func Choose(a Agent, m *match.Match, r *rand.Rand) (i int, err error) {
	defer func() {
		if v := recover(); v != nil {
			i, err = 0, panicError(v)
		}
	}()
	i, err = a.Choose(m, r)
	if err == nil && (i < 0 || i >= len(m.Legal())) {
		err = fmt.Errorf("%s chose turn %d of %d", a.Name(), i, len(m.Legal()))
	}
	return i, err
}

// Random chooses uniformly among the legal turns.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose picks a turn uniformly.
func (Random) Choose(m *match.Match, r *rand.Rand) (int, error) {
	if m.Over() {
		return 0, errOver(m)
	}
	return r.IntN(len(m.Legal())), nil
}

// errOver returns the error of an agent asked to choose in a game that is over, or nil.
func errOver(m *match.Match) error {
	if !m.Over() {
		return nil
	}
	return fmt.Errorf("no turn to choose: the game is over (%s)", m.Result().Reason)
}

// The bounds of a search's clock (search:DURATION).
const (
	MinThink = 10 * time.Millisecond
	MaxThink = time.Minute
)

// Parse makes an agent from its CLI spelling: "random", "search:L", "search:DURATION" (a
// search on a clock, such as search:2s), either followed by options (":threads=N",
// ":eval=full" or ":eval=material", see parseSearchOptions), "mcts:L", "mcts:DURATION"
// (playouts for that long), "L" (a level:
// search, or MCTS for games with random players), "ur:L" (the heuristic player of
// games/ur.zrf, levels 1 to 9), or in Axiom games "axiom" (the player the game's Forth
// defines) or "axiom:VARIANT" (the player another variant of the same rules file
// defines).
func Parse(spec string, g *eval.Game) (Agent, error) {
	kind, arg, _ := strings.Cut(strings.TrimSpace(spec), ":")
	if kind == "axiom" {
		return parseAxiom(spec, arg, g)
	}
	if kind == "ur" {
		level, err := strconv.Atoi(arg)
		if err != nil {
			return nil, fmt.Errorf("player %q: the Ur player's level must be a number from 1 to %d, such as ur:9", spec, UrLevels)
		}
		u, err := NewUr(level, g)
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", spec, err)
		}
		return u, nil
	}
	if kind == "search" && strings.Contains(arg, ":") {
		return parseSearchOptions(spec, arg)
	}
	if kind == "mcts" && strings.Contains(arg, ":") {
		head, opts, _ := strings.Cut(arg, ":")
		a, err := Parse("mcts:"+head, g)
		if err != nil {
			return nil, err
		}
		m := a.(*MCTS)
		for _, opt := range strings.Split(opts, ":") {
			switch opt {
			case "rave=on":
				m.RAVE = 1
			case "rave=off":
				m.RAVE = -1
			case "rave=auto":
				m.RAVE = 0
			case "reuse=off":
				m.kept = nil
			case "board=off":
				m.Board = -1
			case "replies=on":
				m.Replies = 1
			default:
				return nil, fmt.Errorf("player %q: unknown MCTS option %q: use rave=on, rave=off, rave=auto (on where pieces are only dropped), reuse=off (on a clock, a new tree every turn), board=off (playouts through the match where a group board could play them) or replies=on (last good replies in the playouts on a group board)", spec, opt)
			}
		}
		return m, nil
	}
	if (kind == "search" || kind == "mcts") && strings.TrimLeft(arg, "0123456789.") != "" {
		d, err := time.ParseDuration(arg)
		if err != nil || d < MinThink || d > MaxThink {
			return nil, fmt.Errorf("player %q: a %s on a clock thinks for a time from %v to %v, such as %s:2s", spec, kind, MinThink, MaxThink, kind)
		}
		if kind == "mcts" {
			return NewClockMCTS(d), nil
		}
		return NewClockSearch(d), nil
	}
	level := 2
	if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 12 {
			return nil, fmt.Errorf("player %q: the level must be a number from 1 to 12", spec)
		}
		level = n
	}
	if n, err := strconv.Atoi(kind); err == nil {
		if n < 1 || n > 12 {
			return nil, fmt.Errorf("player %q: the level must be a number from 1 to 12", spec)
		}
		level = n
		kind = "search"
		if hasRandomPlayer(g) {
			kind = "mcts"
		}
	}
	switch kind {
	case "random":
		return Random{}, nil
	case "search":
		return NewSearch(level), nil
	case "mcts":
		return NewMCTS(level), nil
	}
	return nil, fmt.Errorf("unknown player %q: use random, search:LEVEL, search:DURATION (either with :threads=N or :eval=full), mcts:LEVEL, mcts:DURATION, a level number, ur:LEVEL (in Ur), or axiom (in Axiom games)", spec)
}

// parseAxiom makes the bot of the Forth of an Axiom game, or of its variant titled title.
func parseAxiom(spec, title string, g *eval.Game) (Agent, error) {
	if !g.Axiom() {
		return nil, fmt.Errorf("player %q: %s is not an Axiom game (its moves are not Forth)", spec, g.Title)
	}
	if title == "" || title == g.Title {
		return NewAxiom(nil), nil
	}
	own, err := g.Sibling(title)
	if err != nil {
		return nil, fmt.Errorf("player %q: %w", spec, err)
	}
	if !own.Axiom() {
		return nil, fmt.Errorf("player %q: %s is not an Axiom game", spec, own.Title)
	}
	return NewAxiom(own), nil
}

func hasRandomPlayer(g *eval.Game) bool {
	for _, p := range g.Players {
		if p.Random {
			return true
		}
	}
	return false
}

// parseSearchOptions parses a search with options, "search:L:OPT..." or
// "search:DURATION:OPT...", where arg is what follows "search:". The options are
// threads=N (lazy SMP on N goroutines, 1 to MaxThreads), eval=full (material plus
// mobility and goal proximity) or eval=material (the default), and order=gain (turns
// ordered by material gained alone, without killers and history) or order=full (the
// default), and prune=off (every turn to the full depth: no null moves, late-move
// reductions or check extensions) or prune=on (the default).
func parseSearchOptions(spec, arg string) (Agent, error) {
	parts := strings.Split(arg, ":")
	a, err := Parse("search:"+parts[0], nil)
	if err != nil {
		return nil, err
	}
	s := a.(*Search)
	for _, opt := range parts[1:] {
		name, val, _ := strings.Cut(opt, "=")
		switch name {
		case "threads":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > MaxThreads {
				return nil, fmt.Errorf("player %q: threads=N takes a number from 1 to %d, found %q", spec, MaxThreads, opt)
			}
			s.Threads = n
		case "eval":
			switch val {
			case "full":
				s.Terms = true
			case "material":
				s.Terms = false
			default:
				return nil, fmt.Errorf("player %q: eval takes full or material, found %q", spec, opt)
			}
		case "order":
			switch val {
			case "gain":
				s.GainOrder = true
			case "full":
				s.GainOrder = false
			default:
				return nil, fmt.Errorf("player %q: order takes full or gain, found %q", spec, opt)
			}
		case "prune":
			switch val {
			case "off":
				s.NoPrune = true
			case "on":
				s.NoPrune = false
			default:
				return nil, fmt.Errorf("player %q: prune takes on or off, found %q", spec, opt)
			}
		default:
			return nil, fmt.Errorf("player %q: unknown search option %q: use threads=N, eval=full, order=gain or prune=off", spec, opt)
		}
	}
	return s, nil
}
