package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zoggo/zoggo/eval"
)

// watchGame is a small game for the test of play --watch: each player drops a man on
// an empty square of a 3×3 board.
const watchGame = `; w.zrf: a small game for the test of play --watch.
(game
   (title "Watch")
   (players X O)
   (turn-order X O)
   (board
      (grid (start-rectangle 0 0 50 50)
         (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
         (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
   (piece (name Man)
      (drops ((verify empty?) add)))
   (board-setup (X (Man off 5)) (O (Man off 5)))
   (draw-condition (X O) stalemated))
`

// lockedBuffer is a bytes.Buffer read while the session writes to it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestPlayWatch edits the rules file of a game of play --watch: a version that does not
// compile is printed at once with its positioned error and cannot be restarted under;
// a version that loads is offered, and restart replays the moves while they stay legal,
// saying where they stop.
func TestPlayWatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.zrf")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(watchGame)
	f, err := eval.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Find("")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := newSession(g, path, "", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	out := &lockedBuffer{}
	stop, err := ps.watch(out)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	inR, inW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- ps.run(inR, ps.out) }()
	defer inW.Close()
	from := 0
	// wait waits for text in the output after what was waited for before.
	wait := func(text string) {
		t.Helper()
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(20 * time.Millisecond) {
			if i := strings.Index(out.String()[from:], text); i >= 0 {
				from += i + len(text)
				return
			}
		}
		t.Fatalf("no %q in the output after byte %d within 10 s:\n%s", text, from, out.String())
	}
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	wait("Move 1: X to move")
	send("b2")
	wait("Move 2: X to move")

	write(strings.Replace(watchGame, "(verify empty?)", "(verify emtpy?)", 1))
	wait("changed (version 1) and does not load:\n")
	wait("w.zrf:11:23: unknown condition \"emtpy?\"")
	wait("      (drops ((verify emtpy?) add)))\n                      ^\n")
	send("restart")
	wait("restart: no new version of the rules that loads")

	write(strings.Replace(watchGame, "; w.zrf:", "; w.zrf (edited):", 1))
	wait("changed (version 2). Type restart")
	send("restart")
	wait("Restarted under the new rules: all 2 turns replayed.")
	wait("Move 2: X to move")
	if n := len(ps.m.History()); n != 2 {
		t.Errorf("%d turns after the restart, want 2", n)
	}

	write(strings.Replace(watchGame, "(verify empty?)", "(verify empty?) (verify (not (position? b2)))", 1))
	wait("changed (version 3). Type restart")
	send("restart")
	wait("Restarted under the new rules: 0 of 2 turns replayed; the replay stopped at turn 1 (b2), which is not legal under the new rules.")
	wait("Move 1: X to move")
	send("quit")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
