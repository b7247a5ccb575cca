package ai

// This file holds the bot of Axiom games: the player the game's own Forth defines.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// Axiom plays as the Forth of an Axiom game says the player to move should: it runs the
// search engine the game gives that player ({random}, {first} or a game's own word, such
// as Ur's aggressive player) and makes the move it chooses. Where the game leaves the
// player to Axiom's built-in engines, it searches as they do (axiomsearch.go): by
// negamax over the game's evaluation (OnEvaluate) for $NegamaxMove, the default, and by
// UCT with random playouts for $UCTMove ({UCT}). The Forth random generator is seeded
// from the bot's, so games are reproducible.
//
// With a variant (NewAxiom), the bot plays as that variant's Forth would in the game being
// played: the variants of one rules file often share the rules and differ in their
// players (Ur's first, random, simple and aggressive), so one game can pit them against
// each other. The bot follows the game in its own variant by making the same moves, by
// their text.
type Axiom struct {
	own *eval.Game // the variant whose Forth chooses; nil for the game's own

	// Depth is the depth in turns of the built-in negamax (0: AxiomDepth), MaxNodes its
	// budget of positions a move (0: AxiomNodes).
	Depth, MaxNodes int

	// Yield, when set, is called every 64 positions of the built-in negamax: its false
	// answer stops the search, which then chooses by the depths it finished (the first
	// always finishes).
	Yield func() bool

	seen *followed // shared by the copies of the bot
}

// followed maps the positions of the games a bot plays to the same in its own variant.
type followed struct {
	mu   sync.Mutex
	seen map[*engine.State]*engine.State
}

// NewAxiom returns the bot of the Forth of variant own (nil: of the game played).
func NewAxiom(own *eval.Game) *Axiom {
	return &Axiom{own: own, seen: &followed{seen: map[*engine.State]*engine.State{}}}
}

// Name returns "axiom", or "axiom:VARIANT".
func (a *Axiom) Name() string {
	if a.own == nil {
		return "axiom"
	}
	return "axiom:" + a.own.Title
}

// Choose returns the index of the turn the Forth chooses.
func (a *Axiom) Choose(m *match.Match, r *rand.Rand) (int, error) {
	if err := errOver(m); err != nil {
		return 0, err
	}
	g, legal := m.Game(), m.Legal()
	if !g.Axiom() {
		return 0, fmt.Errorf("the axiom player plays only games whose moves are Forth for the Axiom engine")
	}
	if m.MustPass() {
		return 0, nil
	}
	fg, s := g, m.State()
	if a.own != nil && a.own != g {
		var err error
		fg = a.own
		if s, err = a.follow(m); err != nil {
			return 0, err
		}
	}
	text, builtin, err := fg.ForthSearch(s, r.Int32N(1<<30))
	if err != nil {
		return 0, err
	}
	if text == "" {
		if text, err = a.builtin(builtin, m, fg, s, r); err != nil {
			return 0, err
		}
	}
	for i := range legal {
		if turnText(&legal[i]) == text {
			return i, nil
		}
	}
	return 0, fmt.Errorf("the Forth of %s chose %q, which is not a legal move here", fg.Title, text)
}

// turnText returns the text of a turn's first part: an Axiom move string.
func turnText(t *eval.Turn) string {
	if len(t.Parts) == 0 {
		return ""
	}
	return t.Parts[0].Text
}

// follow returns the position of the bot's own variant that the moves of m lead to,
// making in it the turns played since the last time it was asked.
func (a *Axiom) follow(m *match.Match) (*engine.State, error) {
	hist := m.History()
	before := func(i int) *engine.State {
		if i == len(hist) {
			return m.State()
		}
		return hist[i].Before
	}
	a.seen.mu.Lock()
	from, s := 0, (*engine.State)(nil)
	for i := len(hist); i >= 0 && s == nil; i-- {
		if t, ok := a.seen.seen[before(i)]; ok {
			from, s = i, t
			delete(a.seen.seen, before(i))
		}
	}
	a.seen.mu.Unlock()
	if s == nil {
		s = a.own.NewState()
	}
	ws := a.own.NewWorkspace()
	for i := from; i < len(hist); i++ {
		p := &hist[i]
		if p.Forced {
			next, err := a.own.Pass(s)
			if err != nil {
				return nil, err
			}
			s = next
			continue
		}
		turns, err := ws.Turns(s)
		if err != nil {
			return nil, err
		}
		k := slices.IndexFunc(turns, func(t eval.Turn) bool { return sameTexts(t.Parts, p.Turn.Parts) })
		if k < 0 {
			return nil, fmt.Errorf("%s cannot follow the game: turn %d (%q) is not legal in it", a.own.Title, i+1, turnText(&p.Turn))
		}
		s = turns[k].After
	}
	a.seen.mu.Lock()
	a.seen.seen[m.State()] = s
	a.seen.mu.Unlock()
	return s, nil
}

func sameTexts(a, b []engine.Move) bool {
	return slices.EqualFunc(a, b, func(x, y engine.Move) bool { return x.Text == y.Text })
}
