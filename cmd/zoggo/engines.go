package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/ai"
	"github.com/zoggo/zoggo/engines"
	"github.com/zoggo/zoggo/eval"
)

func newUCI() *cobra.Command {
	var variant string
	cmd := &cobra.Command{
		Use:   "uci FILE",
		Short: "Be a UCI engine for a chess-like game, for chess GUIs",
		Long: `uci speaks the Universal Chess Interface on standard input and output, for a chess
GUI (or any program that drives UCI engines) to play the rules of FILE against zoggo's
alpha-beta search. It suits games whose moves read as from-to squares.

Moves are the rules' position names, lower case: the square a piece leaves and the one
it ends its turn on (e2e4), with the promoted piece's letter after a promotion (e7e8q;
the letter is the piece's (notation ...) in the rules, else its name's first letter).
Castling is the king's move (e1g1). A pass is 0000. Only "position startpos" is
understood, the rules' own start, with the moves after it; FEN is not.

"go" takes movetime MS (think that long), depth N (search level N, at most 12),
wtime/btime/winc/binc/movestogo (a share of the clock: the time left divided by the
moves to go plus one, or by 30, plus three quarters of the increment, never more than
half of the time left, from 10 ms to one minute) and infinite (until stop). The options
are Level (0, the default: as deep as the clock allows; 1 to 12: that search level),
Threads (searching on that many goroutines) and Evaluation (full, the default:
mobility, goal proximity and square terms too; or material).

To add zoggo to a chess GUI, add a UCI engine whose command is zoggo with the arguments
uci and the path of the rules file, such as /usr/local/bin/zoggo uci /home/me/chess.zrf
(in Cute Chess: Engines, Add, Command "zoggo uci games/chess.zrf", protocol UCI).`,
		Example: `  zoggo uci games/chess.zrf
  # then type:
  uci
  position startpos moves e2e4 e7e5
  go movetime 500`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			if err != nil {
				return err
			}
			return engines.NewUCI(g).Serve(cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	return cmd
}

func newGTP() *cobra.Command {
	var variant, player string
	cmd := &cobra.Command{
		Use:   "gtp FILE",
		Short: "Be a GTP engine for a Go-like game, for Go GUIs such as Sabaki",
		Long: `gtp speaks the Go Text Protocol (version 2) on standard input and output, for a Go GUI
to play the rules of FILE against one of zoggo's bots. It suits games whose moves are
drops on a square board, as games/go.zrf.

Vertices are the rules' position names (D4: columns lettered without I, rows numbered
from the bottom, as games/go.zrf names them); pass is a pass. Black is the rules' first
player, White the second. boardsize N plays the first variant of FILE whose board is N
by N (games/go.zrf: 9, 13 and 19); komi is accepted, but the rules' own komi scores the
game. The commands are protocol_version, name, version, known_command, list_commands,
boardsize, clear_board, komi, play, genmove, undo, final_score (the winner, B+ or W+,
by the rules once the game is over, with the margin where the rules count points:
W+7.5), showboard, time_settings, time_left and quit.

--player chooses the bot as zoggo run's --players does (search:LEVEL, search:DURATION,
mcts:LEVEL, random).

To add zoggo to Sabaki: Engines, Manage Engines, Add; Path: the zoggo program;
Arguments: gtp /path/to/go.zrf --player search:1s. Then choose it for a side in a new
game (File, New, with a board size of 9, 13 or 19).`,
		Example: `  zoggo gtp games/go.zrf --player search:500ms
  # then type:
  boardsize 9
  play black E5
  genmove white
  showboard`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := eval.LoadFile(args[0])
			if err != nil {
				printErrors(cmd.ErrOrStderr(), err, 10)
				return exitError{1}
			}
			first, err := f.Choose(variant)
			if err != nil {
				return err
			}
			all, err := f.All()
			if err != nil {
				return err
			}
			games := []*eval.Game{first}
			for _, g := range all {
				if g.Title != first.Title {
					games = append(games, g)
				}
			}
			bot, err := ai.Parse(player, first)
			if err != nil {
				return err
			}
			e, err := engines.NewGTP(games, bot)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			return e.Serve(cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game it starts with, by title or by number from 1 in file order (default: the file's default game)")
	cmd.Flags().StringVar(&player, "player", "search:1s", "the bot that chooses genmove's moves, as in zoggo run --players")
	return cmd
}
