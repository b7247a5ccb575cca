package main

import (
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/zoggo/zoggo/internal/testutil"
)

// TestEngineScripts runs the scenarios of testdata/engines, where zoggo plays whole
// games against real engines (Fairy-Stockfish, GNU Go), both as the engine they drive
// (zoggo uci, zoggo gtp) and as the referee that seats them (zoggo run). Without the
// engines it skips, and under CI it fails.
func TestEngineScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games against engines take seconds")
	}
	fairy := testutil.Tool(t, "to play chess against zoggo uci", "fairy-stockfish", "/usr/games/fairy-stockfish")
	gnugo := testutil.Tool(t, "to play Go against zoggo gtp", "gnugo", "/usr/games/gnugo")
	games, _ := filepath.Abs("../../games")
	testscript.Run(t, testscript.Params{
		Dir: "testdata/engines",
		Setup: func(env *testscript.Env) error {
			env.Setenv("GAMES", games)
			env.Setenv("FAIRY", fairy)
			env.Setenv("GNUGO", gnugo)
			return nil
		},
	})
}
