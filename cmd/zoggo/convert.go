package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/notation"
)

func newConvert() *cobra.Command {
	var to, output string
	cmd := &cobra.Command{
		Use:   "convert GAME",
		Short: "Convert a saved game between Zillions notation and named-rule notation",
		Long: `convert replays a saved game against its rules and writes it again: in named-rule
notation (the default), where each move is its squares and the rule that made it
("e2 - e4 pawn-double"), or in the notation of Zillions saved games (--to zsg).

The input may be a Zillions saved game (.zsg) or a file in named notation; its first
line tells which. The rules file is the one named by RulesFile=, looked up beside the
input. The result goes to standard output, or to -o FILE (never over the input).
docs/notation.md describes the named notation.`,
		Example: `  zoggo convert game.zsg > game.named
  zoggo convert game.named --to zsg -o copy.zsg`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if to != "named" && to != "zsg" {
				return fmt.Errorf("--to must be named or zsg, not %q", to)
			}
			in := args[0]
			sg, r, err := openSaved(cmd.ErrOrStderr(), in)
			if err != nil {
				return err
			}
			var out *notation.SavedGame
			if to == "named" {
				out = notation.ToNamed(r, sg)
			} else {
				out = notation.ToZSG(r, sg)
			}
			data := out.Format()
			if output == "" {
				_, err = cmd.OutOrStdout().Write(data)
				return err
			}
			if same(in, output) {
				return fmt.Errorf("-o %s would overwrite the input", output)
			}
			return os.WriteFile(output, data, 0o644)
		},
	}
	cmd.Flags().StringVar(&to, "to", "named", "the notation to write: named or zsg")
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to this file instead of standard output")
	return cmd
}

// same reports whether two paths name the same file.
func same(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(sa, sb)
	}
	aa, _ := filepath.Abs(a)
	bb, _ := filepath.Abs(b)
	return aa == bb
}
