package server

import (
	"sync"

	"github.com/zoggo/zoggo/store"
)

// Events across servers: several servers on one PostgreSQL database hear of each other's
// changes through the store (store.Watcher, LISTEN/NOTIFY). A change heard of for a game
// that this server streams events of is read from the store, as a request would, and
// told to the game's streams. Games without a stream are not read: every request reads
// its game from the store anyway, and the bots of a game are played by the server that
// holds its lease. On SQLite, which is meant for one server, nothing is heard.

// maxHeardAtOnce bounds the games read at once for the changes heard of.
const maxHeardAtOnce = 4

// heard collects the games changed elsewhere and not yet read.
type heard struct {
	mu    sync.Mutex
	ids   map[string]bool
	all   bool          // any game may have changed
	wake  chan struct{} // a token when there is something to read
	ready chan struct{} // closed when the store first listens
	once  sync.Once
}

// watch listens to the store, if it tells of changes, until the server closes.
func (s *Server) watch(w store.Watcher) {
	defer s.wg.Done()
	s.wg.Add(1)
	go s.readHeard()
	w.Watch(s.ctx, func(id string) {
		h := &s.heard
		h.mu.Lock()
		if id == "" {
			h.all = true
		} else {
			h.ids[id] = true
		}
		h.mu.Unlock()
		select {
		case h.wake <- struct{}{}:
		default:
		}
		if id == "" {
			h.once.Do(func() { close(h.ready) })
		}
	})
}

// readHeard reads the games heard of, a few at once, and tells their streams.
func (s *Server) readHeard() {
	defer s.wg.Done()
	h := &s.heard
	sem := make(chan struct{}, maxHeardAtOnce)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-h.wake:
		}
		h.mu.Lock()
		ids, all := h.ids, h.all
		h.ids, h.all = map[string]bool{}, false
		h.mu.Unlock()
		var gms []*game
		s.mu.Lock()
		for id, gm := range s.live {
			if all || ids[id] {
				gms = append(gms, gm)
			}
		}
		s.mu.Unlock()
		for _, gm := range gms {
			if gm.hub.listeners() == 0 {
				continue
			}
			select {
			case sem <- struct{}{}:
			case <-s.ctx.Done():
				return
			}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				s.catchUp(gm)
			}()
		}
	}
}

// catchUp brings gm in step with the store after another server changed it, and tells
// its streams when that changed anything.
func (s *Server) catchUp(gm *game) {
	gm.mu.Lock()
	if !gm.loaded {
		gm.mu.Unlock()
		return
	}
	gen := gm.gen
	err := s.refresh(s.ctx, gm)
	if err == nil {
		err = s.settle(s.ctx, gm)
	}
	changed := gm.gen != gen
	gm.mu.Unlock()
	if err != nil && s.ctx.Err() == nil {
		s.logf("game %s, changed by another server: %v", gm.id, err)
	}
	if changed || err != nil {
		gm.hub.notify()
	}
}
