// Command zoggo runs board games written in ZRF, the rules language of Zillions of Games.
package main

import (
	"fmt"
	"os"
)

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "zoggo: internal error: %v\n(this is a bug in zoggo, not in your files; please report it with the command you ran)\n", r)
			os.Exit(3)
		}
	}()
	if err := newRoot().Execute(); err != nil {
		if _, ok := err.(exitError); !ok {
			fmt.Fprintln(os.Stderr, "zoggo:", err)
		}
		os.Exit(exitCode(err))
	}
}

// exitError carries an exit status for errors already printed.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func exitCode(err error) int {
	if e, ok := err.(exitError); ok {
		return e.code
	}
	return 1
}
