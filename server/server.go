// Package server is the game server of zoggo serve: the JSON API of docs/api.md, the
// event streams that tell pages when a game changes, the pages themselves (embedded from
// web/), and the bots and dice that play on the server.
//
// It owns the games in progress. Each game is kept in a store.Store (every turn is
// committed before a request is answered) and, while it is in use, as a match.Match in
// memory. A game found in the store but not in memory, or with more turns in the store
// than in memory (another server moved), is rebuilt by replaying its stored turns by
// index against the rules it was started under, checking the text of each. The rules
// come from the Catalogue, which is loaded once from the paths the server was given:
// requests name catalogue entries, and no path from a request reaches the file system.
//
// Concurrency: one mutex per game serialises every request for that game; bots think on
// a clone of the match in a pool of workers shared by all games, without holding the
// game's mutex, and their turn is committed like a person's, unless the game changed in
// the meantime. Error policy: every failed request answers {"error", "code"} with a 4xx
// or 5xx status and stores nothing; a bot's error ends its game with the error as the
// result. Nothing here panics on bad input.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zoggo/zoggo/store"
)

// Body limits of requests.
const (
	maxBody    = 1 << 20 // every JSON body
	maxZSGBody = 4 << 20 // a saved game to continue
)

// Options configure a Server.
type Options struct {
	Store     store.Store
	Catalogue *Catalogue
	// Bots is the number of threads bots think on at once, over all games: a bot's
	// search on N threads takes N of them. runtime.NumCPU() is the most; 0 means one
	// less (at least 1), which leaves a processor to people's requests. The bots of all
	// games take turns on them (bots.go).
	Bots int
	// BotTime is the longest a bot thinks on one turn (a search on a clock longer than
	// it is refused, and any bot is stopped at it, playing the best turn found); 0 means
	// 10 s. BotLevel is the highest level of a search or MCTS bot; 0 means 6.
	BotTime  time.Duration
	BotLevel int
	// AllowBotGames lets anybody start games without a person in them (which use the
	// bots' threads with nobody watching): off, such games are refused, and those in
	// the store are not resumed.
	AllowBotGames bool
	// CreateRate is the number of games each client address may start a minute, in
	// bursts of up to 20; 0 means 20, a negative rate no limit.
	CreateRate float64
	// MaxStreams bounds the event streams open at once, and MaxStreamsPerClient those
	// of one client address; 0 means 1000 and 16.
	MaxStreams, MaxStreamsPerClient int
	// Addr is the address the server listens on, and Hosts more names it answers for
	// in the Host header besides the localhost names (a name behind a proxy, the
	// machine's name). Addr's host is answered for too, or, when it is unspecified
	// (0.0.0.0), every address of the machine.
	Addr  string
	Hosts []string
	// Rate is the number of requests per second each client (remote IP) may make on
	// average, and Burst how many at once (4 seconds' worth when 0); Rate 0 means 50, a
	// negative Rate no limit.
	Rate  float64
	Burst int
	// Engines are the external engines a seat's bot may name as "engine:NAME", by
	// name: uci:COMMAND[:OPTION=VALUE...] or gtp:COMMAND (engines.NewEngine). Only the
	// operator sets them; no request can seat any other program. Each turn of such a
	// bot starts its engine and ends it.
	Engines map[string]string
	// Logf logs what the server does not answer with (bot errors, store failures); nil
	// means log.Printf.
	Logf func(format string, args ...any)
	// Lease is how long a game's lease lasts (lease.go): a server that dies leaves its
	// bot games to the others after about this long. 0 means 20 seconds.
	Lease time.Duration
	// Idle is how long a game nobody asks for is kept in memory (it is rebuilt from the
	// store when asked for again); 0 means 2 minutes.
	Idle time.Duration
	// Holder is the server's name in the leases of the store: a server started again
	// under the name it had takes back its leases at once instead of waiting for them to
	// expire. No two running servers may share a name (zoggo serve uses its host's name
	// and the port it listens on); "" means a random one.
	Holder string
}

// Server serves the games of one store. Create it with New and stop it with Close.
type Server struct {
	st   store.Store
	cat  *Catalogue
	logf func(string, ...any)
	mux  *http.ServeMux
	lim  *limiter

	hosts         *hosts
	createLim     *limiter
	allowBotGames bool
	engines       map[string]string
	bots          *botPool
	streams       streamCaps

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // running bot jobs
	// closeMu orders starting a bot after Close: closed is set under it.
	closeMu sync.Mutex
	closed  bool

	mu   sync.Mutex
	live map[string]*game // games in memory, by id

	holder    string        // this server's name in the leases of the store
	leaseTTL  time.Duration // how long a lease lasts
	idle      time.Duration // how long an unused game stays in memory
	heard     heard         // games changed by other servers (watch.go)
	botChosen atomic.Int64  // turns the bots of this server chose
	botStored atomic.Int64  // of those, the turns stored
	flags     flagTimers    // the timers of the games whose clock runs (clock.go)

	thumbMu sync.Mutex
	thumbs  map[string][]byte
	pics    pictures

	replayTime time.Duration // how long continuing a saved game may take (maxReplayTime)
}

