package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestCheckOrder checks many files at once, on several goroutines, and compares what
// check prints with what it prints of each file alone, one after the other: the same
// bytes in the same order, and the same exit status, with every flag that changes the
// report (--dump only for a few files: its output is long).
func TestCheckOrder(t *testing.T) {
	games, err := filepath.Glob(filepath.Join("..", "..", "games", "*.zrf"))
	if err != nil || len(games) == 0 {
		t.Fatalf("no bundled games: %v", err)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.zrf")
	if err := os.WriteFile(bad, []byte("(game (title \"Bad\") (players A B)\n (board (positions (a1 0 0 1 1)))\n (piece (name P) (moves ((nw add)))))\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.zrf")
	// Slow and fast files, errors among them, some twice.
	files := append([]string{bad}, games...)
	files = append(files, missing, games[0], bad)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	for _, tt := range []struct {
		name  string
		o     checkOptions
		files []string
	}{
		{"plain", checkOptions{}, files},
		{"json", checkOptions{asJSON: true}, files},
		{"warnings", checkOptions{warnings: true, allErrors: true}, files},
		{"dump", checkOptions{dump: true}, []string{games[0], bad, games[1], games[0]}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := runCheckStatus(&out, &errOut, tt.files, tt.o)
			var wantOut, wantErr bytes.Buffer
			wantStatus := 0
			for _, f := range tt.files {
				wantStatus = max(wantStatus, runCheckStatus(&wantOut, &wantErr, []string{f}, tt.o))
			}
			if status != wantStatus {
				t.Errorf("exit status %d, one file at a time %d", status, wantStatus)
			}
			if !bytes.Equal(out.Bytes(), wantOut.Bytes()) {
				t.Errorf("standard output differs from checking one file at a time:\n%s\nwant:\n%s", out.String(), wantOut.String())
			}
			if !bytes.Equal(errOut.Bytes(), wantErr.Bytes()) {
				t.Errorf("standard error differs from checking one file at a time:\n%s\nwant:\n%s", errOut.String(), wantErr.String())
			}
			if status == 0 {
				t.Errorf("exit status 0, though a file has errors")
			}
		})
	}
}

// runCheckStatus runs check and returns its exit status.
func runCheckStatus(stdout, stderr *bytes.Buffer, files []string, o checkOptions) int {
	err := runCheck(stdout, stderr, files, o)
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	default:
		stderr.WriteString("error: " + err.Error() + "\n")
		return -1
	}
}
