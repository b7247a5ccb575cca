package axiom

import "github.com/zoggo/zoggo/engine"

// Edit is one piece of the start position, as Zillions sent it to an Axiom engine: the
// names of a player, a piece type and a position. The engine puts the piece there by
// running the Forth words of the three names, then OnEditAdd.
type Edit struct {
	Player, Piece, Pos string
}

// Setup returns the edits that set up the start position of g: its (board-setup), in the
// order the rules give it. Off-board counts are not sent; Axiom games keep no stock.
func Setup(g *engine.Game) []Edit {
	out := make([]Edit, 0, len(g.Setup))
	for _, p := range g.Setup {
		out = append(out, Edit{Player: g.Players[p.Player].Name, Piece: g.Pieces[p.Kind].Name, Pos: g.Board.Locs[p.Loc].Name})
	}
	return out
}
