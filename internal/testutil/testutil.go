// Package testutil holds what the tests of several packages share: finding the corpus of
// real rules files, the programs some tests drive, and comparing golden files.
package testutil

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// CorpusDir returns $ZOGGO_CORPUS. It skips the test when the variable is unset (a
// user's clone has no corpus beside it) and fails it when the folder does not exist.
func CorpusDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv("ZOGGO_CORPUS")
	if dir == "" {
		tb.Skip("ZOGGO_CORPUS is not set; set it to the shared corpus folder (make test does) to run this")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		tb.Fatalf("ZOGGO_CORPUS=%s is not a folder: %v", dir, err)
	}
	return dir
}

// Tool returns the path of the program a test needs: the first of names that exists,
// an absolute path as it is, a bare name looked up in PATH. When none does, the test is
// skipped with a message that says what it needs the program for (use), or, under CI
// (CI=true, where .ci/run installs every such program), it fails.
func Tool(tb testing.TB, use string, names ...string) string {
	tb.Helper()
	for _, n := range names {
		if filepath.IsAbs(n) {
			if _, err := os.Stat(n); err == nil {
				return n
			}
		} else if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("%s is missing: it is needed %s, and .ci/run installs it", names[0], use)
	}
	tb.Skipf("%s is missing: it is needed %s; install it to run this test", names[0], use)
	return ""
}

// Golden compares got with the file at path, or rewrites the file when update is set. A
// difference is reported at its first line; the message says how to rewrite the file.
func Golden(t *testing.T, path string, got []byte, update bool, rewrite string) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s writes it)", err, rewrite)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(%s rewrites it; review the diff)", path, i+1, g, w, rewrite)
		}
	}
}
