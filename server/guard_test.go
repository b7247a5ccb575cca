package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/store/memstore"
)

// raw makes a request with the headers given (a "Host" entry sets the Host) and returns
// the answer, its body read.
func (h *harness) raw(method, path string, headers map[string]string, body string) (*http.Response, []byte) {
	h.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, h.ts.URL+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	for k, v := range headers {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return resp, out
}

// errCode returns the code of an error body, or "" when it is not one.
func errCode(body []byte) string {
	var e struct{ Error, Code string }
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		return ""
	}
	return e.Code
}

const chessHotSeatJSON = `{"rules": "../games/chess.zrf", "seats": [{"kind": "human"}, {"kind": "invite"}]}`

// TestCrossSite checks that a page of another site cannot start games or move (the
// requests a page may send without asking: text/plain, or with its Origin), that the
// server answers only for its own host names, and that no page of it goes in a frame.
func TestCrossSite(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	port := h.ts.URL[strings.LastIndex(h.ts.URL, ":"):]
	json := "application/json"
	for _, c := range []struct {
		name    string
		headers map[string]string
		status  int
	}{
		{"text/plain from another site", map[string]string{"Content-Type": "text/plain", "Origin": "http://attacker.example"}, http.StatusForbidden},
		{"text/plain from no page", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"form from no page", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
		{"no type", map[string]string{}, http.StatusUnsupportedMediaType},
		{"JSON from another site", map[string]string{"Content-Type": json, "Origin": "http://attacker.example"}, http.StatusForbidden},
		{"JSON from another port", map[string]string{"Content-Type": json, "Origin": "http://127.0.0.1:1"}, http.StatusForbidden},
		{"JSON from a sandboxed page", map[string]string{"Content-Type": json, "Origin": "null"}, http.StatusForbidden},
		{"JSON cross-site by fetch metadata", map[string]string{"Content-Type": json, "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"foreign host", map[string]string{"Content-Type": json, "Host": "attacker.example" + port}, http.StatusMisdirectedRequest},
		{"foreign host and origin", map[string]string{"Content-Type": json, "Host": "attacker.example" + port, "Origin": "http://attacker.example" + port}, http.StatusMisdirectedRequest},
		{"own page", map[string]string{"Content-Type": "application/json; charset=utf-8", "Origin": h.ts.URL}, http.StatusCreated},
		{"own page by localhost", map[string]string{"Content-Type": json, "Host": "localhost" + port, "Origin": "http://localhost" + port}, http.StatusCreated},
		{"a program", map[string]string{"Content-Type": json}, http.StatusCreated},
	} {
		resp, body := h.raw("POST", "/api/games", c.headers, chessHotSeatJSON)
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, resp.StatusCode, c.status, body)
		}
		if c.status >= 400 && errCode(body) == "" {
			t.Errorf("%s: body %q is not an error", c.name, body)
		}
	}
	if n := len(h.logged()); n > 0 && strings.Contains(h.logged(), "internal error") {
		t.Errorf("logged an internal error: %s", h.logged())
	}

	// A foreign host cannot read either: a page of a name made to point here (DNS
	// rebinding) reads nothing, not even the lobby.
	for _, path := range []string{"/", "/api/catalogue"} {
		if resp, body := h.raw("GET", path, map[string]string{"Host": "attacker.example" + port}, ""); resp.StatusCode != http.StatusMisdirectedRequest {
			t.Errorf("GET %s for a foreign host: status %d: %.100s", path, resp.StatusCode, body)
		}
	}

	// No page or answer goes in a frame.
	for _, path := range []string{"/", "/g/abc", "/api/catalogue", "/api/nothing", "/static/style.css"} {
		resp, _ := h.raw("GET", path, nil, "")
		if xfo, csp := resp.Header.Get("X-Frame-Options"), resp.Header.Get("Content-Security-Policy"); xfo != "DENY" || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("GET %s: X-Frame-Options %q, Content-Security-Policy %q", path, xfo, csp)
		}
	}
}

// TestSecretInURL checks that ?t= is taken only by the event stream: anywhere else a
// secret in the URL (which ends up in logs and histories) is refused.
func TestSecretInURL(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(chessHotSeat)
	js := map[string]string{"Content-Type": "application/json"}
	if resp, body := h.raw("POST", "/api/games/"+c.ID+"/moves?t="+c.Secret, js, `{"ply": 0, "index": 0}`); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a move with ?t=: status %d: %s", resp.StatusCode, body)
	}
	if resp, body := h.raw("GET", "/api/games/"+c.ID+"?t="+c.Secret, nil, ""); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a GET of the game with ?t=: status %d: %s", resp.StatusCode, body)
	}
	if len(h.turns(c.ID)) != 0 {
		t.Fatalf("a turn was stored")
	}
	// The event stream takes it.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", h.ts.URL+"/api/games/"+c.ID+"/events?t="+c.View, nil)
	resp, err := h.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the event stream with ?t=: status %d", resp.StatusCode)
	}
}

