package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/render"
)

func newReplay() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "replay GAME.zsg",
		Short: "Replay a Zillions saved game against its rules",
		Long: `replay reads a saved game (.zsg), loads the rules file it names (looked up in the
saved game's folder, ignoring case) and the game or variant it names, and replays every
move line against the moves zoggo generates. It prints the final position. If a line is
not a legal move, it prints the line number, the recorded move, the position before it
and the nearest legal moves with what differs, and exits with status 1.`,
		Example: `  zoggo replay games/saves/opening.zsg`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, r, err := openSaved(cmd.ErrOrStderr(), args[0])
			if err != nil {
				return err
			}
			g := r.Game
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s: %d moves replayed (%s)\n", args[0], len(r.Plies), g.Title)
			fmt.Fprint(out, render.Text(g.Game, r.Final))
			return nil
		},
	}
	return cmd
}
