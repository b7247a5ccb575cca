//go:build long

package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/pgtest"
	"github.com/zoggo/zoggo/store"
)

// TestSoak runs zoggo serve as a child process on SQLite and on PostgreSQL and makes a
// mixed load on it over 127.0.0.1 for ZOGGO_SOAK (a duration, 10m when unset) on each:
// people playing against bots and each other, games of bots alone, event streams opened
// and closed, and reads of games and the catalogue. It samples the server's resident
// memory (VmRSS) every minute and reports it with the median and 99th percentile time
// of a person's move (answered once stored). It fails on any 5xx answer or unexpected
// 4xx, on a load that made too little, and when the mean memory of the second half of
// the run exceeds the first half's (after its first minute) by more than a quarter.
// testdata/bench/README.md says how to run it.
func TestSoak(t *testing.T) {
	d := 10 * time.Minute
	if v := os.Getenv("ZOGGO_SOAK"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil || d < 10*time.Second || d > 2*time.Hour {
			t.Fatalf("ZOGGO_SOAK=%q: want a duration from 10s to 2h", v)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "zoggo")
	build := exec.Command("go", "build", "-o", bin, "github.com/zoggo/zoggo/cmd/zoggo")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatalf("building zoggo: %v", err)
	}
	stores := []string{"sqlite", "postgres"}
	if only := os.Getenv("ZOGGO_SOAK_STORE"); only != "" {
		stores = strings.Split(only, ",")
	}
	for _, name := range stores {
		t.Run(name, func(t *testing.T) {
			var db string
			switch name {
			case "sqlite":
				db = filepath.Join(t.TempDir(), "games.db")
			case "postgres":
				db = pgtest.Start(t)
			default:
				t.Fatalf("ZOGGO_SOAK_STORE: no store %q (sqlite, postgres)", name)
			}
			soak(t, bin, db, d)
		})
	}
}

// soakLoad is what the load did, counted by its goroutines.
type soakLoad struct {
	url      string
	client   *http.Client
	requests atomic.Int64
	fails    atomic.Int64 // 5xx answers and transport errors
	created  atomic.Int64
	moves    atomic.Int64
	events   atomic.Int64
	mu       sync.Mutex
	lat      []time.Duration // of people's moves
	games    []soakGame      // games to read and watch, the latest last
	failed   []string        // the first failures, to show
}

type soakGame struct{ id, view string }

// The load: players play one game after another (against a random bot, or both sides of
// a game between two people), a maker keeps games of two bots going,
// watchers hold event streams open, and a reader reads games and the catalogue.
const (
	soakPlayers  = 6
	soakWatchers = 3
	soakPause    = 100 * time.Millisecond // a player's pause between moves
	soakMaxPlies = 80                     // a player leaves a game after this many plies
	soakBotGames = 2                      // games of bots alone going at once
)

// soakRules are the bundled games the load plays, one after another.
var soakRules = []string{"games/chess.zrf", "games/checkers.zrf", "games/thud.zrf", "games/go.zrf"}

func soak(t *testing.T, bin, db string, d time.Duration) {
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--rate", "-1", "--bots", "2")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("the server's errors:\n%s", stderr.String())
		}
	}()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("zoggo serve printed no address: %v", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "zoggo serve: ")
	if !ok {
		t.Fatalf("zoggo serve printed %q", line)
	}
	go io.Copy(io.Discard, out)
	l, halt := startLoad(strings.TrimSuffix(url, "/"))

	type sample struct {
		at                       time.Duration
		rss                      int64 // kB
		requests, moves, created int64
	}
	start := time.Now()
	samples := []sample{{0, rss(t, cmd.Process.Pid), 0, 0, 0}}
	tick := time.NewTicker(time.Minute)
	end := time.After(d)
