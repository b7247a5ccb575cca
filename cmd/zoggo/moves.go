package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/compile"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
)

func newMoves() *cobra.Command {
	var variant, after, zsg string
	cmd := &cobra.Command{
		Use:   "moves [FILE | --zsg GAME.zsg]",
		Short: "List the legal moves of the side to move",
		Long: `moves lists the legal turns of the player to move, one per line: the turn in the
dialect of Zillions saved games (each part's movements, captures, drops and changes;
parts of a multi-part turn separated by "; "), then the rule that made it in brackets.

FILE is a rules file; the moves are those of its start position. With --zsg, the moves
are those at the end of a saved game instead: the game is replayed against the rules
file and variant it names (as zoggo replay does), and FILE is not given. If the saved
game stops in the middle of a turn, the parts that may continue it are listed. If a
line of the saved game is not a legal move, moves prints where it diverges, as replay
does, and exits with status 1.

--after plays moves first (after the saved game's moves, with --zsg), written the same
way and separated by ";" (each item is one part of a turn).`,
		Example: `  zoggo moves games/chess.zrf
  zoggo moves games/chess.zrf --after "Pawn e2 - e4; Pawn e7 - e5"
  zoggo moves --zsg games/saves/opening.zsg`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var g *eval.Game
			var s *engine.State
			if err := fileOrSave(args, zsg, variant); err != nil {
				return err
			}
			switch {
			case zsg != "":
				_, r, err := openSaved(cmd.ErrOrStderr(), zsg)
				if err != nil {
					return err
				}
				g, s = r.Game, r.Final
			default:
				var err error
				if g, err = loadGame(cmd.ErrOrStderr(), args[0], variant); err != nil {
					return err
				}
				s = g.NewState()
			}
			if after != "" {
				var err error
				if s, err = notation.Play(g, s, after); err != nil {
					return fmt.Errorf("--after: %w", err)
				}
			}
			out := cmd.OutOrStdout()
			if s.Cont != engine.NoLoc {
				moves, err := g.Parts(s, nil)
				if err != nil {
					return err
				}
				for i := range moves {
					fmt.Fprintf(out, "%s  [%s]\n", notation.Part(g, s, &moves[i]), notation.RuleName(g, &moves[i]))
				}
				return nil
			}
			turns, err := g.NewWorkspace().Turns(s)
			if err != nil {
				return err
			}
			for i := range turns {
				if g.Axiom() {
					// The Forth's move strings, in the order it lists them: no rule names.
					fmt.Fprintln(out, notation.Turn(g, s, &turns[i]))
					continue
				}
				fmt.Fprintf(out, "%s  [%s]\n", notation.Turn(g, s, &turns[i]), turnRule(g, &turns[i]))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	cmd.Flags().StringVar(&after, "after", "", "moves to play first, separated by \";\"")
	cmd.Flags().StringVar(&zsg, "zsg", "", "list the moves at the end of this saved game (instead of FILE)")
	return cmd
}

func turnRule(g *eval.Game, t *eval.Turn) string {
	s := ""
	for i := range t.Parts {
		if i > 0 {
			s += "; "
		}
		s += notation.RuleName(g, &t.Parts[i])
	}
	return s
}

func newPerft() *cobra.Command {
	var variant, after, cpuprofile, setup, toMove string
	var depth int
	var divide, states bool
	cmd := &cobra.Command{
		Use:   "perft FILE --depth N",
		Short: "Count the leaves of the move tree (complete turns), with speed",
		Long: `perft counts the positions reached after N complete turns from the start (or from
--after), applying every leaf turn, and prints the count, the time and leaves per second.
A turn made of several add-partial parts counts once. Goals are not checked: a branch
ends only where there is no legal turn. --divide prints the count below each first turn.

In games without royal pieces the last level makes its turns on one board and undoes
them, or computes only the hash of the position after a plain step, without a state of
their own; --states builds every leaf position as a state, for comparisons with engines
that write each one (the count is the same).

--setup SETUP.zrf starts from a position of your own instead of the rules' start: the
file holds one (board-setup ...) form, as the rules write theirs (the position editor
of zoggo serve exports one), read against the game with positioned errors; --to-move
names the player to move (by default the first of the turn order).`,
		Example: `  zoggo perft games/chess.zrf --depth 4
  zoggo perft games/checkers.zrf --depth 6 --divide
  zoggo perft games/checkers.zrf --depth 9 --states
  zoggo perft games/chess.zrf --setup endgame.zrf --to-move Black --depth 3`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if depth < 0 || depth > 30 {
				return fmt.Errorf("--depth must be between 0 and 30")
			}
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			s := g.NewState()
			if toMove != "" && setup == "" {
				return fmt.Errorf("--to-move needs --setup")
			}
			if setup != "" {
				text, err := readSetup(setup)
				if err != nil {
					return err
				}
				if s, err = g.SetupState(setup, text, toMove); err != nil {
					printErrors(cmd.ErrOrStderr(), err, 10)
					return exitError{1}
				}
			}
			if after != "" {
				if s, err = notation.Play(g, s, after); err != nil {
					return fmt.Errorf("--after: %w", err)
				}
			}
			if cpuprofile != "" {
				f, err := os.Create(cpuprofile)
				if err != nil {
					return err
				}
				defer f.Close()
				pprof.StartCPUProfile(f)
				defer pprof.StopCPUProfile()
			}
			out := cmd.OutOrStdout()
			start := time.Now()
			perft := g.Perft
			if states {
				perft = g.PerftStates
			}
			var total int64
			if divide && depth > 0 {
				turns, err := g.NewWorkspace().Turns(s)
				if err != nil {
					return err
				}
				for i := range turns {
					n, err := perft(turns[i].After, depth-1)
					if err != nil {
						return err
					}
					fmt.Fprintf(out, "%s: %d\n", notation.Turn(g, s, &turns[i]), n)
					total += n
				}
			} else {
				total, err = perft(s, depth)
				if err != nil {
					return err
				}
			}
			el := time.Since(start)
			fmt.Fprintf(out, "perft %d: %d leaves in %.3fs (%.0f leaves/s)\n", depth, total, el.Seconds(), float64(total)/el.Seconds())
			return nil
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	cmd.Flags().StringVar(&after, "after", "", "moves to play first, separated by \";\"")
	cmd.Flags().StringVar(&setup, "setup", "", "a file holding a (board-setup ...) form to start from instead of the rules' setup")
	cmd.Flags().StringVar(&toMove, "to-move", "", "with --setup, the player to move (default: the first of the turn order)")
	cmd.Flags().IntVar(&depth, "depth", 1, "number of complete turns")
	cmd.Flags().BoolVar(&divide, "divide", false, "print the count below each first turn")
	cmd.Flags().BoolVar(&states, "states", false, "build a state for every leaf turn (slower; the same count)")
	cmd.Flags().StringVar(&cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	return cmd
}

// readSetup reads a board-setup file of at most compile.MaxSetupText bytes.
func readSetup(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	text, err := io.ReadAll(io.LimitReader(f, compile.MaxSetupText+1))
	if err != nil {
		return nil, err
	}
	if len(text) > compile.MaxSetupText {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, compile.MaxSetupText)
	}
	return text, nil
}
