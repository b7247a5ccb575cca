package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/zrf"
)

func newCheck() *cobra.Command {
	var asJSON, allErrors, warnings bool
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Load rules files and summarise every game and variant in them",
		Long: `check reads each rules file, expands its macros and compiles every game and
variant in it. For each one it prints a line: the title, the players, and the counts of
positions, piece types and directions. Problems are printed as file:line:col: message,
with the source line, a caret under the offending text and the macro calls that led
there. The exit status is 1 if any file has an error.

Games whose moves are written for the Axiom engine (Forth) load their board and pieces
but are marked as not playable yet.`,
		Example: `  zoggo check games/thud.zrf
  zoggo check --json games/*.zrf`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, asJSON, allErrors, warnings)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per file")
	cmd.Flags().BoolVar(&allErrors, "all-errors", false, "print every error, not just the first 10 of a file")
	cmd.Flags().BoolVarP(&warnings, "warnings", "w", false, "print warnings too")
	return cmd
}

// VariantSummary is one game or variant in check's output.
type VariantSummary struct {
	Title      string   `json:"title"`
	Variant    bool     `json:"variant"`
	Players    []string `json:"players"`
	Positions  int      `json:"positions"`
	Pieces     int      `json:"pieceTypes"`
	Directions int      `json:"directions"`
	Zones      int      `json:"zones"`
	Axiom      string   `json:"axiom,omitempty"`
}

// FileSummary is check's output for one file.
type FileSummary struct {
	File     string           `json:"file"`
	OK       bool             `json:"ok"`
	Games    []VariantSummary `json:"games"`
	Errors   []*zrf.Error     `json:"errors,omitempty"`
	Warnings []*zrf.Error     `json:"warnings,omitempty"`
}

// Summarise describes one compiled game.
func Summarise(g *eval.Game) VariantSummary {
	s := VariantSummary{Title: g.Title, Variant: g.Variant, Positions: len(g.Board.Locs),
		Pieces: len(g.Pieces), Directions: len(g.Board.Dirs), Zones: len(g.Board.Zones)}
	for _, p := range g.Players {
		s.Players = append(s.Players, p.Name)
	}
	if g.Axiom() {
		s.Axiom = g.Engine
	}
	return s
}

func runCheck(stdout, stderr io.Writer, files []string, asJSON, allErrors, warnings bool) error {
	failed := false
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	for _, path := range files {
		f, err := eval.LoadFile(path)
		sum := FileSummary{File: path, OK: err == nil}
		if f != nil {
			for _, g := range f.Games {
				sum.Games = append(sum.Games, Summarise(g))
			}
		}
		list := zrf.AsList(err)
		if f != nil && err == nil {
			list = f.Warnings
		}
		sum.Errors, sum.Warnings = list.Errors(), list.Warnings()
		if err != nil {
			failed = true
		}
		if asJSON {
			if err := enc.Encode(sum); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			max := 10
			if allErrors {
				max = 0
			}
			printErrors(stderr, err, max)
			fmt.Fprintf(stderr, "%s: %d error%s\n", path, len(sum.Errors), plural(len(sum.Errors)))
			continue
		}
		if warnings {
			for _, w := range sum.Warnings {
				fmt.Fprintln(stderr, w.Detail())
			}
		}
		fmt.Fprintf(stdout, "%s: %d game%s\n", path, len(sum.Games), plural(len(sum.Games)))
		for _, g := range sum.Games {
			fmt.Fprintf(stdout, "  %s\n", formatSummary(g))
		}
	}
	if failed {
		return exitError{1}
	}
	return nil
}

func formatSummary(s VariantSummary) string {
	kind := "game"
	if s.Variant {
		kind = "variant"
	}
	line := fmt.Sprintf("%-7s %q: players %s; %d positions, %d piece types, %d directions",
		kind, zrf.Decode(s.Title), strings.Join(s.Players, " "), s.Positions, s.Pieces, s.Directions)
	if s.Axiom != "" {
		line += "; moves defined by the Axiom engine (Forth), not supported yet"
	}
	return line
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
