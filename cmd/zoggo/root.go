package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/zrf"
)

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "zoggo",
		Short: "Run board games written in ZRF, the rules language of Zillions of Games",
		Long: `zoggo plays board games written in ZRF, the rules language of Zillions of Games:
every game and variant of a rules file, in the browser, in the terminal, or between bots.

Play in your browser (the bundled games, against bots or a friend you invite):
  zoggo serve --open

Play against the computer in the terminal; type moves as players write them (e2e4):
  zoggo play games/chess.zrf --level 2

Watch a bot at level 3 beat one at level 1, then see the final position:
  zoggo run games/checkers.zrf --games 1 --players 3,1 --save out
  zoggo replay out/game-0001.zsg                     replays it and draws the end
  zoggo render --zsg out/game-0001.zsg -o end.svg    the same position as a picture

Look inside a rules file of your own:
  zoggo check MyGame.zrf        every game and variant, or errors at file:line:col
  zoggo show MyGame.zrf         the start position as text
  zoggo moves MyGame.zrf        the legal moves at the start, with their rules
  zoggo check -w MyGame.zrf     also what zoggo tolerated (warnings)
  zoggo lsp                     the same, as you type, in your editor (a language server)

Games written for Zillions' Axiom plug-in (moves in Forth) run as they are, their Forth
found beside the rules; their authors' own players can play:
  zoggo run Ur.zrf --variant Ur --players axiom,random --max-plies 20000

Choose a variant by title or by its number in the file: --variant "Turkish Dama", or
--variant 3 when two variants share a title.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newCheck(), newShow(), newMoves(), newPerft(), newReplay(), newConvert(), newRun(), newStats(), newPlay())
	root.AddCommand(newRender(), newServe(), newUCI(), newGTP(), newLSP(), newLadder())
	return root
}

// loadGame loads a rules file and picks a game or variant by title or by number in the
// file ("" for the default).
// Errors are printed in full to stderr.
func loadGame(stderr io.Writer, path, title string) (*eval.Game, error) {
	f, err := eval.LoadFile(path)
	if err != nil {
		printErrors(stderr, err, 10)
		return nil, exitError{1}
	}
	g, err := f.Choose(title)
	if err != nil {
		fmt.Fprintln(stderr, "zoggo:", err)
		return nil, exitError{2}
	}
	return g, nil
}

// openSaved reads a saved game (in ZSG or named notation) and replays it against the
// rules it names. A divergence is printed in full to stderr and becomes exit status 1.
func openSaved(stderr io.Writer, path string) (*notation.SavedGame, *notation.Replayed, error) {
	sg, g, err := notation.OpenSavedGame(path)
	if err != nil {
		return nil, nil, err
	}
	r, err := replaySaved(stderr, sg, g, path)
	if err != nil {
		return nil, nil, err
	}
	return sg, r, nil
}

// fileOrSave checks the arguments of a command that takes a rules FILE or --zsg GAME.zsg.
func fileOrSave(args []string, zsg, variant string) error {
	switch {
	case zsg != "" && len(args) > 0:
		return fmt.Errorf("give a rules FILE or --zsg GAME.zsg, not both (the saved game names its rules file)")
	case zsg == "" && len(args) == 0:
		return fmt.Errorf("missing FILE: give a rules file, or a saved game with --zsg GAME.zsg")
	case zsg != "" && variant != "":
		return fmt.Errorf("--variant cannot be used with --zsg: the saved game names its variant")
	}
	return nil
}

// printErrors prints static errors with their source lines, at most max of them (all for
// max <= 0), then a count of the rest.
func printErrors(w io.Writer, err error, max int) {
	list := zrf.AsList(err)
	list.Sort()
	n := 0
	for _, e := range list {
		if e.Warn {
			continue
		}
		if max > 0 && n == max {
			fmt.Fprintf(w, "... and %d more errors (use --all-errors to see them)\n", len(list.Errors())-max)
			break
		}
		fmt.Fprintln(w, e.Detail())
		n++
	}
}
