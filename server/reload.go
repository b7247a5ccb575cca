package server

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/zrf"
)

// Live reload (zoggo serve --watch): the rules files watched are polled, and a file
// whose content changed is loaded again, once per change, into a new version of its
// catalogue entry. The catalogue's entries and maps are never changed: the versions
// live in a watched set beside them, which lookup, hashed and the lobby consult.
//
// A game keeps the rules it was started under (games are stored with the hash of their
// rules, and the store holds every rules file a game was started under). A game page
// whose rules have a newer version hears of it through its event stream (the "rules"
// event): the new version's errors, positioned as in the terminal, or the offer to
// restart. A restart (POST /api/games/{id}/restart) creates a new game under the new
// version with the same seats and secrets, so that every link of the old game opens the
// new one with its id changed, and replays the old game's turns while they stay legal.
// The old game keeps every turn played: it is ended with a result that names the new
// game (unless it was over already), and its pages are told to follow. Replacing the
// rules of the stored game instead would drop the turns the new rules refuse.

// Bounds of the watching.
const (
	pollEvery      = 250 * time.Millisecond // how often a watched file is looked at
	settleFor      = 150 * time.Millisecond // how long a change must hold still before it is loaded
	maxWatched     = 256                    // files watched by one server
	maxOldVersions = 8                      // older versions kept by hash per file
	maxRestarted   = 10000                  // restarts remembered for the old games' pages
	maxRuleErrors  = 10                     // errors of a version shown to a page
)

// watched holds the versions of the watched rules files.
type watched struct {
	mu        sync.Mutex
	cur       map[string]*entry   // the newest version, by catalogue name
	old       map[string][]*entry // older versions, oldest first, by catalogue name
	byHash    map[string]*entry   // every version kept, by hash
	version   map[string]int      // the number of reloads, by catalogue name
	restarted map[string]string   // the game a game was restarted as, by id
}

func newWatched() *watched {
	return &watched{cur: map[string]*entry{}, old: map[string][]*entry{}, byHash: map[string]*entry{},
		version: map[string]int{}, restarted: map[string]string{}}
}

// current returns the newest version of e.
func (c *Catalogue) current(e *entry) *entry {
	w := c.live
	w.mu.Lock()
	defer w.mu.Unlock()
	if n, ok := w.cur[e.name]; ok {
		return n
	}
	return e
}

// hashed returns the version of the rules of the given hash, when the catalogue has it.
func (c *Catalogue) hashed(hash string) (*entry, bool) {
	if e, ok := c.byHash[hash]; ok {
		return e, true
	}
	w := c.live
	w.mu.Lock()
	defer w.mu.Unlock()
	e, ok := w.byHash[hash]
	return e, ok
}

// watching returns the newest version of a watched catalogue name and its number of
// reloads, or nil.
func (c *Catalogue) watching(name string) (*entry, int) {
	w := c.live
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cur[name], w.version[name]
}

// replace makes ne the newest version of its name and returns its number of reloads.
func (c *Catalogue) replace(ne *entry) int {
	w := c.live
	w.mu.Lock()
	defer w.mu.Unlock()
	prev := w.cur[ne.name]
	if prev != nil && prev.f != nil {
		w.old[ne.name] = append(w.old[ne.name], prev)
		if old := w.old[ne.name]; len(old) > maxOldVersions {
			// Games of a version dropped are rebuilt from the rules in the store.
			if w.byHash[old[0].hash] == old[0] {
				delete(w.byHash, old[0].hash)
			}
			w.old[ne.name] = old[1:]
		}
	}
	w.cur[ne.name] = ne
	if ne.f != nil {
		w.byHash[ne.hash] = ne
	}
	w.version[ne.name]++
	return w.version[ne.name]
}

