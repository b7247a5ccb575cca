package compile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/zrf"
)

// A position set up by hand (the position editor of zoggo serve, zoggo perft --setup)
// is written as the rules write theirs: a (board-setup ...) form. ParseSetup reads one
// against a compiled game with the same code that reads the rules' own (setup), so that
// it means what it would mean in the rules file, errors and all; FormatSetup writes a
// position back as such a form.

// MaxSetupText bounds the text of a board-setup read by ParseSetup.
const MaxSetupText = 1 << 20

// ParseSetup reads text, which holds one (board-setup ...) form, as the setup of game g:
// the pieces it places and the stock it gives. Errors are positioned in text, under
// the file name name. Games of the dialect's values or stacks, whose positions hold more
// than pieces, are refused.
func ParseSetup(g *engine.Game, name string, text []byte) (setup []engine.Placement, stock []engine.Stock, err error) {
	fset := zrf.NewFileSet()
	if len(text) > MaxSetupText {
		return nil, nil, fmt.Errorf("%s: the setup is %d bytes; at most %d are read", name, len(text), MaxSetupText)
	}
	if g.Ext != nil {
		return nil, nil, fmt.Errorf("%s: %q keeps values or stacks on its board; its positions cannot be set up by hand", name, g.Title)
	}
	nodes, err := zrf.Read(fset, name, text)
	if err != nil {
		return nil, nil, err
	}
	var errs zrf.ErrorList
	var form *zrf.Node
	for _, n := range nodes {
		switch {
		case n.Kind != zrf.List || n.Head() != "board-setup":
			errs.Add(fset.NodeError(n, "expected (board-setup (PLAYER (PIECE POSITION ... off N) ...) ...), found %s", n.Describe()))
		case form != nil:
			errs.Add(fset.NodeError(n, "a second board-setup; give one"))
		default:
			form = n
		}
	}
	if form == nil && len(errs) == 0 {
		return nil, nil, fmt.Errorf("%s: no (board-setup ...) form", name)
	}
	if len(errs) > 0 {
		return nil, nil, errs
	}
	// The setup is read into a game of its own, which shares the rules' board, players
	// and pieces, and none of their setup.
	scratch := &engine.Game{Title: g.Title, Board: g.Board, Players: g.Players, Pieces: g.Pieces}
	c := &compiler{fset: fset, errs: &errs, form: form, g: scratch}
	c.setup(form)
	if err := errs.Errors().Err(); err != nil {
		return nil, nil, err
	}
	return scratch.Setup, scratch.Stock, nil
}

// FormatSetup writes the pieces of s and the stock of its players as a (board-setup ...)
// form: one list per player, one per piece type, positions in board order. Attributes
// other than the types' defaults and unlimited stock are not written (a board-setup
// cannot say them).
func FormatSetup(g *engine.Game, s *engine.State) string {
	var b strings.Builder
	b.WriteString("(board-setup")
	nk := len(g.Pieces)
	for p, pl := range g.Players {
		var kinds []string
		for k := range g.Pieces {
			var items []string
			for l, c := range s.Cells {
				if !c.IsEmpty() && int(c.Player()) == p && int(c.Kind()) == k {
					items = append(items, g.Board.Locs[l].Name)
				}
			}
			if i := p*nk + k; i < len(s.Stock) && s.Stock[i] > 0 {
				items = append(items, "off", strconv.Itoa(int(s.Stock[i])))
			}
			if len(items) > 0 {
				kinds = append(kinds, "("+g.Pieces[k].Name+" "+strings.Join(items, " ")+")")
			}
		}
		if len(kinds) > 0 {
			b.WriteString("\n   (" + pl.Name + " " + strings.Join(kinds, " ") + ")")
		}
	}
	b.WriteString(")\n")
	return b.String()
}
