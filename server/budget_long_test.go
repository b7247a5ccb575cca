//go:build long

package server

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/store"
)

// TestHugeDropBoardProcess serves drop boards of 300×300 and 100×100 from a zoggo serve
// process whose database holds games of them stored before the bounds (the first made
// every start resume it into "out of memory"): the server starts, refuses new games of
// them, serves the others, and starts again; the old games are stored as ended with an
// error. The process may
// map 1 GiB more than the test, so a bound that regresses fails the test, not the machine.
func TestHugeDropBoardProcess(t *testing.T) {
	testutil.LimitMemory(t, 1<<30) // inherited by the server process
	dir := t.TempDir()
	bin := filepath.Join(dir, "zoggo")
	build := exec.Command("go", "build", "-o", bin, "github.com/zoggo/zoggo/cmd/zoggo")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("building zoggo: %v", err)
	}
	rules := filepath.Join(dir, "rules")
	if err := os.Mkdir(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	huge, big := []byte(dropBoard(300)), []byte(dropBoard(100))
	for name, src := range map[string][]byte{"huge.zrf": huge, "big.zrf": big, "small.zrf": []byte(dropBoard(20))} {
		if err := os.WriteFile(filepath.Join(rules, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := filepath.Join(dir, "games.db")
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for id, src := range map[string][]byte{"huge": huge, "big": big} {
		hash := hashBytes(src)
		if err := st.PutRules(ctx, hash, src); err != nil {
			t.Fatal(err)
		}
		if err := st.CreateGame(ctx, &store.Game{ID: id, RulesHash: hash, RulesName: filepath.ToSlash(rules) + "/" + id + ".zrf",
			Variant: "Drops", Seats: []store.Seat{{Kind: "bot", Bot: "random"}, {Kind: "bot", Bot: "random"}}}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	bots := []map[string]string{{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}}
	for start := range 2 {
		p := serveFolder(t, bin, db, rules)
		var c createJSON
		if code, err := p.call("POST", "/api/games", "", map[string]any{"rules": filepath.ToSlash(rules) + "/huge.zrf", "seats": bots}, nil); err != nil || code != http.StatusNotFound {
			t.Errorf("start %d: create on the huge board: %d %v, want 404 (not offered)", start, code, err)
		}
		if code, err := p.call("POST", "/api/games", "", map[string]any{"rules": filepath.ToSlash(rules) + "/big.zrf", "seats": bots}, nil); err != nil || code != http.StatusUnprocessableEntity {
			t.Errorf("start %d: create on the big board: %d %v, want 422", start, code, err)
		}
		if code, err := p.call("POST", "/api/games", "", map[string]any{"rules": filepath.ToSlash(rules) + "/small.zrf", "seats": bots}, &c); err != nil || code != http.StatusCreated {
			t.Fatalf("start %d: create on the small board: %d %v, want 201", start, code, err)
		}
		if code, err := p.call("GET", "/api/catalogue", "", nil, nil); err != nil || code != http.StatusOK {
			t.Errorf("start %d: catalogue: %d %v", start, code, err)
		}
		p.cmd.Process.Kill()
		p.cmd.Wait()
	}
	st, err = store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for id, want := range map[string]string{"huge": "a board of 90000 positions", "big": "more than 1677 turns in one position"} {
		rec, _, err := st.Game(ctx, id)
		if err != nil || !strings.Contains(rec.Result, want) {
			t.Errorf("the old game %s's result: %q (%v), want an error with %q", id, rec.Result, err, want)
		}
	}
}

// TestSavedGameAtBound continues a saved game of as many lines as the server takes, on
// SQLite within 1 GiB more than the test maps, and refuses one line more.
func TestSavedGameAtBound(t *testing.T) {
	testutil.LimitMemory(t, 1<<30)
	c, err := LoadCatalogue([]string{"../games/abalone.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := newHarness(t, st, Options{Catalogue: c})
	// The bound under test is the lines': the replay's time depends on what else the
	// machine runs (about 4 s of processor time here).
	h.srv.replayTime = 10 * time.Minute
	seats := []map[string]string{{"kind": "human"}, {"kind": "human"}}
	h.want(http.StatusRequestEntityTooLarge, "POST", "/api/games", "", map[string]any{"zsg": shuffle(maxSavedLines + 1), "seats": seats}, nil)
	var ok createJSON
	h.want(http.StatusCreated, "POST", "/api/games", "", map[string]any{"zsg": shuffle(maxSavedLines), "seats": seats}, &ok)
	_, turns, err := st.Game(context.Background(), ok.ID)
	if err != nil || len(turns) != maxSavedLines {
		t.Errorf("stored %d turns (%v), want %d", len(turns), err, maxSavedLines)
	}
}

// serveFolder runs zoggo serve on a free port with the rules of folder and the games of db.
func serveFolder(t *testing.T, bin, db, folder string) *serveProcess {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--rate", "-1", folder)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("zoggo serve printed no address: %v", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "zoggo serve: ")
	if !ok {
		t.Fatalf("zoggo serve printed %q", line)
	}
	go io.Copy(io.Discard, out)
	return &serveProcess{cmd: cmd, url: strings.TrimSuffix(url, "/")}
}
