// Package evaltest loads games for the tests of several packages: a rules file's default
// game, ready to run, or one written in the test itself. Every failure fails the test.
package evaltest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zoggo/zoggo/eval"
)

// Load returns the default game or variant of the rules file at path, ready to run.
func Load(tb testing.TB, path string) *eval.Game {
	tb.Helper()
	f, err := eval.LoadFile(path)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	g, err := f.Default()
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return g
}

// LoadText writes src to a file called name in a folder of the test's own and loads it as
// Load does.
func LoadText(tb testing.TB, name, src string) *eval.Game {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	return Load(tb, path)
}
