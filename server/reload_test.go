package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/store/memstore"
)

// watchRules is a small game for the live reload tests: each player drops a man on an
// empty square of a 3×3 board.
const watchRules = `; w.zrf: a small game for the live reload tests.
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

// Versions of watchRules: one whose move code does not compile (line 11, column 23),
// and one that forbids drops on c1.
var (
	watchBroken = strings.Replace(watchRules, "(verify empty?)", "(verify emtpy?)", 1)
	watchNoC1   = strings.Replace(watchRules, "(verify empty?)", "(verify empty?) (verify (not (position? c1)))", 1)
)

// eventReader reads the named events of a stream.
type eventReader struct {
	t  *testing.T
	ch chan [2]string // event name, data
}

func openEvents(t *testing.T, h *harness, id, secret string) *eventReader {
	t.Helper()
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+id+"/events?t="+secret, nil)
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("events of %s: status %d", id, resp.StatusCode)
	}
	er := &eventReader{t: t, ch: make(chan [2]string, 100)}
	go func() {
		defer close(er.ch)
		rd := bufio.NewReader(resp.Body)
		name := ""
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSuffix(line, "\n")
			if n, ok := strings.CutPrefix(line, "event: "); ok {
				name = n
			} else if d, ok := strings.CutPrefix(line, "data: "); ok {
				er.ch <- [2]string{name, d}
			}
		}
	}()
	return er
}

// rules waits for a "rules" event for which ok holds, and returns it.
func (er *eventReader) rules(what string, ok func(rulesJSON) bool) rulesJSON {
	er.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, open := <-er.ch:
			if !open {
				er.t.Fatalf("the stream closed while waiting for %s", what)
			}
			if ev[0] != "rules" {
				continue
			}
			var r rulesJSON
			if err := json.Unmarshal([]byte(ev[1]), &r); err != nil {
				er.t.Fatalf("rules event %s: %v", ev[1], err)
			}
			if ok(r) {
				return r
			}
			er.t.Logf("rules event while waiting for %s: %s", what, ev[1])
		case <-deadline:
			er.t.Fatalf("no rules event within 10 s: %s", what)
		}
	}
}

// dropOn plays the drop of the game's mover on pos.
func dropOn(t *testing.T, h *harness, id, secret, pos string) {
	t.Helper()
	st := h.state(id, secret)
	for _, l := range st.Legal {
		if strings.HasSuffix(l.ZSG, " "+pos) {
			h.want(http.StatusOK, "POST", "/api/games/"+id+"/moves", secret, map[string]any{"ply": st.Ply, "index": l.Index}, nil)
			return
		}
	}
	t.Fatalf("game %s: no drop on %s at ply %d", id, pos, st.Ply)
}

// TestWatch edits a watched rules file under two open games: a version that does not
// compile is told to their streams with its positioned error, and cannot be restarted
// under; a version that forbids a square is offered for a restart, which keeps every
// turn while they stay legal and says where the replay stopped, and keeps the seats'
// secrets.
func TestWatch(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "w.zrf")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(watchRules)
	cat, err := LoadCatalogue([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat})
	name := filepath.ToSlash(file)
	if n, err := h.srv.Watch(name); err != nil || n != 1 {
		t.Fatalf("Watch(%q) = %d, %v; want 1 file", name, n, err)
	}
	if _, err := h.srv.Watch(filepath.ToSlash(filepath.Join(dir, "none.zrf"))); err == nil {
		t.Errorf("watching a file that is not served: no error")
	}
	seats := []map[string]string{{"kind": "human"}, {"kind": "invite"}}
	a := h.create(map[string]any{"rules": name, "seats": seats})
	b := h.create(map[string]any{"rules": name, "seats": seats})
	for k, pos := range []string{"c1", "a3", "b2"} {
		dropOn(t, h, a.ID, []string{a.Secret, a.Invites[0].Secret}[k%2], pos)
	}
	for k, pos := range []string{"a3", "b2", "c3"} {
		dropOn(t, h, b.ID, []string{b.Secret, b.Invites[0].Secret}[k%2], pos)
	}
	ea := openEvents(t, h, a.ID, a.View)
	eb := openEvents(t, h, b.ID, b.Secret)
	ea.rules("the version at the start", func(r rulesJSON) bool { return r.Current && r.Version == 0 })

	write(watchBroken)
	broken := ea.rules("the broken version", func(r rulesJSON) bool { return r.Version == 1 })
	if broken.Current || broken.Restart || len(broken.Errors) != 1 {
		t.Fatalf("the broken version told as %+v, want one error and no restart", broken)
	}
	want := "w.zrf:11:23: unknown condition \"emtpy?\""
	if e := broken.Errors[0]; !strings.HasPrefix(e, want) || !strings.Contains(e, "(drops ((verify emtpy?) add)))\n") || !strings.Contains(e, "\n                      ^") {
		t.Errorf("the broken version's error is\n%s\nwant it to start %q, with the line and a caret under column 23", e, want)
	}
	eb.rules("the broken version on the other game", func(r rulesJSON) bool { return r.Version == 1 && len(r.Errors) == 1 })
	h.want(http.StatusUnprocessableEntity, "POST", "/api/games/"+a.ID+"/restart", a.Secret, map[string]any{"replay": true}, nil)

	// A file touched with the same content is not loaded again.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(file, later, later); err != nil {
		t.Fatal(err)
	}
	time.Sleep(4 * pollEvery)
	if _, v := cat.watching(name); v != 1 {
		t.Errorf("after touching the file: version %d, want 1 (same content)", v)
	}

	write(watchNoC1)
	fixed := ea.rules("the fixed version", func(r rulesJSON) bool { return r.Version == 2 })
	if fixed.Current || !fixed.Restart || len(fixed.Errors) != 0 {
		t.Fatalf("the fixed version told as %+v, want a restart offered", fixed)
	}
	if n := strings.Count(h.logged(), "reloaded "+name); n != 2 {
		t.Errorf("the file was loaded again %d times for 2 changes:\n%s", n, h.logged())
	}
	h.want(http.StatusForbidden, "POST", "/api/games/"+a.ID+"/restart", a.View, map[string]any{"replay": true}, nil)

	// Game a opened on c1, which the new rules forbid: nothing is replayed.
	var ra restartJSON
	h.want(http.StatusCreated, "POST", "/api/games/"+a.ID+"/restart", a.Invites[0].Secret, map[string]any{"replay": true}, &ra)
	if ra.Replayed != 0 || ra.Turns != 3 || !strings.HasPrefix(ra.Stopped, "turn 1 (") || !strings.Contains(ra.Stopped, "not legal under the new rules") {
		t.Errorf("restart of a: %+v, want 0 of 3 turns replayed, stopped at turn 1", ra)
	}
	ea.rules("game a restarted", func(r rulesJSON) bool { return r.Restarted == ra.ID })
	if st := h.state(a.ID, a.Secret); !st.Over || !strings.Contains(st.Outcome, ra.ID) || len(st.Moves) != 3 {
		t.Errorf("game a after its restart: over %v, outcome %q, %d moves; want over, naming %s, its 3 moves kept", st.Over, st.Outcome, len(st.Moves), ra.ID)
	}
	h.want(http.StatusConflict, "POST", "/api/games/"+a.ID+"/restart", a.Secret, map[string]any{"replay": true}, nil)

	// Game b never used c1: every turn is replayed, and its secrets open the new game.
	var rb restartJSON
	h.want(http.StatusCreated, "POST", "/api/games/"+b.ID+"/restart", b.Secret, map[string]any{"replay": true}, &rb)
	if rb.Replayed != 3 || rb.Turns != 3 || rb.Stopped != "" {
		t.Errorf("restart of b: %+v, want all 3 turns replayed", rb)
	}
	old, nb := h.state(b.ID, b.Secret), h.state(rb.ID, b.Invites[0].Secret)
	if len(nb.Moves) != 3 || len(nb.You) != 1 || nb.You[0] != 1 || nb.Over {
		t.Fatalf("the new game of b: %d moves, seats %v, over %v; want 3 moves, seat 1, going on", len(nb.Moves), nb.You, nb.Over)
	}
	for i := range nb.Moves {
		if nb.Moves[i].ZSG != old.Moves[i].ZSG {
			t.Errorf("move %d of the new game is %q, was %q", i, nb.Moves[i].ZSG, old.Moves[i].ZSG)
		}
	}
	h.state(rb.ID, b.View)
	// The new game runs under the newest version: nothing to restart.
	h.want(http.StatusConflict, "POST", "/api/games/"+rb.ID+"/restart", b.Secret, map[string]any{"replay": false}, nil)
	if nb.ToMove != 1 {
		t.Errorf("the new game of b has player %d to move, want 1", nb.ToMove)
	}
}