// Watch polls the rules files of the catalogue named name, or under the folder named
// name, and loads a file again when its content changes; the open pages of its games
// are told. It returns the number of files watched; an error when none or too many.
func (s *Server) Watch(name string) (int, error) {
	name = path.Clean(name)
	var es []*entry
	for _, e := range s.cat.entries {
		if n := path.Clean(e.name); n == name || strings.HasPrefix(n, name+"/") || name == "." {
			es = append(es, e)
		}
	}
	switch {
	case len(es) == 0:
		return 0, fmt.Errorf("--watch %q: no rules file of the catalogue is or lies under it", name)
	case len(es) > maxWatched:
		return 0, fmt.Errorf("--watch %q: %d rules files; at most %d are watched", name, len(es), maxWatched)
	}
	w := s.cat.live
	w.mu.Lock()
	for _, e := range es {
		if _, ok := w.cur[e.name]; !ok {
			w.cur[e.name] = e
			if e.f != nil {
				w.byHash[e.hash] = e
			}
		}
	}
	w.mu.Unlock()
	for _, e := range es {
		s.wg.Add(1)
		go s.poll(e)
	}
	return len(es), nil
}

// stamp is what a poll compares of a file.
type stamp struct {
	mod  time.Time
	size int64
	ok   bool
}

func stampOf(fsys fs.FS, file string) stamp {
	st, err := fs.Stat(fsys, file)
	if err != nil {
		return stamp{}
	}
	return stamp{st.ModTime(), st.Size(), true}
}

// poll watches one file until the server closes: a change of its time or size that
// holds still for settleFor is read, and loaded when its hash differs from the newest
// version's. An editor that writes a file in several steps is loaded once.
func (s *Server) poll(e *entry) {
	defer s.wg.Done()
	last := stampOf(e.fsys, e.file)
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
		now := stampOf(e.fsys, e.file)
		if now == last || !now.ok {
			continue
		}
		// Wait for the writing to end: the stamp must stay the same for settleFor.
		for {
			select {
			case <-s.ctx.Done():
				return
			case <-time.After(settleFor):
			}
			again := stampOf(e.fsys, e.file)
			if again == now {
				break
			}
			now = again
		}
		last = now
		s.reload(e)
	}
}

// reload loads the file of e again when its content changed, and tells the open pages
// of its games.
func (s *Server) reload(e *entry) {
	src, err := fs.ReadFile(e.fsys, e.file)
	if err != nil {
		s.logf("watching %s: %v", e.name, err)
		return
	}
	if cur, _ := s.cat.watching(e.name); cur != nil && cur.hash == hashBytes(src) {
		return
	}
	ne := loadEntry(source{name: e.name, fsys: e.fsys, file: e.file, disk: e.disk})
	v := s.cat.replace(ne)
	if ne.f == nil {
		s.logf("reloaded %s (version %d): it does not load: %s", e.name, v, ne.err)
	} else {
		s.logf("reloaded %s (version %d)", e.name, v)
	}
	s.mu.Lock()
	gms := make([]*game, 0, len(s.live))
	for _, gm := range s.live {
		gms = append(gms, gm)
	}
	s.mu.Unlock()
	for _, gm := range gms {
		if gm.hub.listeners() == 0 {
			continue
		}
		gm.mu.Lock()
		ours := gm.loaded && gm.rec.RulesName == e.name
		gm.mu.Unlock()
		if ours {
			gm.hub.notify()
		}
	}
}

// rulesJSON is the "rules" event of a game whose rules are watched: what the newest
// version of its rules file says of it.
type rulesJSON struct {
	Rules   string `json:"rules"`   // the catalogue name of the rules file
	Version int    `json:"version"` // the number of times it was loaded again
	// Current is whether the game runs under the newest version.
	Current bool `json:"current"`
	// Errors are the newest version's errors for this game, each as the terminal shows
	// it: FILE:LINE:COL: message, the offending line and a caret under the place.
	Errors []string `json:"errors,omitempty"`
	// Restart is whether the game may be restarted under the newest version.
	Restart bool `json:"restart"`
	// Restarted is the id of the game this game was restarted as.
	Restarted string `json:"restarted,omitempty"`
}

