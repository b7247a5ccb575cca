// Package ai chooses moves and plays whole games: a random player, an alpha-beta search,
// Monte Carlo tree search, and a runner that plays bots against each other and collects
// statistics. It never sees ZRF syntax: it works on compiled games through eval.
//
// Every agent is deterministic for a given seed: randomness comes only from the
// *rand.Rand handed to it.
package ai

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// Position is what an agent sees when it must choose: the game, the state, the legal turns
// (never empty) and how often each position has occurred so far.
type Position struct {
	Game    *eval.Game
	State   *engine.State
	Turns   []eval.Turn
	History map[uint64]int
	Rand    *rand.Rand
}

// Agent chooses one of the legal turns.
type Agent interface {
	Name() string
	Choose(p *Position) int
}

// Random chooses uniformly among the legal turns.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Choose picks a turn uniformly.
func (Random) Choose(p *Position) int { return p.Rand.IntN(len(p.Turns)) }

// Parse makes an agent from its CLI spelling: "random", "search:L", "mcts:L" or "L" (a
// level: search, or MCTS for games with random players).
func Parse(spec string, g *eval.Game) (Agent, error) {
	kind, arg, _ := strings.Cut(strings.TrimSpace(spec), ":")
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
	return nil, fmt.Errorf("unknown player %q: use random, search:LEVEL, mcts:LEVEL or a level number", spec)
}

func hasRandomPlayer(g *eval.Game) bool {
	for _, p := range g.Players {
		if p.Random {
			return true
		}
	}
	return false
}