// New returns a server of the games in o.Store under the rules of o.Catalogue.
func New(o Options) *Server {
	if o.Bots > runtime.NumCPU() {
		o.Bots = runtime.NumCPU()
	}
	if o.Bots <= 0 {
		o.Bots = max(1, runtime.NumCPU()-1)
	}
	if o.BotTime <= 0 {
		o.BotTime = 10 * time.Second
	}
	if o.BotLevel <= 0 {
		o.BotLevel = 6
	}
	if o.CreateRate == 0 {
		o.CreateRate = 20
	}
	if o.MaxStreams <= 0 {
		o.MaxStreams = 1000
	}
	if o.MaxStreamsPerClient <= 0 {
		o.MaxStreamsPerClient = 16
	}
	if o.Rate == 0 {
		o.Rate, o.Burst = 50, 200
	}
	if o.Burst <= 0 {
		o.Burst = max(1, int(4*o.Rate))
	}
	if o.Logf == nil {
		o.Logf = log.Printf
	}
	if o.Lease <= 0 {
		o.Lease = defaultLease
	}
	if o.Idle <= 0 {
		o.Idle = defaultIdle
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{st: o.Store, cat: o.Catalogue, logf: o.Logf, ctx: ctx, cancel: cancel,
		live: map[string]*game{}, thumbs: map[string][]byte{}, replayTime: maxReplayTime,
		hosts: newHosts(o.Addr, o.Hosts), allowBotGames: o.AllowBotGames, engines: o.Engines,
		bots:    newBotPool(o.Bots, o.BotTime, o.BotLevel),
		streams: streamCaps{max: o.MaxStreams, perClient: o.MaxStreamsPerClient, byClient: map[string]int{}},
		holder:  o.Holder, leaseTTL: o.Lease, idle: o.Idle}
	if s.holder == "" {
		s.holder = newID()
	}
	s.heard.ids, s.heard.wake, s.heard.ready = map[string]bool{}, make(chan struct{}, 1), make(chan struct{})
	if o.Rate > 0 {
		s.lim = newLimiter(o.Rate, o.Burst)
	}
	if o.CreateRate > 0 {
		s.createLim = newLimiter(o.CreateRate/60, 20)
	}
	s.routes()
	s.wg.Add(1)
	go s.keep()
	if w, ok := o.Store.(store.Watcher); ok {
		s.wg.Add(1)
		go s.watch(w)
	}
	return s
}

// maxResume bounds the stored games Resume looks at.
const maxResume = 10000

// Resume sets the bots and dice of the unfinished stored games playing again, as they were
// before the server stopped: a game whose seats are all bots goes on without anybody
// opening it, when the server allows such games. The clocks of unfinished games on time
// run again: a flag that fell while the server was down ends its game now, and the others
// have their timers (clock.go). It returns the number of games whose bots it resumed; a
// game that cannot be loaded is logged and left alone.
func (s *Server) Resume(ctx context.Context) (int, error) {
	recs, err := s.st.ListGames(ctx, maxResume)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, rec := range recs {
		if rec.Result != "" || rec.Clock == "" && !slices.ContainsFunc(rec.Seats, func(st store.Seat) bool { return st.Kind != "human" }) {
			continue
		}
		if !s.allowBotGames && !slices.ContainsFunc(rec.Seats, func(st store.Seat) bool { return st.Kind == "human" }) {
			continue
		}
		gm, err := s.game(ctx, rec.ID)
		if err != nil {
			s.logf("resuming game %s: %v", rec.ID, err)
			continue
		}
		if gm.think {
			n++
		}
		gm.mu.Unlock()
	}
	return n, nil
}

// ServeHTTP serves the API and the pages.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	setSafetyHeaders(w.Header())
	lw := &logWriter{ResponseWriter: w, logf: s.logf}
	if s.lim != nil && !s.lim.allow(clientIP(r)) {
		writeErr(lw, errf(http.StatusTooManyRequests, "rate_limited", "too many requests; slow down"))
		return
	}
	if err := s.guard(r); err != nil {
		writeErr(lw, err)
		return
	}
	s.mux.ServeHTTP(lw, r)
}