// rulesNews returns what the newest version of gm's rules says of gm, and false when its
// rules are not watched; gm.mu is held.
func (s *Server) rulesNews(gm *game) (rulesJSON, bool) {
	if !gm.loaded {
		return rulesJSON{}, false
	}
	w := s.cat.live
	w.mu.Lock()
	next := w.restarted[gm.id]
	w.mu.Unlock()
	ne, v := s.cat.watching(gm.rec.RulesName)
	if ne == nil {
		return rulesJSON{}, false
	}
	out := rulesJSON{Rules: ne.name, Version: v, Current: ne.hash == gm.rec.RulesHash, Restarted: next}
	if out.Current {
		return out, true
	}
	out.Errors = errorsFor(ne, gm.rec.Variant)
	out.Restart = len(out.Errors) == 0 && next == ""
	return out, true
}

// errorsFor returns the errors of version e of a rules file for its game of the given
// title: the file's, or that variant's.
func errorsFor(e *entry, title string) []string {
	if e.f == nil {
		if len(e.errs) > 0 {
			return e.errs
		}
		return []string{e.err}
	}
	for i, v := range e.f.Variants {
		if v.Title == title {
			if e.verrs[i] != "" {
				return []string{e.verrs[i]}
			}
			return nil
		}
	}
	return []string{fmt.Sprintf("%s: the new rules have no game %q", e.file, title)}
}

// errDetails returns the errors of a failed load as the terminal shows them, at most
// maxRuleErrors.
func errDetails(err error) []string {
	var out []string
	for _, e := range zrf.AsList(err) {
		if len(out) == maxRuleErrors {
			break
		}
		out = append(out, e.Detail())
	}
	return out
}

type restartReq struct {
	// Replay is whether the turns played are replayed under the new rules while they
	// stay legal; otherwise the new game starts from the start.
	Replay bool `json:"replay"`
}

type restartJSON struct {
	ID       string `json:"id"`       // the new game
	Replayed int    `json:"replayed"` // the turns replayed
	Turns    int    `json:"turns"`    // the turns the old game had
	Stopped  string `json:"stopped,omitempty"`
}

// handleRestart restarts a game under the newest version of its rules.
func (s *Server) handleRestart(w http.ResponseWriter, r *http.Request) {
	var req restartReq
	if err := decode(w, r, maxBody, &req); err != nil {
		writeErr(w, err)
		return
	}
	if err := s.mayStart(r); err != nil {
		writeErr(w, err)
		return
	}
	gm, you, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	out, err := s.restart(r.Context(), gm, you, req.Replay)
	gm.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	gm.hub.notify()
	writeJSON(w, http.StatusCreated, out)
}

