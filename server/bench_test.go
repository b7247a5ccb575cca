package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/pgtest"
	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

// BenchmarkServe plays 200 games of chess at once over HTTP on 127.0.0.1, each of 50
// turns of a client against 50 of a random bot: the client reads the game, moves, and
// waits on the event stream for the bot. It reports requests per second and the median
// and 99th percentile latency of a client's move (committed before the answer).
func BenchmarkServe(b *testing.B) {
	b.Run("memstore", func(b *testing.B) { benchServe(b, memstore.New(), "") })
	b.Run("sqlite", func(b *testing.B) {
		st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "games.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		benchServe(b, st, "")
	})
	b.Run("postgres", func(b *testing.B) {
		st, err := store.Open(context.Background(), pgtest.Start(b))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		benchServe(b, st, "")
	})
}

// BenchmarkServeClocks is BenchmarkServe with and without a clock (10+5) on every game,
// on the memory store (the clocks' own cost) and on SQLite: the two alternate in rounds
// (-count would run one several times, then the other), so that their latencies compare
// in one run on the same machine. ZOGGO_BENCH_ROUNDS sets the rounds (1 by default).
func BenchmarkServeClocks(b *testing.B) {
	rounds := 1
	if n, err := strconv.Atoi(os.Getenv("ZOGGO_BENCH_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	clocks := []struct{ name, clock string }{
		{"none", ""},
		{"fischer", `{"kind": "fischer", "base": 600, "increment": 5}`},
	}
	for r := range rounds {
		for _, c := range clocks {
			b.Run(fmt.Sprintf("memstore/%d/%s", r+1, c.name), func(b *testing.B) { benchServe(b, memstore.New(), c.clock) })
		}
	}
	for r := range rounds {
		for _, c := range clocks {
			b.Run(fmt.Sprintf("sqlite/%d/%s", r+1, c.name), func(b *testing.B) {
				st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "games.db"))
				if err != nil {
					b.Fatal(err)
				}
				defer st.Close()
				benchServe(b, st, c.clock)
			})
		}
	}
}

// benchServe plays the games of BenchmarkServe on st, each on clock (as the create
// request gives it; "" for none).
func benchServe(b *testing.B, st store.Store, clock string) {
	const games, moves = 200, 50
	srv := New(Options{Store: st, Catalogue: testCatalogue(b), Rate: -1, CreateRate: -1, MaxStreamsPerClient: 2 * games, Logf: b.Logf})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * games, MaxConnsPerHost: 0}}
	h := &harness{t: b, st: st, srv: srv, ts: ts}
	var requests atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		var wg sync.WaitGroup
		for range games {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, n, err := benchGame(h, client, moves, clock)
				requests.Add(int64(n))
				if err != nil {
					b.Error(err)
				}
				mu.Lock()
				lat = append(lat, d...)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-move-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-move-ms")
	}
	b.ReportMetric(float64(requests.Load())/elapsed.Seconds(), "requests/s")
}

// benchGame plays one game for benchServe: the latencies of its moves, the requests it
// made, and what went wrong.
func benchGame(h *harness, client *http.Client, moves int, clock string) ([]time.Duration, int, error) {
	n := 0
	post := func(path, secret, body string, v any) (int, error) {
		n++
		req, _ := http.NewRequest("POST", h.ts.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if secret != "" {
			req.Header.Set("Authorization", "Bearer "+secret)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		if v != nil && resp.StatusCode/100 == 2 {
			return resp.StatusCode, json.NewDecoder(resp.Body).Decode(v)
		}
		return resp.StatusCode, nil
	}
	get := func(path, secret string, v any) error {
		n++
		req, _ := http.NewRequest("GET", h.ts.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+secret)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return json.NewDecoder(resp.Body).Decode(v)
	}
	var c createJSON
	body := `{"rules": "../games/chess.zrf", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}`
	if clock != "" {
		body = strings.TrimSuffix(body, "}") + `, "clock": ` + clock + `}`
	}
	if code, err := post("/api/games", "", body, &c); err != nil || code != http.StatusCreated {
		return nil, n, fmt.Errorf("create: %d %v", code, err)
	}
	// The event stream tells when the bot has moved.
	n++
	req, _ := http.NewRequest("GET", h.ts.URL+"/api/games/"+c.ID+"/events?t="+c.Secret, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		return nil, n, err
	}
	defer resp.Body.Close()
	events := make(chan eventJSON, 16)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				var ev eventJSON
				if json.Unmarshal([]byte(data), &ev) == nil {
					events <- ev
				}
			}
		}
	}()
	var lat []time.Duration
	ply := 0
	for range moves {
		var st stateJSON
		if err := get("/api/games/"+c.ID, c.Secret, &st); err != nil {
			return lat, n, err
		}
		if (clock != "") != (st.Clock != nil) {
			return lat, n, fmt.Errorf("game %s: clock %+v, asked for %q", c.ID, st.Clock, clock)
		}
		if st.Over || len(st.Legal) == 0 {
			break
		}
		ply = st.Ply
		pick := st.Legal[(ply*7)%len(st.Legal)]
		t0 := time.Now()
		code, err := post("/api/games/"+c.ID+"/moves", c.Secret, `{"ply": `+itoa(ply)+`, "index": `+itoa(pick.Index)+`}`, nil)
		if err != nil {
			return lat, n, err
		}
		lat = append(lat, time.Since(t0))
		if code != http.StatusOK {
			break
		}
		for ev := range events {
			if ev.Over || ev.Ply >= ply+2 && !ev.Thinking {
				break
			}
		}
	}
	return lat, n, nil
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
