package server

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/store/memstore"
)

// BenchmarkMovesUnderBots measures the moves of people while games of bots think at the
// server's limits (a search on the longest clock, on every thread the bots may use: the
// number of CPUs): a hot-seat game of chess makes 100 moves over HTTP, one after the
// other, and the median and 99th percentile latency of a move (committed before the
// answer) are reported, without bots and with 8 games of them. Run it with
// -benchtime 3x: each iteration plays another game.
func BenchmarkMovesUnderBots(b *testing.B) {
	for _, n := range []int{0, 8} {
		b.Run(itoa(n)+"-bot-games", func(b *testing.B) { benchMovesUnderBots(b, n) })
	}
}

func benchMovesUnderBots(b *testing.B, botGames int) {
	const moves = 100
	botTime := 10 * time.Second
	h := &harness{t: b, st: memstore.New()}
	h.srv = New(Options{Store: h.st, Catalogue: testCatalogue(b), Rate: -1, CreateRate: -1, AllowBotGames: true, BotTime: botTime, Logf: b.Logf})
	h.ts = httptest.NewServer(h.srv)
	defer h.close()
	bot := "bot=search:" + botTime.String()
	if n := h.srv.bots.slots; n > 1 {
		bot += ":threads=" + itoa(n)
	}
	for range botGames {
		c := h.create(chessWith(bot, bot))
		h.waitFor(c.ID, c.View, func(s stateJSON) bool { return s.Thinking })
	}
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		c := h.create(chessHotSeat)
		secrets := []string{c.Secret, c.Invites[0].Secret}
		for ply := range moves {
			s := h.state(c.ID, secrets[ply%2])
			if s.Over || len(s.Legal) == 0 {
				break
			}
			t0 := time.Now()
			code, body := h.do("POST", "/api/games/"+c.ID+"/moves", secrets[ply%2], map[string]any{"ply": ply, "index": s.Legal[(ply*7)%len(s.Legal)].Index})
			lat = append(lat, time.Since(t0))
			if code != http.StatusOK {
				b.Fatalf("move %d: %d %s", ply, code, strings.TrimSpace(string(body)))
			}
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-move-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-move-ms")
		b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-move-ms")
	}
}
