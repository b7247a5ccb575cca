package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
)

func newReplay() *cobra.Command {
	var rules string
	cmd := &cobra.Command{
		Use:   "replay GAME.zsg",
		Short: "Replay a Zillions saved game against its rules",
		Long: `replay reads a saved game (.zsg), loads the rules file it names (looked up in the
saved game's folder, ignoring case; --rules names another) and the game or variant it
names, and replays every move line against the moves zoggo generates. It prints the final
position. If a line is not a legal move, it prints the line number, the recorded move, the
position before it and the nearest legal moves with what differs, and exits with status 1.

Games whose moves are written in Forth for the Axiom engine are replayed by zoggo's Axiom
engine, with the Forth sources found beside the rules as Zillions found them: each line
must be, byte for byte, the text of a move the Forth generates (the first such move is
made, as Axiom did). It then prints how the Forth (OnIsGameOver) says the game stands.`,
		Example: `  zoggo replay games/saves/opening.zsg
  zoggo replay Ur/simple.zsg --rules Rules/07.Axiomatic.Ur.zrf`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sg, g, _, err := notation.LoadSavedGame(args[0], rules)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			r, err := replaySaved(cmd.ErrOrStderr(), sg, g, args[0])
			if err != nil {
				return err
			}
			if src := g.Sources(); src != nil {
				fmt.Fprintf(out, "%s: %d moves replayed (%s, Axiom engine, Forth in %s)\n", args[0], len(r.Plies), g.Title, src.Dir)
			} else {
				fmt.Fprintf(out, "%s: %d moves replayed (%s)\n", args[0], len(r.Plies), g.Title)
			}
			fmt.Fprint(out, render.Text(g.Game, r.Final))
			if g.Axiom() {
				res, _, err := g.NewWorkspace().Outcome(r.Final, engine.NoPlayer, 1)
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "the game: %s\n", g.Describe(res))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&rules, "rules", "", "the rules file to replay against, instead of the one the saved game names")
	return cmd
}

// replaySaved replays sg against g; a divergence is printed in full to stderr and becomes
// exit status 1.
func replaySaved(stderr io.Writer, sg *notation.SavedGame, g *eval.Game, path string) (*notation.Replayed, error) {
	r, err := notation.ReplayAny(g, sg, path)
	var d *notation.Divergence
	if errors.As(err, &d) {
		fmt.Fprint(stderr, d.Detail(func(s *engine.State) string { return render.Text(g.Game, s) }))
		return nil, exitError{1}
	}
	return r, err
}