loop:
	for {
		select {
		case <-tick.C:
		case <-end:
			break loop
		}
		samples = append(samples, sample{time.Since(start).Round(time.Second), rss(t, cmd.Process.Pid), l.requests.Load(), l.moves.Load(), l.created.Load()})
	}
	tick.Stop()
	halt()
	samples = append(samples, sample{time.Since(start).Round(time.Second), rss(t, cmd.Process.Pid), l.requests.Load(), l.moves.Load(), l.created.Load()})

	var b strings.Builder
	fmt.Fprintf(&b, "%-8s %9s %9s %7s %7s\n", "at", "RSS MB", "requests", "moves", "games")
	for _, s := range samples {
		fmt.Fprintf(&b, "%-8v %9.1f %9d %7d %7d\n", s.at, float64(s.rss)/1024, s.requests, s.moves, s.created)
	}
	lat := slices.Clone(l.lat)
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(&b, "%d requests (%.1f/s), %d people's moves (p50 %v, p99 %v, max %v), %d games created, %d events streamed, %d failures\n",
		l.requests.Load(), float64(l.requests.Load())/secs, len(lat), q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond),
		q(1).Round(10*time.Microsecond), l.created.Load(), l.events.Load(), l.fails.Load())
	t.Logf("soak of %v on %s:\n%s", d, strings.SplitN(db, "?", 2)[0], b.String())
	if out := os.Getenv("ZOGGO_SOAK_OUT"); out != "" {
		f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintf(f, "soak of %v, %s store:\n%s\n", d, filepath.Base(t.Name()), b.String())
			f.Close()
		}
	}

	if n := l.fails.Load(); n > 0 {
		t.Errorf("%d requests failed; the first: %s", n, strings.Join(l.failed, "; "))
	}
	if len(lat) < 100 || l.events.Load() < 10 || l.created.Load() < 10 {
		t.Errorf("too little load: %d moves, %d events, %d games", len(lat), l.events.Load(), l.created.Load())
	}
	// Flat after warm-up: the mean of the samples of the second half against the mean of
	// those of the first half after its first minute. The live heap follows the games in
	// play, and the collector lets the heap reach twice it between collections, so single
	// samples swing by a third; linear growth moves the means apart.
	if len(samples) >= 6 {
		mean := func(ss []sample) int64 {
			var sum int64
			for _, s := range ss {
				sum += s.rss
			}
			return sum / int64(len(ss))
		}
		half := len(samples) / 2
		first, second := mean(samples[2:half]), mean(samples[half:])
		if second > first+first/4 {
			t.Errorf("memory grows: %d MB on average in the first half after warm-up, %d MB in the second", first/1024, second/1024)
		}
	}
}

// startLoad starts the load of the soak on the server at url; halt stops it and waits
// for its requests to end.
func startLoad(url string) (l *soakLoad, halt func()) {
	l = &soakLoad{url: url, client: &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 32}}}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range soakPlayers {
		wg.Go(func() { l.player(stop, i) })
	}
	for range soakWatchers {
		wg.Go(func() { l.watcher(stop) })
	}
	wg.Go(func() { l.maker(stop) })
	wg.Go(func() { l.reader(stop) })
	return l, func() {
		close(stop)
		wg.Wait()
	}
}

