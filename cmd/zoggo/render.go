package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
)

func newRender() *cobra.Command {
	var variant, after, zsg, out string
	var noImages bool
	cmd := &cobra.Command{
		Use:   "render [FILE | --zsg GAME.zsg] -o BOARD.svg",
		Short: "Draw a position as an SVG picture",
		Long: `render draws a position as an SVG picture, laid out by the board geometry of the
rules (the pixel rectangles of the positions): the squares of a grid shaded light and
dark, the cells of a hexagonal grid in three shades, any other position as a circle.
Pieces look as players know them, from their names and the kind of game: chess men as
chess pieces, draughts men and crowned kings, stones, mancala pits with their seeds,
dice and the counters of games with dice, shogi tiles, dwarfs, trolls and sorcerers,
and otherwise discs in their owner's colour (the colour a player is named after, if
any) with the piece's letter. The rules' own bitmaps are used
instead when the image files they name are found beside the rules file (Windows paths:
backslashes and any case; pure green is transparent); the board image then replaces the
drawn board. --no-images turns this off. The sources and destinations of the last turn's
parts are outlined, and each player's pieces in hand are listed under the board.

FILE is a rules file; the position is its start. With --zsg, the position is the end of
a saved game instead, replayed against the rules file and variant it names (as zoggo
replay does), and FILE is not given. --after plays moves first (after the saved game's
moves, with --zsg), written as zoggo moves prints them and separated by ";".

-o names the SVG file to write ("-" for standard output); it may not be the rules file
or the saved game.`,
		Example: `  zoggo render games/chess.zrf -o start.svg
  zoggo render games/chess.zrf --after "Pawn e2 - e4; Pawn e7 - e5" -o e4e5.svg
  zoggo render --zsg games/saves/opening.zsg -o opening.svg`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var g *eval.Game
			var s *engine.State
			var rules string // the folder of the rules file, for images
			var inputs []string
			var highlight []engine.Loc
			if err := fileOrSave(args, zsg, variant); err != nil {
				return err
			}
			if zsg != "" {
				inputs = []string{zsg}
			} else {
				inputs = []string{args[0]}
			}
			if err := checkOutput(out, inputs); err != nil {
				return err
			}
			if zsg != "" {
				_, r, err := openSaved(cmd.ErrOrStderr(), zsg)
				if err != nil {
					return err
				}
				g, s, rules = r.Game, r.Final, filepath.Dir(zsg)
				highlight = lastTurn(r.Plies)
			} else {
				var err error
				if g, err = loadGame(cmd.ErrOrStderr(), args[0], variant); err != nil {
					return err
				}
				s, rules = g.NewState(), filepath.Dir(args[0])
			}
			if after != "" {
				next, err := notation.Play(g, s, after)
				if err != nil {
					return fmt.Errorf("--after: %w", err)
				}
				highlight = afterHighlight(g, s, after, highlight)
				s = next
			}
			opts := render.SVGOptions{Highlight: highlight}
			if !noImages {
				opts.Files, opts.Dir = imageFiles(rules)
			}
			svg, notes := render.SVG(g.Game, s, opts)
			if len(notes) > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "zoggo: note: %d image(s) not used, drawn from the rules instead: %s\n",
					len(notes), strings.Join(notes, "; "))
			}
			if out == "-" {
				_, err := cmd.OutOrStdout().Write(svg)
				return err
			}
			return os.WriteFile(out, svg, 0o644)
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant, by title or by number from 1 in file order (default: the file's default game)")
	cmd.Flags().StringVar(&after, "after", "", "moves to play first, separated by \";\"")
	cmd.Flags().StringVar(&zsg, "zsg", "", "draw the position at the end of this saved game (instead of FILE)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "the SVG file to write (\"-\" for standard output)")
	cmd.Flags().BoolVar(&noImages, "no-images", false, "draw discs and the board geometry even when the rules' images are found")
	cmd.MarkFlagRequired("output")
	return cmd
}

// checkOutput refuses an output file that is one of the inputs, or that looks like a
// rules file or a saved game.
func checkOutput(out string, inputs []string) error {
	if out == "" {
		return fmt.Errorf("missing -o: give the SVG file to write")
	}
	if out == "-" {
		return nil
	}
	if ext := strings.ToLower(filepath.Ext(out)); ext == ".zrf" || ext == ".zsg" {
		return fmt.Errorf("refusing to write the picture to %s: it would overwrite a rules file or saved game", out)
	}
	oi, err := os.Stat(out)
	if err != nil {
		return nil // a new file
	}
	for _, in := range inputs {
		if ii, err := os.Stat(in); err == nil && os.SameFile(oi, ii) {
			return fmt.Errorf("refusing to write the picture to %s: it is the input file", out)
		}
	}
	return nil
}

// imageFiles returns the files the rules in folder dir may name: the folder's parent,
// so that names such as "../images/x.bmp" resolve, and dir's name inside it.
func imageFiles(dir string) (fs.FS, string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, ""
	}
	root := filepath.Dir(abs)
	if root == abs {
		return os.DirFS(root), "."
	}
	return os.DirFS(root), filepath.Base(abs)
}

// lastTurn returns the sources and destinations of the parts of the last turn of a
// replayed game.
func lastTurn(plies []notation.Ply) []engine.Loc {
	if len(plies) == 0 {
		return nil
	}
	i := len(plies) - 1
	for i > 0 && !plies[i-1].EndsTurn {
		i--
	}
	var out []engine.Loc
	for _, p := range plies[i:] {
		if !p.Move.Pass {
			out = append(out, p.Move.Source(), p.Move.Dest())
		}
	}
	return out
}

// afterHighlight plays the parts of --after one at a time from s and returns the sources
// and destinations of the parts of the last turn, which begins with prev when the moves
// continue a turn that s is in the middle of. The moves are known to be legal.
func afterHighlight(g *eval.Game, s *engine.State, after string, prev []engine.Loc) []engine.Loc {
	out := prev
	for _, item := range strings.Split(after, ";") {
		if notation.Normalize(item) == "" {
			continue
		}
		if s.Cont == engine.NoLoc {
			out = nil // a new turn
		}
		next, err := notation.Play(g, s, item)
		if err != nil {
			break
		}
		out = append(out, next.LastFrom, next.LastTo)
		s = next
	}
	return out
}