// restart creates the game that restarts gm under the newest version of its rules;
// gm.mu is held.
func (s *Server) restart(ctx context.Context, gm *game, you []int, replay bool) (*restartJSON, error) {
	if len(you) == 0 {
		return nil, errf(http.StatusForbidden, "forbidden", "this secret may only watch the game")
	}
	news, ok := s.rulesNews(gm)
	switch {
	case !ok:
		return nil, errf(http.StatusConflict, "not_watched", "the rules of this game are not watched (zoggo serve --watch)")
	case news.Restarted != "":
		return nil, errf(http.StatusConflict, "restarted", "this game was restarted as game %q", news.Restarted)
	case news.Current:
		return nil, errf(http.StatusConflict, "current", "this game runs under the newest version of its rules")
	case len(news.Errors) > 0:
		return nil, errf(http.StatusUnprocessableEntity, "rules", "the new rules fail: %s", news.Errors[0])
	}
	ne, _ := s.cat.watching(gm.rec.RulesName)
	rec := &store.Game{ID: newID(), RulesHash: ne.hash, RulesName: ne.name, Variant: gm.rec.Variant,
		Seats: append([]store.Seat(nil), gm.rec.Seats...), ViewToken: gm.rec.ViewToken, Created: time.Now().UTC(),
		Start: gm.rec.Start}
	out := &restartJSON{Turns: gm.ply()}
	ng, err := s.createLike(ctx, rec, ne, func(ng *game) []store.Turn {
		if !replay {
			return nil
		}
		turns, stopped := s.replayOnto(ctx, ng, gm.played)
		out.Replayed, out.Stopped = len(turns), stopped
		return turns
	})
	if err != nil {
		return nil, err
	}
	out.ID = rec.ID
	w := s.cat.live
	w.mu.Lock()
	if len(w.restarted) >= maxRestarted {
		clear(w.restarted) // the old games' results still name the new ones
	}
	w.restarted[gm.id] = rec.ID
	w.mu.Unlock()
	if !gm.over() {
		if err := s.end(ctx, gm, fmt.Sprintf("Restarted under new rules as game %s", rec.ID)); err != nil {
			s.logf("game %s: %v", gm.id, err)
		}
	} else {
		gm.gen++
	}
	s.goLive(ctx, ng)
	return out, nil
}

// createLike builds the game rec under the rules of e in memory, plays the turns that
// play returns, and stores it with them; the game is not live yet (goLive).
func (s *Server) createLike(ctx context.Context, rec *store.Game, e *entry, play func(*game) []store.Turn) (*game, error) {
	ng := &game{id: rec.ID, offer: -1, pics: &s.pics, used: time.Now()}
	if err := s.load(ctx, ng, rec); err != nil {
		if re := (*rulesError)(nil); errors.As(err, &re) {
			return nil, errf(http.StatusUnprocessableEntity, "rules", "the rules fail at the start: %s", errText(re.err))
		}
		return nil, err
	}
	turns := play(ng)
	if err := s.st.PutRules(ctx, e.hash, e.src); err != nil {
		return nil, err
	}
	if err := s.st.CreateGame(ctx, rec, turns...); err != nil {
		return nil, err
	}
	return ng, nil
}

// goLive puts a game just stored among the games in memory and lets its bots play.
func (s *Server) goLive(ctx context.Context, ng *game) {
	s.mu.Lock()
	if len(s.live) >= maxLive {
		s.evict()
	}
	s.live[ng.id] = ng
	ng.mu.Lock()
	s.mu.Unlock()
	if err := s.settle(ctx, ng); err != nil {
		s.logf("game %s: %v", ng.id, err)
	}
	ng.mu.Unlock()
}

// replayOnto plays the turns of another game on ng, a new game in memory, while each is
// legal there (the same ZSG text) and within the time a saved game may take; it returns
// the turns played as the store keeps them, and where and why it stopped ("" when all
// were played).
func (s *Server) replayOnto(ctx context.Context, ng *game, played []playedText) ([]store.Turn, string) {
	deadline := time.Now().Add(s.replayTime)
	var turns []store.Turn
	for k, p := range played {
		if ctx.Err() != nil || time.Now().After(deadline) {
			return turns, fmt.Sprintf("turn %d: the replay took too long", k+1)
		}
		if ng.m.Over() {
			return turns, fmt.Sprintf("turn %d: the game is over under the new rules", k+1)
		}
		legal := ng.m.Legal()
		i := -1
		for j := range legal {
			if zsgText(ng.g, ng.m.State(), &legal[j]) == p.zsg {
				i = j
				break
			}
		}
		if i < 0 {
			return turns, fmt.Sprintf("turn %d (%s) is not legal under the new rules", k+1, p.short)
		}
		if err := ng.play(i); err != nil { // the match stays as it was
			return turns, fmt.Sprintf("turn %d (%s): %s", k+1, p.short, errText(err))
		}
		turns = append(turns, store.Turn{Ply: k, Index: i, Text: p.zsg, At: time.Now().UTC()})
	}
	return turns, ""
}
