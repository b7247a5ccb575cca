// Package memstore is a store.Store kept in memory, guarded by one mutex: for tests, and
// for a server run without a database. Everything it holds is lost when the process ends.
// It copies what goes in and what comes out, so callers never share its records.
package memstore

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/zoggo/zoggo/store"
)

// Store is an in-memory store.Store. The zero value is not ready: use New.
type Store struct {
	mu    sync.Mutex
	rules map[string][]byte
	games map[string]*record
	order []string // game ids in creation order
	lease map[string]lease
}

// lease is who holds the lease of a game, until when.
type lease struct {
	holder  string
	expires time.Time
}

type record struct {
	g     store.Game
	turns []store.Turn
}

// New returns an empty store.
func New() *Store {
	return &Store{rules: map[string][]byte{}, games: map[string]*record{}, lease: map[string]lease{}}
}

var _ store.Store = (*Store)(nil)

// PutRules stores content under hash.
func (s *Store) PutRules(_ context.Context, hash string, content []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.rules[hash]; !ok {
		s.rules[hash] = slices.Clone(content)
	}
	return nil
}

// Rules returns the bytes stored under hash.
func (s *Store) Rules(_ context.Context, hash string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.rules[hash]
	if !ok {
		return nil, fmt.Errorf("rules %q: %w", hash, store.ErrNotFound)
	}
	return slices.Clone(b), nil
}

func copyGame(g *store.Game) *store.Game {
	c := *g
	c.Seats = slices.Clone(g.Seats)
	return &c
}

// CreateGame stores a new game with its turns, or nothing.
func (s *Store) CreateGame(_ context.Context, g *store.Game, turns ...store.Turn) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.games[g.ID]; ok {
		return fmt.Errorf("game %q already exists", g.ID)
	}
	for i, t := range turns {
		if t.Ply != i {
			return fmt.Errorf("game %q: turn %d for ply %d: %w", g.ID, i, t.Ply, store.ErrConflict)
		}
	}
	var of *record
	if g.RematchOf != "" {
		var ok bool
		if of, ok = s.games[g.RematchOf]; !ok {
			return fmt.Errorf("game %q: %w", g.RematchOf, store.ErrNotFound)
		}
		if of.g.Rematch != "" {
			return fmt.Errorf("game %q has a rematch already: %w", g.RematchOf, store.ErrConflict)
		}
		of.g.Rematch, of.g.RematchOffer = g.ID, -1
	}
	g.DrawOffer, g.DrawOfferPly = -1, 0
	g.RematchOffer, g.Rematch = -1, ""
	s.games[g.ID] = &record{g: *copyGame(g), turns: slices.Clone(turns)}
	s.order = append(s.order, g.ID)
	return nil
}

// Game returns a game and its turns.
func (s *Store) Game(_ context.Context, id string) (*store.Game, []store.Turn, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		return nil, nil, fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	return copyGame(&r.g), slices.Clone(r.turns), nil
}

// ListGames returns the most recent games first.
func (s *Store) ListGames(_ context.Context, limit int) ([]*store.Game, error) {
	return s.list(limit, func(*store.Game) bool { return true }), nil
}

// ListLive returns the most recent public games going on first.
func (s *Store) ListLive(_ context.Context, limit int) ([]*store.Game, error) {
	return s.list(limit, func(g *store.Game) bool { return g.Public && g.Result == "" }), nil
}

// list returns the most recent games that keep says to keep, at most limit.
func (s *Store) list(limit int, keep func(*store.Game) bool) []*store.Game {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []*store.Game{}
	for i := len(s.order) - 1; i >= 0 && len(out) < limit; i-- {
		if g := &s.games[s.order[i]].g; keep(g) {
			out = append(out, copyGame(g))
		}
	}
	return out
}

// SetRematchOffer records a rematch offer, or its end with seat -1.
func (s *Store) SetRematchOffer(_ context.Context, id string, seat int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		return fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	r.g.RematchOffer = max(seat, -1)
	return nil
}

// AppendTurn stores turn t of game id when t.Ply is the next ply.
func (s *Store) AppendTurn(_ context.Context, id string, t store.Turn) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		return fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	if t.Ply != len(r.turns) {
		return fmt.Errorf("game %q ply %d (stored %d): %w", id, t.Ply, len(r.turns), store.ErrConflict)
	}
	t.Clocks = slices.Clone(t.Clocks)
	r.turns = append(r.turns, t)
	return nil
}

// TruncateTurns removes the turns from ply on.
func (s *Store) TruncateTurns(_ context.Context, id string, ply int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		return fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	if ply >= 0 && ply < len(r.turns) {
		r.turns = r.turns[:ply]
	}
	return nil
}

// SetResult records how the game ended.
func (s *Store) SetResult(_ context.Context, id string, result string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		return fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	r.g.Result = result
	return nil
}

// SetDrawOffer records a draw offer, or its end with seat -1.
func (s *Store) SetDrawOffer(_ context.Context, id string, seat, ply int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.games[id]
	if !ok {
		return fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	if seat < 0 {
		seat, ply = -1, 0
	}
	r.g.DrawOffer, r.g.DrawOfferPly = seat, ply
	return nil
}

// TakeLease makes holder the holder of game id's lease for ttl.
func (s *Store) TakeLease(_ context.Context, id, holder string, ttl time.Duration) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.games[id]; !ok {
		return false, fmt.Errorf("game %q: %w", id, store.ErrNotFound)
	}
	if holder == "" || ttl <= 0 {
		return false, fmt.Errorf("take lease of game %q: no holder or no time", id)
	}
	now := time.Now()
	if l, ok := s.lease[id]; ok && l.holder != holder && now.Before(l.expires) {
		return false, nil
	}
	s.lease[id] = lease{holder, now.Add(ttl)}
	return true, nil
}

// RenewLeases extends holder's leases to ttl from now.
func (s *Store) RenewLeases(_ context.Context, holder string, ttl time.Duration) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := []string{}
	for id, l := range s.lease {
		if l.holder == holder {
			s.lease[id] = lease{holder, time.Now().Add(ttl)}
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// ReleaseLease gives up holder's lease of game id, or all of them when id is "".
func (s *Store) ReleaseLease(_ context.Context, id, holder string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for gid, l := range s.lease {
		if (id == "" || gid == id) && l.holder == holder {
			delete(s.lease, gid)
		}
	}
	return nil
}

// ExpiredLeases returns the games whose lease has expired, the longest expired first.
func (s *Store) ExpiredLeases(_ context.Context, limit int) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	var ids []string
	for id, l := range s.lease {
		if !now.Before(l.expires) {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int { return s.lease[a].expires.Compare(s.lease[b].expires) })
	return ids[:min(len(ids), max(limit, 0))], nil
}

// Close does nothing.
func (s *Store) Close() error { return nil }

// Count returns the number of games and of rules files stored, for tests that check
// that a failed request stored nothing.
func (s *Store) Count() (games, rules int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games), len(s.rules)
}