// HTTPServer returns an http.Server for s on addr with timeouts set: slow clients cannot
// hold a connection, and event streams lift the write timeout for themselves.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{Addr: addr, Handler: s, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second,
		MaxHeaderBytes: 64 << 10}
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /api/catalogue", s.handleCatalogue)
	m.HandleFunc("GET /api/thumbnail", s.handleThumbnail)
	m.HandleFunc("GET /api/bitmap/{hash}", s.handleBitmap)
	m.HandleFunc("POST /api/games", s.handleCreate)
	m.HandleFunc("GET /api/games/{id}", s.handleGet)
	m.HandleFunc("POST /api/games/{id}/moves", s.handleMove)
	m.HandleFunc("POST /api/games/{id}/undo", s.handleUndo)
	m.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	m.HandleFunc("POST /api/games/{id}/draw", s.handleDraw)
	m.HandleFunc("GET /api/games/{id}/zsg", s.handleZSG)
	m.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	m.HandleFunc("POST /api/games/{id}/restart", s.handleRestart) // reload.go
	m.HandleFunc("GET /api/games/{id}/setup", s.handleSetup)      // setup.go
	m.HandleFunc("POST /api/games/{id}/setup/check", s.handleSetupCheck)
	m.HandleFunc("POST /api/games/{id}/setup/perft", s.handleSetupPerft)
	m.HandleFunc("POST /api/games/{id}/setup/game", s.handleSetupGame)
	s.siteRoutes(m)
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if allow := allowed(m, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeErr(w, errf(http.StatusMethodNotAllowed, "method_not_allowed", "%s takes %s, not %s", r.URL.Path, strings.Join(allow, " or "), r.Method))
			return
		}
		writeErr(w, errf(http.StatusNotFound, "not_found", "no such API endpoint: %s %s", r.Method, r.URL.Path))
	})
	s.pages(m)
	s.mux = m
}

// apiError is an error answered with a status and a code.
type apiError struct {
	status int
	code   string
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func errf(status int, code, format string, args ...any) *apiError {
	return &apiError{status, code, fmt.Sprintf(format, args...)}
}

// writeErr answers err: an *apiError as it says, anything else as an internal error,
// whose text (which may name the database, its user and host) goes to the log only.
func writeErr(w http.ResponseWriter, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		ref := logInternal(w, err)
		ae = &apiError{http.StatusInternalServerError, "internal", "internal error; the server's log tells it as " + ref}
	}
	writeJSON(w, ae.status, map[string]string{"error": ae.msg, "code": ae.code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":"internal error: cannot encode the answer","code":"internal"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

// decode reads one JSON value of at most limit bytes into v, refusing unknown fields
// and anything after the value.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	return decodeFrom(http.MaxBytesReader(w, r.Body, limit), v)
}

// decodeFrom reads one JSON value from rd into v, refusing unknown fields and anything
// after the value.
func decodeFrom(rd io.Reader, v any) error {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return errf(http.StatusRequestEntityTooLarge, "bad_request", "request body larger than %d bytes", mbe.Limit)
	case err != nil:
		return errf(http.StatusBadRequest, "bad_request", "bad JSON body: %v", err)
	}
	return nil
}

// newSecret returns a random 128-bit secret, base64url.
func newSecret() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newID returns a random game id.
func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// hashSecret returns what the store keeps of a secret.
func hashSecret(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// sameHash compares two hashes in constant time.
func sameHash(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// bearer returns the secret a request carries, or "": in the Authorization header, or
// for the event stream (which browsers open without headers) in ?t=.
func bearer(r *http.Request) string {
	if h := r.Header.Get("Authorization"); len(h) > 7 && (h[:7] == "Bearer " || h[:7] == "bearer ") {
		return h[7:]
	}
	if r.Method == http.MethodGet && isEventStream(r.URL.Path) {
		return r.URL.Query().Get("t")
	}
	return ""
}

// clientIP returns the remote IP of a request, for rate limiting.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiter is a token bucket per client.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the clients a limiter remembers; past it, full buckets are dropped.
const maxBuckets = 10000

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), buckets: map[string]*bucket{}}
}

// allow reports whether client may make a request now, and takes a token if so.
func (l *limiter) allow(client string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	b, ok := l.buckets[client]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			for k, v := range l.buckets {
				if v.tokens+now.Sub(v.last).Seconds()*l.rate >= l.burst {
					delete(l.buckets, k)
				}
			}
			if len(l.buckets) >= maxBuckets {
				clear(l.buckets)
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
