package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/axiom"
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
engine, with the Forth sources found beside the rules as Zillions found them; it prints
how many lines it replayed and how the Forth says the game stands.`,
		Example: `  zoggo replay games/saves/opening.zsg
  zoggo replay Ur/simple.zsg --rules Rules/07.Axiomatic.Ur.zrf`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sg, g, rulesPath, err := notation.LoadSavedGame(args[0], rules)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if g.Axiom() {
				return replayAxiom(out, args[0], sg, g, rulesPath)
			}
			r, err := replaySaved(cmd.ErrOrStderr(), sg, g, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%s: %d moves replayed (%s)\n", args[0], len(r.Plies), g.Title)
			fmt.Fprint(out, render.Text(g.Game, r.Final))
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

// replayAxiom replays a saved game of an Axiom game with the Axiom engine.
func replayAxiom(out io.Writer, path string, sg *notation.SavedGame, g *eval.Game, rulesPath string) error {
	if len(sg.Edits) > 0 {
		return fmt.Errorf("%s: board edits in a saved game of an Axiom game are not supported yet", path)
	}
	fsys, src, err := axiom.LocateFile(rulesPath, g.Engine, g.Title)
	if err != nil {
		return err
	}
	e, err := axiom.Start(fsys, src, axiom.Setup(g.Game))
	if err != nil {
		return err
	}
	var lines []string
	for _, ml := range sg.Moves {
		text := strings.Join(strings.Fields(ml.Text), " ")
		if ml.Partial >= 0 {
			text = "partial " + text
		}
		lines = append(lines, text)
	}
	n, err := e.Replay(lines)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	res, err := e.GameOver()
	if err != nil {
		return fmt.Errorf("%s: after the last line: %w", path, err)
	}
	fmt.Fprintf(out, "%s: %d moves replayed (%s, Axiom engine, Forth in %s)\n", path, n, g.Title, src.Dir)
	fmt.Fprintf(out, "the game: %s\n", axiomResult(res))
	return nil
}

// axiomResult says what OnIsGameOver's answer means for the side to move.
func axiomResult(r int32) string {
	switch r {
	case axiom.UnknownScore:
		return "goes on"
	case axiom.LossScore:
		return "over: the side to move has lost"
	case axiom.WinScore:
		return "over: the side to move has won"
	case axiom.DrawScore:
		return "over: a draw"
	}
	return fmt.Sprintf("over (score %d)", r)
}
