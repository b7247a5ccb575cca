package main

import (
	"github.com/spf13/cobra"
)

func newShow() *cobra.Command {
	var variant string
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Draw the start position of a game as text",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := loadGame(cmd.ErrOrStderr(), args[0], variant)
			return err
		},
	}
	cmd.Flags().StringVar(&variant, "variant", "", "the game or variant title (default: the file's default game)")
	return cmd
}
