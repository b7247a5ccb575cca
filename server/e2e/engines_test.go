package e2e

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store/memstore"
)

// TestLobbyEngines: the lobby offers the operator's engines as the other seats' players,
// each where it can play (a UCI engine in chess, a GTP engine in Go), and a game started
// with one seats it. No engine runs: the person moves first.
func TestLobbyEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium: not in -short mode")
	}
	t.Chdir("../..")
	cat, err := server.LoadCatalogue([]string{"games/chess.zrf", "games/go.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: memstore.New(), Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf,
		Engines: map[string]string{"sf": "uci:/usr/games/fairy-stockfish", "gnugo": "gtp:/usr/games/gnugo --mode gtp"}})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close() })
	b := newBrowser(t, ts.URL)

	engineChoices := func(title string) []string {
		b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
		js[any](b, `[...document.querySelectorAll(".card")].find(c => c.querySelector("h3").textContent.startsWith(`+"`"+title+"`"+`)).querySelector(".play").click(), null`)
		b.run("the setup dialog", chromedp.WaitVisible(chromedp.ID("setup")))
		return js[[]string](b, `[...document.querySelectorAll('#others select[data-seat="1"] option')].map(o => o.value).filter(v => v.startsWith("bot:engine:"))`)
	}
	if got := engineChoices("Go"); !slices.Equal(got, []string{"bot:engine:gnugo"}) {
		t.Errorf("Go offers the engines %q, want gnugo (GTP) alone", got)
	}
	got := engineChoices("Chess")
	if !slices.Equal(got, []string{"bot:engine:sf"}) {
		t.Fatalf("chess offers the engines %q, want sf (UCI) alone", got)
	}
	label := js[string](b, `document.querySelector('#others select[data-seat="1"] option[value="bot:engine:sf"]').textContent`)
	if !strings.Contains(label, "sf") || !strings.Contains(label, "UCI") {
		t.Errorf("the engine's choice reads %q, want its name and protocol", label)
	}
	b.run("seating the engine", chromedp.SetValue(chromedp.CSS(`#others select[data-seat="1"]`), "bot:engine:sf"))
	b.screenshot("lobby-engine-seat")
	b.run("starting", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
	b.wait("the seats", `document.getElementById("seats").textContent.includes("engine:sf")`, 10*time.Second)
	b.screenshot("game-against-engine")
}