// TestSoakHeap makes the load of TestSoak on a server in the test's own process, on
// SQLite, for ZOGGO_SOAK (3m when unset), logs the heap (and the live heap, after a
// collection) and the games in memory every 30 seconds, and writes a heap profile to the file ZOGGO_SOAK_HEAP at the end (after a
// collection), for go tool pprof. It runs only when ZOGGO_SOAK_HEAP is set.
func TestSoakHeap(t *testing.T) {
	out := os.Getenv("ZOGGO_SOAK_HEAP")
	if out == "" {
		t.Skip("set ZOGGO_SOAK_HEAP to the file of the heap profile to write")
	}
	d := 3 * time.Minute
	if v := os.Getenv("ZOGGO_SOAK"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			t.Fatalf("ZOGGO_SOAK=%q: %v", v, err)
		}
	}
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cat, err := LoadCatalogue(nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Options{Store: st, Catalogue: cat, Rate: -1, Bots: 2, Logf: t.Logf})
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	l, halt := startLoad(ts.URL)
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(30 * time.Second) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		inUse := ms.HeapInuse
		runtime.GC()
		runtime.ReadMemStats(&ms)
		t.Logf("heap in use %d MB, live after a collection %d MB, from the system %d MB, games in memory %d, created %d",
			inUse>>20, ms.HeapAlloc>>20, ms.Sys>>20, len(srv.liveGames()), l.created.Load())
	}
	halt()
	runtime.GC()
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := pprof.WriteHeapProfile(f); err != nil {
		t.Fatal(err)
	}
}

// rss returns the resident memory of process pid in kB.
func rss(t *testing.T, pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("reading the server's memory: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	t.Fatal("no VmRSS in /proc/PID/status")
	return 0
}

// call makes a request and decodes a 2xx answer into v; it returns the status, 0 when
// the request did not go through. 5xx answers and transport errors count as failures;
// the callers count the 4xx answers they did not expect.
func (l *soakLoad) call(method, path, secret string, body, v any) int {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, l.url+path, rd)
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	l.requests.Add(1)
	resp, err := l.client.Do(req)
	if err != nil {
		l.fail(fmt.Sprintf("%s %s: %v", method, path, err))
		return 0
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		l.fail(fmt.Sprintf("%s %s: %v", method, path, err))
		return 0
	}
	if resp.StatusCode >= 500 {
		l.fail(fmt.Sprintf("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(b)))
	}
	if resp.StatusCode/100 == 2 && v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			l.fail(fmt.Sprintf("%s %s: %v", method, path, err))
			return 0
		}
	}
	return resp.StatusCode
}

func (l *soakLoad) fail(what string) {
	l.fails.Add(1)
	l.mu.Lock()
	if len(l.failed) < 5 {
		l.failed = append(l.failed, what)
	}
	l.mu.Unlock()
}

func (l *soakLoad) remember(c createJSON) {
	l.created.Add(1)
	l.mu.Lock()
	l.games = append(l.games, soakGame{c.ID, c.View})
	if len(l.games) > 200 {
		l.games = slices.Delete(l.games, 0, 100)
	}
	l.mu.Unlock()
}

// recent returns one of the latest games, if any.
func (l *soakLoad) recent(rng *rand.Rand) (soakGame, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.games) == 0 {
		return soakGame{}, false
	}
	return l.games[len(l.games)-1-rng.IntN(min(20, len(l.games)))], true
}

