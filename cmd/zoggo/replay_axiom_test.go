package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

// TestReplayAxiom replays saved games of Axiom games from the command line: one whose
// rules are found beside it, and an Ur game whose rules are given with --rules, and checks
// how the Forth says each game ended.
func TestReplayAxiom(t *testing.T) {
	corpus := testutil.CorpusDir(t)
	for _, tt := range []struct {
		args         []string
		want, result string
	}{
		{[]string{"replay", filepath.Join(corpus, "dagazproject-zrf/Afrika/Problem-2.zsg")},
			"23 moves replayed (Problem 2, Axiom engine, Forth in dagazproject-zrf/Afrika/Axiom/Afrika)\n", "the game: First wins (OnIsGameOver: Second has lost)\n"},
		{[]string{"replay", filepath.Join(corpus, "glukkazan-zog/Axiom/Ur/simple.zsg"),
			"--rules", filepath.Join(corpus, "glukkazan-zog-f383a24/Rules/07.Axiomatic.Ur.zrf")},
			"1195 moves replayed (Ur [simple evaluation], Axiom engine, Forth in glukkazan-zog-f383a24/Axiom/Ur)\n", "the game: White wins (OnIsGameOver: Black has lost)\n"},
	} {
		var out, errOut bytes.Buffer
		root := newRoot()
		root.SetArgs(tt.args)
		root.SetOut(&out)
		root.SetErr(&errOut)
		if err := root.Execute(); err != nil {
			t.Fatalf("%v: %v\n%s", tt.args, err, errOut.String())
		}
		got := out.String()
		if !strings.Contains(got, tt.want) || !strings.HasSuffix(got, tt.result) {
			t.Errorf("%v:\n got %q\nwant %q and at the end %q", tt.args, got, tt.want, tt.result)
		}
	}
}
