package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

func newShow() *cobra.Command {
	var variant string
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Draw the start position of a game as text",
		Long: `show loads a rules file and draws the start position of its default game, or of
the game or variant named by --variant.

The board is laid out by the rectangles the rules give its positions, so square, hexagonal
and irregular boards keep their shape. Each position shows its piece or '.' when empty;
hexagonal boards come out with staggered rows. A board that is a single 2-D grid gets its
rank and file labels, as in a chess diagram. A board with a third dimension is drawn one
layer at a time, and one too large to draw is listed position by position. Occupied
positions with no place in the picture (dummy positions, or positions drawn on top of
another) are listed under it by name.

A piece is shown by its notation when that is short, else by the first letter of its name:
upper case for the first player, lower case for the second. Piece types that would share a
symbol get more letters (KN for Knight beside King); with three or more players, a piece
type that case cannot tell apart gets the player's number in front (1P, 2P, 3P). A legend
under the picture gives each player's symbols and the pieces it holds off the board.`,
		Example: `  zoggo show games/thud.zrf
  zoggo check checkers.zrf                             # lists the titles
  zoggo show --variant "Turkish Dama" checkers.zrf`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			return runShow(cmd.OutOrStdout(), g)
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant title (default: the file's default game)")
	return cmd
}

// runShow prints a header line with the title and players, then the start position.
func runShow(w io.Writer, g *eval.Game) error {
	var players []string
	for _, p := range g.Players {
		players = append(players, p.Name)
	}
	if _, err := fmt.Fprintf(w, "%s (%s)\n\n", g.Title, strings.Join(players, " vs ")); err != nil {
		return err
	}
	pic := engine.Draw(g.Game, g.StartCells(), g.Stock)
	if !strings.HasSuffix(pic, "\n") {
		pic += "\n"
	}
	_, err := io.WriteString(w, pic)
	return err
}
