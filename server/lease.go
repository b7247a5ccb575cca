package server

import (
	"context"
	"time"
)

// Leases: the bots of a game are played by one server at a time, the holder of the
// game's lease in the store (store.Store.TakeLease). A server takes a game's lease when
// one of its bots is to move, renews all its leases every third of their time while its
// bots play, and releases a game's lease when no bot of it is to move any more (a person
// is to move, or the game is over) or when the server closes. A server that dies stops
// renewing: once its leases have expired, another server finds them (ExpiredLeases),
// takes them and plays on. Whoever plays, the store takes one turn per ply (AppendTurn),
// so a lease lost while a bot thinks costs at most a turn computed twice, never a turn
// stored twice.

// defaultLease is the time a lease lasts when Options.Lease is 0: a server that dies
// leaves its bot games unplayed for about this long (and a third more) before another
// server takes them over.
const defaultLease = 20 * time.Second

// defaultIdle is how long a game is kept in memory unused when Options.Idle is 0.
const defaultIdle = 2 * time.Minute

// maxTakeovers bounds the expired leases one round of the keeper takes over.
const maxTakeovers = 100

// takeLease takes the lease of gm for a bot of this server about to think; when another
// server holds it, the bot stands down and the game is left to that server until the
// lease would run out. gm.mu is not held.
func (s *Server) takeLease(gm *game) bool {
	held, err := s.st.TakeLease(s.ctx, gm.id, s.holder, s.leaseTTL)
	if err != nil && s.ctx.Err() == nil {
		s.logf("game %s: taking the lease: %v", gm.id, err)
	}
	gm.mu.Lock()
	if held {
		gm.holdLease()
		gm.mu.Unlock()
		return true
	}
	gm.think = false
	gm.elsewhere = time.Now().Add(s.leaseTTL)
	gm.mu.Unlock()
	gm.hub.notify()
	return false
}

// release gives up the lease of gm, whose bots have nothing to play; gm.mu is held. A
// lease that cannot be released expires, and whoever takes it over finds nothing to play.
func (s *Server) release(ctx context.Context, gm *game) {
	if !gm.lease {
		return
	}
	gm.lease = false
	if err := s.st.ReleaseLease(ctx, gm.id, s.holder); err != nil {
		s.logf("game %s: releasing the lease: %v", gm.id, err)
	}
}

// keep renews the server's leases, takes over the games whose lease has expired, and
// drops the games unused for s.idle from memory, every third of a lease, until the
// server closes.
func (s *Server) keep() {
	defer s.wg.Done()
	tick := time.NewTicker(s.leaseTTL / 3)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		s.renew()
		s.takeOver()
		s.evictIdle(time.Now().Add(-s.idle))
	}
}

// renew renews the leases of this server and forgets those another server took after
// they expired (the store was out of reach for longer than a lease).
func (s *Server) renew() {
	start := time.Now()
	ids, err := s.st.RenewLeases(s.ctx, s.holder, s.leaseTTL)
	if err != nil {
		if s.ctx.Err() == nil {
			s.logf("renewing the leases: %v", err)
		}
		return
	}
	held := make(map[string]bool, len(ids))
	for _, id := range ids {
		held[id] = true
		// A lease whose game has no bot of this server thinking and does not hold it in
		// memory (it was dropped from memory, or failed to load) is given up.
		s.mu.Lock()
		gm := s.live[id]
		unused := gm == nil
		if gm != nil && gm.mu.TryLock() {
			unused = !gm.think && !gm.lease
			gm.mu.Unlock()
		}
		s.mu.Unlock()
		if unused {
			if err := s.st.ReleaseLease(s.ctx, id, s.holder); err != nil && s.ctx.Err() == nil {
				s.logf("game %s: releasing the lease: %v", id, err)
			}
		}
	}
	for _, gm := range s.liveGames() {
		if held[gm.id] {
			continue
		}
		gm.mu.Lock()
		// A lease taken since the renewal began is held though not listed.
		if gm.lease && gm.leased.Before(start) {
			gm.lease = false
		}
		gm.mu.Unlock()
	}
}

// takeOver plays on the games whose lease has expired: their server died, or could not
// reach the store for longer than a lease.
func (s *Server) takeOver() {
	ids, err := s.st.ExpiredLeases(s.ctx, maxTakeovers)
	if err != nil {
		if s.ctx.Err() == nil {
			s.logf("looking for expired leases: %v", err)
		}
		return
	}
	for _, id := range ids {
		if s.ctx.Err() != nil {
			return
		}
		held, err := s.st.TakeLease(s.ctx, id, s.holder, s.leaseTTL)
		if err != nil || !held {
			continue // Another server took it first, or the store will say again.
		}
		s.mu.Lock()
		gm := s.live[id]
		s.mu.Unlock()
		if gm != nil {
			gm.mu.Lock()
			gm.holdLease()
			gm.mu.Unlock()
		}
		gm, err = s.game(s.ctx, id) // settles: the bot to move thinks
		if err != nil {
			s.logf("taking over game %s: %v", id, err)
			if err := s.st.ReleaseLease(s.ctx, id, s.holder); err != nil {
				s.logf("game %s: releasing the lease: %v", id, err)
			}
			continue
		}
		if !gm.think {
			gm.lease = true // No bot is to move after all: give the lease up.
			s.release(s.ctx, gm)
		}
		gm.mu.Unlock()
	}
}

// holdLease notes that this server holds the lease of gm; gm.mu is held.
func (gm *game) holdLease() {
	gm.lease, gm.leased, gm.elsewhere = true, time.Now(), time.Time{}
}

// liveGames returns the games in memory.
func (s *Server) liveGames() []*game {
	s.mu.Lock()
	defer s.mu.Unlock()
	gms := make([]*game, 0, len(s.live))
	for _, gm := range s.live {
		gms = append(gms, gm)
	}
	return gms
}

// thinking reports whether a bot of gm is thinking, here or on the server that holds the
// game's lease; gm.mu is held and gm loaded.
func (gm *game) thinking() bool {
	if gm.think {
		return true
	}
	if gm.over() || !time.Now().Before(gm.elsewhere) {
		return false
	}
	seat := int(gm.m.Mover())
	return seat >= 0 && seat < len(gm.agents) && gm.agents[seat] != nil
}