// TestMethodNotAllowed checks that a method an endpoint does not take is a 405 naming the
// methods it takes, and that an endpoint that does not exist is a 404.
func TestMethodNotAllowed(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	for _, c := range []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/api/games/abc/moves", http.StatusMethodNotAllowed, "POST"},
		{"DELETE", "/api/games/abc", http.StatusMethodNotAllowed, "GET"},
		{"PUT", "/api/games", http.StatusMethodNotAllowed, "POST"},
		{"POST", "/api/catalogue", http.StatusMethodNotAllowed, "GET"},
		{"GET", "/api/nothing", http.StatusNotFound, ""},
	} {
		headers := map[string]string{"Content-Type": "application/json"}
		resp, body := h.raw(c.method, c.path, headers, "{}")
		if resp.StatusCode != c.status || resp.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: status %d, Allow %q; want %d, %q: %s", c.method, c.path, resp.StatusCode, resp.Header.Get("Allow"), c.status, c.allow, body)
		}
		if errCode(body) == "" {
			t.Errorf("%s %s: body %q is not an error", c.method, c.path, body)
		}
	}
}

// TestStreamCaps checks the bounds of the event streams: per client address, and in all.
func TestStreamCaps(t *testing.T) {
	open := func(h *harness, id, secret string) (*http.Response, context.CancelFunc) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", h.ts.URL+"/api/games/"+id+"/events?t="+secret, nil)
		resp, err := h.ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cancel(); resp.Body.Close() })
		if resp.StatusCode == http.StatusOK {
			// The first event says the stream is counted.
			if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
				t.Fatal(err)
			}
		}
		return resp, cancel
	}
	for _, c := range []struct {
		name             string
		total, perClient int
		refused          int
	}{
		{"per client", 100, 2, http.StatusTooManyRequests},
		{"in all", 2, 100, http.StatusServiceUnavailable},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, memstore.New(), Options{MaxStreams: c.total, MaxStreamsPerClient: c.perClient})
			g := h.create(chessHotSeat)
			_, first := open(h, g.ID, g.View)
			if resp, _ := open(h, g.ID, g.Secret); resp.StatusCode != http.StatusOK {
				t.Fatalf("second stream: status %d", resp.StatusCode)
			}
			resp, _ := open(h, g.ID, g.Invites[0].Secret)
			if resp.StatusCode != c.refused {
				t.Fatalf("third stream: status %d, want %d", resp.StatusCode, c.refused)
			}
			// A stream that ends makes room for another.
			first()
			for range 200 {
				if resp, _ = open(h, g.ID, g.View); resp.StatusCode == http.StatusOK {
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
			t.Fatalf("no room after a stream ended: status %d", resp.StatusCode)
		})
	}
}

// TestCreateRate checks that one client address starts a bounded number of games a
// minute.
func TestCreateRate(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{CreateRate: 1})
	made := 0
	for range 40 {
		code, body := h.do("POST", "/api/games", "", chessHotSeat)
		if code == http.StatusTooManyRequests {
			break
		}
		if code != http.StatusCreated {
			t.Fatalf("create: %d %s", code, body)
		}
		made++
	}
	if made == 0 || made > 21 {
		t.Fatalf("%d games started at once, want from 1 to the burst of 20 (and one more at most, a second later)", made)
	}
}

// TestHosts checks the Host names a server answers for: the localhost names and
// addresses, the address it listens on (any of the machine's for 0.0.0.0) and the names
// given, with or without a port, in any case.
func TestHosts(t *testing.T) {
	var machine string
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() {
				machine = n.IP.String()
				break
			}
		}
	}
	for _, c := range []struct {
		addr  string
		extra []string
		host  string
		ok    bool
	}{
		{"127.0.0.1:8080", nil, "127.0.0.1:8080", true},
		{"127.0.0.1:8080", nil, "localhost:8080", true},
		{"127.0.0.1:8080", nil, "LOCALHOST", true},
		{"127.0.0.1:8080", nil, "app.localhost:8080", true},
		{"127.0.0.1:8080", nil, "[::1]:8080", true},
		{"127.0.0.1:8080", nil, "attacker.example:8080", false},
		{"127.0.0.1:8080", nil, "localhost.attacker.example", false},
		{"127.0.0.1:8080", nil, "", false},
		{"192.0.2.1:80", []string{"games.example.org"}, "Games.Example.org:443", true},
		{"192.0.2.1:80", []string{"games.example.org"}, "192.0.2.1", true},
		{"192.0.2.1:80", []string{"games.example.org"}, "192.0.2.2", false},
		{"192.0.2.1:80", []string{"games.example.org:8080"}, "games.example.org", true},
		{"0.0.0.0:80", nil, "attacker.example", false},
		{"0.0.0.0:80", nil, "192.0.2.99", false},
		{"[::]:80", nil, "127.0.0.1", true},
	} {
		if got := newHosts(c.addr, c.extra).allows(c.host); got != c.ok {
			t.Errorf("listening on %s with %q: Host %q allowed %v, want %v", c.addr, c.extra, c.host, got, c.ok)
		}
	}
	if machine == "" {
		t.Log("no address of the machine but loopback: the unspecified address's case is not checked")
		return
	}
	if !newHosts("0.0.0.0:80", nil).allows(machine) || newHosts("127.0.0.1:80", nil).allows(machine) {
		t.Errorf("the machine's address %s: allowed when listening on 0.0.0.0 only", machine)
	}
}
