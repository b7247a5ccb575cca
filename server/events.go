package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// heartbeat is how often an idle event stream gets a comment, to keep it open.
const heartbeat = 20 * time.Second

// maxListeners bounds the event streams of one game.
const maxListeners = 1000

// hub tells the event streams of one game that it changed.
type hub struct {
	mu   sync.Mutex
	subs map[chan struct{}]bool
}

// subscribe returns a channel that receives when the game changes, or nil when the game
// has too many listeners.
func (h *hub) subscribe() chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.subs) >= maxListeners {
		return nil
	}
	if h.subs == nil {
		h.subs = map[chan struct{}]bool{}
	}
	c := make(chan struct{}, 1)
	h.subs[c] = true
	return c
}

func (h *hub) unsubscribe(c chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs, c)
}

// notify wakes every listener; a listener already woken stays so once.
func (h *hub) notify() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// listeners returns the number of event streams open.
func (h *hub) listeners() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// streamCaps bound the event streams open at once, in all and per client address: each
// holds a connection, and so a file descriptor, for as long as the client likes.
type streamCaps struct {
	max, perClient int

	mu       sync.Mutex
	open     int
	byClient map[string]int
}

// take counts a stream of client, or returns the error to answer when there are too
// many.
func (c *streamCaps) take(client string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byClient[client] >= c.perClient {
		return errf(http.StatusTooManyRequests, "rate_limited", "too many event streams from your address (%d)", c.perClient)
	}
	if c.open >= c.max {
		return errf(http.StatusServiceUnavailable, "rate_limited", "too many event streams open on this server; try again later")
	}
	c.open++
	c.byClient[client]++
	return nil
}

// give uncounts a stream of client.
func (c *streamCaps) give(client string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.open--
	if c.byClient[client]--; c.byClient[client] <= 0 {
		delete(c.byClient, client)
	}
}

type eventJSON struct {
	Ply      int  `json:"ply"`
	Thinking bool `json:"thinking"`
	Over     bool `json:"over"`
	// Flag is the seat whose time ran out (the game is over on time), or -1.
	Flag int `json:"flag"`
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	gm.mu.Unlock()
	client := clientIP(r)
	if err := s.streams.take(client); err != nil {
		writeErr(w, err)
		return
	}
	defer s.streams.give(client)
	c := gm.hub.subscribe()
	if c == nil {
		writeErr(w, errf(http.StatusTooManyRequests, "rate_limited", "too many listeners of this game"))
		return
	}
	defer gm.hub.unsubscribe(c)
	rc := http.NewResponseController(w)
	// The stream outlives the server's read and write timeouts.
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	sentRules := ""
	send := func() error {
		gm.mu.Lock()
		ev := eventJSON{Flag: -1}
		if gm.loaded {
			ev = eventJSON{Ply: gm.ply(), Thinking: gm.thinking(), Over: gm.over(), Flag: gm.flag()}
		}
		news, watched := s.rulesNews(gm) // reload.go
		gm.mu.Unlock()
		b, _ := json.Marshal(ev)
		if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", b); err != nil {
			return err
		}
		if rb, _ := json.Marshal(news); watched && string(rb) != sentRules {
			sentRules = string(rb)
			if _, err := fmt.Fprintf(w, "event: rules\ndata: %s\n\n", rb); err != nil {
				return err
			}
		}
		return rc.Flush()
	}
	if send() != nil {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-c:
			if send() != nil {
				return
			}
		}
	}
}
