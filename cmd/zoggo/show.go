package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
)

func newShow() *cobra.Command {
	var variant, after string
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
under the picture gives each player's symbols and the pieces it holds off the board.

--after plays moves first (in ZSG or named notation, separated by ";") and draws the
position they reach. For games in the zoggo-1 dialect the columns under the top pieces
(stacks) and the values that are not zero are listed under the board.`,
		Example: `  zoggo show games/thud.zrf
  zoggo check checkers.zrf                             # lists the titles
  zoggo show --variant "Turkish Dama" checkers.zrf
  zoggo show games/bashni.zrf --after "Man c3 - d4; Man f6 - e5; Man d4 - f6"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			if after != "" {
				s, err := notation.Play(g, g.NewState(), after)
				if err != nil {
					return fmt.Errorf("--after: %w", err)
				}
				return runShowState(cmd.OutOrStdout(), g, s)
			}
			return runShow(cmd.OutOrStdout(), g)
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	cmd.Flags().StringVar(&after, "after", "", "moves to play first, separated by \";\"")
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
	_, err := io.WriteString(w, render.Text(g.Game, nil))
	return err
}

// runShowState prints the title line, the position s and who is to move.
func runShowState(w io.Writer, g *eval.Game, s *engine.State) error {
	_, mover := g.Side(s)
	_, err := fmt.Fprintf(w, "%s, after %d parts; %s to move\n\n%s", g.Title, s.Ply, g.Players[mover].Name, render.Text(g.Game, s))
	return err
}
