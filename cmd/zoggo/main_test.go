package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in test scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"zoggo": func() {
			if err := newRoot().Execute(); err != nil {
				if _, ok := err.(exitError); !ok {
					os.Stderr.WriteString("zoggo: " + err.Error() + "\n")
				}
				os.Exit(exitCode(err))
			}
		},
	})
}

// TestScripts runs the command-line scenarios in testdata/script. Scripts can read our
// games through $GAMES and the corpus through $CORPUS (skip with [!corpus]).
func TestScripts(t *testing.T) {
	games, _ := filepath.Abs("../../games")
	corpus := os.Getenv("ZOGGO_CORPUS")
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			env.Setenv("GAMES", games)
			env.Setenv("CORPUS", corpus)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "corpus" {
				return corpus != "", nil
			}
			return false, nil
		},
	})
}
