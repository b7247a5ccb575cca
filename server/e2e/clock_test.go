package e2e

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store"
)

// TestClockFlag starts a game of chess against a bot on a 1+0 clock from the lobby,
// plays the first turn by clicks, and then lets White's minute run out: the page shows
// the clock ticking and then "Black wins on time", and the database holds that result.
// It takes a little over a minute.
func TestClockFlag(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test starts Chromium and waits a minute: not in -short mode")
	}
	t.Chdir("../..")
	cat, err := server.LoadCatalogue([]string{"games/chess.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Options{Store: st, Catalogue: cat, Rate: -1, Bots: 1, Logf: t.Logf})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); srv.Close(); st.Close() })
	b := newBrowser(t, ts.URL)

	b.run("opening the lobby", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	js[any](b, `[...document.querySelectorAll(".card")].find(c => c.querySelector("h3").textContent === "Chess").querySelector(".play").click()`)
	b.run("the setup dialog", chromedp.WaitVisible(chromedp.ID("setup")),
		chromedp.SetValue(chromedp.CSS(`#others select[data-seat="1"]`), "bot:search:1"))
	// The chooser offers 1+0 among its presets.
	one := js[string](b, `[...document.querySelectorAll("#clock option")].find(o => o.textContent.startsWith("1+0")).value`)
	b.run("choosing 1+0", chromedp.SetValue(chromedp.ID("clock"), one))
	b.screenshot("clock-setup")
	b.run("starting", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS(`#board svg .targets`)))
	b.wait("the legal moves", `document.querySelector("#status").classList.contains("yours")`, 10*time.Second)
	clocks := js[[]string](b, `[...document.querySelectorAll("#seatlist .clock")].map(c => c.textContent)`)
	if strings.Join(clocks, " ") != "1:00 1:00" {
		t.Errorf("the clocks before the first turn show %q, want 1:00 1:00", clocks)
	}
	b.square("e2")
	b.square("e4")
	b.waitMoves(2, 60*time.Second)
	b.wait("White's clock running", `document.querySelector('#seatlist .clock[data-seat="0"]').classList.contains("running")`, 10*time.Second)
	before := js[float64](b, `Number(document.querySelector('#seatlist .clock[data-seat="0"]').dataset.ms)`)
	time.Sleep(1500 * time.Millisecond)
	after := js[float64](b, `Number(document.querySelector('#seatlist .clock[data-seat="0"]').dataset.ms)`)
	if d := before - after; d < 1000 || d > 2500 {
		t.Errorf("White's clock went from %v ms to %v ms in 1.5 s", before, after)
	}
	bot := js[float64](b, `Number(document.querySelector('#seatlist .clock[data-seat="1"]').dataset.ms)`)
	if bot < 55000 || js[bool](b, `document.querySelector('#seatlist .clock[data-seat="1"]').classList.contains("running")`) {
		t.Errorf("the bot's clock shows %v ms after its answer, or still runs", bot)
	}
	b.screenshot("clock-ticking")

	b.wait("the flag", `document.getElementById("outcome").textContent.includes("wins on time")`, 75*time.Second)
	outcome := js[string](b, `document.getElementById("outcome").textContent`)
	if outcome != "Black wins on time" {
		t.Errorf("the page says %q, want Black wins on time", outcome)
	}
	if !js[bool](b, `document.querySelector('#seatlist .clock[data-seat="0"]').classList.contains("flagged")`) ||
		js[string](b, `document.querySelector('#seatlist .clock[data-seat="0"]').textContent`) != "0.0" {
		t.Errorf("White's clock does not show its flag: %q", js[string](b, `document.querySelector('#seatlist').textContent`))
	}
	b.screenshot("clock-flag")
	id := js[string](b, `decodeURIComponent(location.pathname.split("/").pop())`)
	rec, turns, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result != "Black wins on time" || rec.Clock != "fischer 60+0" {
		t.Errorf("the database holds result %q on clock %q, want Black wins on time on fischer 60+0", rec.Result, rec.Clock)
	}
	if len(turns) != 2 || len(turns[1].Clocks) != 2 || turns[1].Clocks[0] != 60000 {
		t.Errorf("stored turns %+v", turns)
	} else {
		t.Logf("the bot kept %d ms of its minute", turns[1].Clocks[1])
	}

	// A clock of one's own: "other…" shows its fields.
	b.run("opening the lobby again", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`.card`)))
	js[any](b, `[...document.querySelectorAll(".card")].find(c => c.querySelector("h3").textContent === "Chess").querySelector(".play").click()`)
	b.run("choosing a clock of one's own", chromedp.WaitVisible(chromedp.ID("setup")),
		chromedp.SetValue(chromedp.CSS(`#others select[data-seat="1"]`), "invite"))
	js[any](b, `(() => { const s = document.getElementById("clock"); s.value = "custom"; s.dispatchEvent(new Event("change")); })()`)
	b.run("the clock's fields", chromedp.WaitVisible(chromedp.ID("clockbase")))
	js[any](b, `(() => { const k = document.getElementById("clockkind"); k.value = "delay"; k.dispatchEvent(new Event("change"));
		document.getElementById("clockbase").value = "3"; document.getElementById("clockextra").value = "2"; })()`)
	if name := js[string](b, `document.getElementById("clockextraname").textContent`); !strings.Contains(name, "delay") {
		t.Errorf("the second field of a delay clock is %q", name)
	}
	b.screenshot("clock-custom")
	b.run("starting", chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.ID("invited")))
	link := js[string](b, `document.querySelector("#invitelinks input").value`)
	_, secret, _ := strings.Cut(link, "#t=")
	gid := link[strings.Index(link, "/g/")+3 : strings.Index(link, "#")]
	var state struct {
		Clock struct {
			Control map[string]any `json:"control"`
			Text    string         `json:"text"`
		} `json:"clock"`
	}
	call(t, ts.URL, "GET", "/api/games/"+gid, secret, nil, &state)
	if state.Clock.Text != "3 min + 2 s delay" || state.Clock.Control["base"] != 180.0 || state.Clock.Control["delay"] != 2.0 {
		t.Errorf("the game started with a clock of one's own has %+v", state.Clock)
	}
}