func stopped(stop chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// player plays games one after another: every other game against a random bot, the
// others both sides of a game between people.
func (l *soakLoad) player(stop chan struct{}, n int) {
	rng := rand.New(rand.NewPCG(uint64(n), 7))
	for g := 0; !stopped(stop); g++ {
		rules := soakRules[(n+g)%len(soakRules)]
		vsBot := g%2 == 0
		seats := []map[string]string{{"kind": "human"}, {"kind": "invite"}}
		if vsBot {
			seats[1] = map[string]string{"kind": "bot", "bot": "random"}
		}
		var c createJSON
		if code := l.call("POST", "/api/games", "", map[string]any{"rules": rules, "seats": seats}, &c); code != http.StatusCreated {
			l.fail(fmt.Sprintf("creating a game of %s: %d", rules, code))
			time.Sleep(time.Second)
			continue
		}
		l.remember(c)
		secrets := []string{c.Secret, c.Secret}
		if !vsBot && len(c.Invites) > 0 {
			secrets[1] = c.Invites[0].Secret
		}
		for ply := 0; ply < soakMaxPlies && !stopped(stop); {
			var st stateJSON
			if l.call("GET", "/api/games/"+c.ID, secrets[ply%2], nil, &st) != http.StatusOK || st.Over {
				break
			}
			if st.Thinking || len(st.Legal) == 0 || !slices.Contains(st.You, st.ToMove) {
				time.Sleep(20 * time.Millisecond) // the bot's turn
				ply = st.Ply
				continue
			}
			pick := st.Legal[rng.IntN(len(st.Legal))]
			begin := time.Now()
			code := l.call("POST", "/api/games/"+c.ID+"/moves", secrets[st.ToMove%2], map[string]any{"ply": st.Ply, "index": pick.Index}, nil)
			took := time.Since(begin)
			if code != http.StatusOK {
				if code != http.StatusConflict {
					l.fail(fmt.Sprintf("a move in game %s: %d", c.ID, code))
				}
				break
			}
			l.moves.Add(1)
			l.mu.Lock()
			l.lat = append(l.lat, took)
			l.mu.Unlock()
			ply = st.Ply + 1
			time.Sleep(soakPause)
		}
	}
}

// maker keeps soakBotGames games of two bots going (a search on a clock against a
// random player), looking every 5 seconds for those that ended to start new ones: the
// server plays them to their end.
func (l *soakLoad) maker(stop chan struct{}) {
	var going []soakGame
	for i := 0; !stopped(stop); {
		going = slices.DeleteFunc(going, func(g soakGame) bool {
			var st stateJSON
			code := l.call("GET", "/api/games/"+g.id, g.view, nil, &st)
			return code != http.StatusOK || st.Over
		})
		for ; len(going) < soakBotGames; i++ {
			var c createJSON
			code := l.call("POST", "/api/games", "", map[string]any{"rules": soakRules[i%2],
				"seats": []map[string]string{{"kind": "bot", "bot": "search:20ms"}, {"kind": "bot", "bot": "random"}}}, &c)
			if code != http.StatusCreated {
				l.fail(fmt.Sprintf("creating a game of bots: %d", code))
				break
			}
			l.remember(c)
			going = append(going, soakGame{c.ID, c.View})
		}
		select {
		case <-stop:
		case <-time.After(5 * time.Second):
		}
	}
}

// watcher holds an event stream of a recent game open for 15 seconds at a time.
func (l *soakLoad) watcher(stop chan struct{}) {
	rng := rand.New(rand.NewPCG(rand.Uint64(), 1))
	for !stopped(stop) {
		g, ok := l.recent(rng)
		if !ok {
			time.Sleep(time.Second)
			continue
		}
		req, _ := http.NewRequest("GET", l.url+"/api/games/"+g.id+"/events?t="+g.view, nil)
		l.requests.Add(1)
		resp, err := l.client.Do(req)
		if err != nil {
			l.fail("events: " + err.Error())
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode != http.StatusOK {
			if resp.StatusCode >= 500 {
				l.fail(fmt.Sprintf("events: %d", resp.StatusCode))
			}
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		done := time.AfterFunc(15*time.Second, func() { resp.Body.Close() })
		go func() { <-stop; resp.Body.Close() }()
		rd := bufio.NewReader(resp.Body)
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				break
			}
			if strings.HasPrefix(line, "data: ") {
				l.events.Add(1)
			}
		}
		done.Stop()
		resp.Body.Close()
	}
}

// reader reads recent games (their state and saved game) and the catalogue, ten
// requests a second; a game's read fails only with the server.
func (l *soakLoad) reader(stop chan struct{}) {
	rng := rand.New(rand.NewPCG(rand.Uint64(), 2))
	for i := 0; !stopped(stop); i++ {
		switch g, ok := l.recent(rng); {
		case i%20 == 0 || !ok:
			l.call("GET", "/api/catalogue", "", nil, nil)
		case i%5 == 0:
			l.call("GET", "/api/games/"+g.id+"/zsg", g.view, nil, nil)
		default:
			l.call("GET", "/api/games/"+g.id, g.view, nil, nil)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
