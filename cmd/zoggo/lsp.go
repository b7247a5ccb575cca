package main

import (
	"context"
	"io"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/lsp"
)

func newLSP() *cobra.Command {
	var debounce int
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Be a language server for rules files, for editors",
		Long: `lsp speaks the Language Server Protocol on standard input and output, for an editor
to check and navigate the rules files (.zrf) open in it:

  - the errors and warnings of zoggo check, at their place, as you type (the text is
    checked a short while after the last key, unsaved), with the macro calls that led
    there as related information, and a quick fix for every "did you mean";
  - hover: what a keyword means, a macro's definition and, at a call, what the call
    expands to, and where a piece, position, direction, zone or attribute is defined;
  - go to definition and find references of macros, pieces, directions, zones,
    positions, attributes, games and variants; the outline of games, variants, pieces
    and macros;
  - completion of the keywords that fit where the cursor is and of the names the file
    and its includes define;
  - formatting: every line indented by the lists it is in (three spaces a level),
    nothing else changed, comments kept.

Includes are read relative to the file's folder on disk. Editors start the server
themselves: the VS Code extension in editors/vscode of the zoggo repository does, and
the README shows how Neovim and Emacs start it.`,
		Example: `  zoggo lsp
  zoggo lsp --debounce 500`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			stdio := stdio{cmd.InOrStdin(), cmd.OutOrStdout()}
			return lsp.Serve(context.Background(), stdio, lsp.Options{
				Debounce: time.Duration(debounce) * time.Millisecond,
				Version:  buildVersion(),
			})
		},
	}
	// Some clients add --stdio to the command they start: the server always speaks on
	// standard input and output.
	cmd.Flags().Bool("stdio", true, "speak on standard input and output (always)")
	cmd.Flags().MarkHidden("stdio")
	cmd.Flags().IntVar(&debounce, "debounce", int(lsp.DefaultDebounce/time.Millisecond), "check a document this many milliseconds after its last edit")
	return cmd
}

// stdio is the server's stream: standard input and output, which it does not close.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }

// buildVersion returns the version of zoggo's module in this binary ("(devel)" when
// built from a checkout).
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version
	}
	return ""
}
