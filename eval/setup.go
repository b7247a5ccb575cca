package eval

import (
	"fmt"
	"strings"

	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/engine"
)

// Positions set up by hand: a (board-setup ...) text, read as the rules read theirs
// (compile.ParseSetup), and the player to move.

// SetupState returns the position that the board-setup text makes in g, with player
// toMove to move ("" for the first of the turn order): the turn is the first entry of
// the turn order where that player moves. Errors are positioned in text, named name.
// Games whose moves are an external engine's cannot be set up so.
func (g *Game) SetupState(name string, text []byte, toMove string) (*engine.State, error) {
	if g.Axiom() {
		return nil, fmt.Errorf("%s: the moves of %q are an external engine's; its positions cannot be set up by hand", name, g.Title)
	}
	setup, stock, err := compile.ParseSetup(g.Game, name, text)
	if err != nil {
		return nil, err
	}
	s := g.Game.StateOf(setup, stock)
	if toMove != "" {
		p := g.PlayerIndex(toMove)
		if p == engine.NoPlayer {
			var names []string
			for _, pl := range g.Players {
				names = append(names, pl.Name)
			}
			return nil, fmt.Errorf("no player %q to move; the players are %s", toMove, strings.Join(names, ", "))
		}
		turn := -1
		for i, e := range g.TurnOrder.Entries {
			if e.Mover == p {
				turn = i
				break
			}
		}
		if turn < 0 {
			return nil, fmt.Errorf("%s never moves in the turn order of %q", toMove, g.Title)
		}
		s.Turn = turn
		s.Hash = g.FullHash(s)
	}
	return s, nil
}

// SetupText returns the pieces and stock of s as a (board-setup ...) form.
func (g *Game) SetupText(s *engine.State) string { return compile.FormatSetup(g.Game, s) }
