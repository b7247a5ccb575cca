package e2e

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// watchRules is the rules file the live reload test edits: each player drops a man on
// an empty square of a 3×3 board.
const watchRules = `; w.zrf: a small game for the live reload test.
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

// TestReload serves a rules file with --watch's Server.Watch and opens a game of it with
// two turns played: an edit that breaks the rules shows their error on the open page,
// positioned and with the offending text; an edit that fixes them (and forbids a square
// nobody played on) offers the restart, which opens a new game with the turns kept.
func TestReload(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	file := filepath.Join(t.TempDir(), "w.zrf")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(watchRules)
	cat, err := server.LoadCatalogue([]string{file})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	if _, err := srv.Watch(filepath.ToSlash(file)); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)

	c := humans(t, ts.URL, filepath.ToSlash(file), "", 2)
	for _, pos := range []string{"a3", "b2"} {
		var gj gameJSON
		call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &gj)
		i := -1
		for _, l := range gj.Legal {
			if strings.HasSuffix(l.ZSG, " "+pos) {
				i = l.Index
			}
		}
		if i < 0 {
			t.Fatalf("no drop on %s at ply %d", pos, gj.Ply)
		}
		call(t, ts.URL, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]int{"ply": gj.Ply, "index": i}, nil)
	}
	b.open(c.ID, c.Secret)
	b.waitMoves(2, 10*time.Second)
	if !js[bool](b, `document.getElementById("rulesnews").hidden`) {
		t.Errorf("the rules news shows before any edit: %q", js[string](b, `document.getElementById("rulesnews").textContent`))
	}

	write(strings.Replace(watchRules, "(verify empty?)", "(verify emtpy?)", 1))
	b.wait("the error of the broken rules", `!!document.querySelector("#rulesnews pre.ruleserror")`, 10*time.Second)
	b.screenshot("reload-broken")
	got := js[string](b, `document.querySelector("#rulesnews pre.ruleserror").textContent`)
	for _, want := range []string{"w.zrf:11:23: unknown condition \"emtpy?\"", "(drops ((verify emtpy?) add)))", "\n                      ^"} {
		if !strings.Contains(got, want) {
			t.Errorf("the page shows the error\n%s\nwithout %q", got, want)
		}
	}
	if js[bool](b, `!!document.getElementById("restartreplay")`) {
		t.Errorf("a restart is offered under rules that do not load")
	}

	write(strings.Replace(watchRules, "(verify empty?)", "(verify empty?) (verify (not (position? c1)))", 1))
	b.wait("the restart offer", `!!document.getElementById("restartreplay") && !document.querySelector("#rulesnews pre.ruleserror")`, 10*time.Second)
	b.screenshot("reload-fixed")
	b.run("restarting", chromedp.Click(chromedp.ID("restartreplay")))
	// The page navigates to the new game: the old page's context goes away under the
	// poll, so the poll is tried again until the new page answers.
	for start := time.Now(); ; time.Sleep(100 * time.Millisecond) {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`location.pathname !== "/g/`+c.ID+`" && document.querySelectorAll("#moves .mv").length === 2`))
		if err == nil && ok {
			break
		}
		if time.Since(start) > 10*time.Second {
			b.screenshot("failed")
			t.Fatalf("the page did not open the new game with 2 moves within 10 s (%v)", err)
		}
	}
	b.wait("the note on the replay", `!!document.getElementById("restartnote")`, 5*time.Second)
	b.screenshot("reload-restarted")
	note := js[string](b, `document.getElementById("restartnote").textContent`)
	if !strings.Contains(note, "2 of 2 turns replayed") {
		t.Errorf("the new game's page says %q, want 2 of 2 turns replayed", note)
	}
	id := strings.TrimPrefix(js[string](b, `location.pathname`), "/g/")
	var old, nw gameJSON
	call(t, ts.URL, "GET", "/api/games/"+c.ID, c.Secret, nil, &old)
	call(t, ts.URL, "GET", "/api/games/"+id, c.Secret, nil, &nw)
	if len(nw.Moves) != 2 || len(old.Moves) != 2 || nw.Moves[0].ZSG != old.Moves[0].ZSG || nw.Moves[1].ZSG != old.Moves[1].ZSG || nw.Over {
		t.Errorf("the new game has the moves %+v (over %v), the old one %+v", nw.Moves, nw.Over, old.Moves)
	}
	if !old.Over {
		t.Errorf("the old game goes on after its restart")
	}
	// The board of the new game is clickable: the third turn is played by clicks.
	b.run("dropping on c3", chromedp.Click(chromedp.CSS(`#board .targets rect[data-pos="c3"]`), chromedp.NodeVisible))
	b.waitMoves(3, 10*time.Second)
}
