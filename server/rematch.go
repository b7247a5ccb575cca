package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/zoggo/zoggo/store"
)

// What makes people come back: a rematch after the end, a new game from any position of
// an old one ("play from here"), the text record of a game, public games to watch
// (live.go) and the summaries of "your games" (live.go). The routes are here, so that
// server.go names them in one line.

func (s *Server) siteRoutes(m *http.ServeMux) {
	m.HandleFunc("POST /api/games/{id}/rematch", s.handleRematch)
	m.HandleFunc("POST /api/games/{id}/branch", s.handleBranch)
	m.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	m.HandleFunc("GET /api/games/{id}/thumbnail", s.handleGameThumbnail)
	live := &liveCache{}
	m.HandleFunc("GET /api/live", func(w http.ResponseWriter, r *http.Request) { s.handleLive(w, r, live) })
	m.HandleFunc("POST /api/mine", s.handleMine)
}

// siteJSON is what GET /api/games/{id} says of the game's place among others: whether
// it is public, the rematch offered or made, the game it is a rematch of.
type siteJSON struct {
	Public       bool   `json:"public"`
	RematchOffer int    `json:"rematchOffer"`
	Rematch      string `json:"rematch"`
	RematchOf    string `json:"rematchOf"`
}

func (gm *game) site() siteJSON {
	offer := gm.rec.RematchOffer
	if gm.rec.Rematch != "" || !gm.over() {
		offer = -1
	}
	return siteJSON{Public: gm.rec.Public, RematchOffer: offer, Rematch: gm.rec.Rematch, RematchOf: gm.rec.RematchOf}
}

// syncSite takes the rematch from the stored record (another server, or another request
// of this one, may have changed it), counting a change as a change of the game.
func (gm *game) syncSite(rec *store.Game) {
	if rec.RematchOffer != gm.rec.RematchOffer || rec.Rematch != gm.rec.Rematch {
		gm.rec.RematchOffer, gm.rec.Rematch = rec.RematchOffer, rec.Rematch
		gm.gen++
	}
}

type rematchReq struct {
	Action string `json:"action"`
}

// handleRematch offers, accepts or declines a rematch of a game that is over. A game
// whose other seats are all bots or dice (or played by the bearer too) has nobody to ask:
// the offer makes the rematch at once.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	var req rematchReq
	s.act(w, r, maxBody, &req, func(ctx context.Context, gm *game, you []int) error {
		if !gm.over() {
			return errf(http.StatusConflict, "conflict", "the game is not over: a rematch is offered at the end")
		}
		if gm.rec.Rematch != "" {
			return errf(http.StatusConflict, "conflict", "the rematch of this game is game %s", gm.rec.Rematch)
		}
		offer := gm.rec.RematchOffer
		switch req.Action {
		case "offer":
			if offer >= 0 {
				return errf(http.StatusConflict, "conflict", "%s has offered a rematch already", gm.g.Players[offer].Name)
			}
			alone := true
			for i, st := range gm.rec.Seats {
				if st.Kind == "human" && !slices.Contains(you, i) {
					alone = false
				}
			}
			if alone {
				return s.rematch(ctx, r, gm)
			}
			if err := s.st.SetRematchOffer(ctx, gm.id, you[0]); err != nil {
				return err
			}
			gm.rec.RematchOffer = you[0]
		case "accept", "decline":
			if offer < 0 {
				return errf(http.StatusConflict, "conflict", "no rematch is offered")
			}
			if slices.Contains(you, offer) {
				return errf(http.StatusForbidden, "forbidden", "only another player may %s the rematch", req.Action)
			}
			if req.Action == "accept" {
				return s.rematch(ctx, r, gm)
			}
			if err := s.st.SetRematchOffer(ctx, gm.id, -1); err != nil {
				return err
			}
			gm.rec.RematchOffer = -1
		default:
			return errf(http.StatusBadRequest, "bad_request", "unknown action %q (offer, accept or decline)", req.Action)
		}
		gm.gen++
		return nil
	})
}

// swapSeats returns the seats of a rematch: each seat that is not dice moves on to the
// next player that is not dice (with two players, they swap), taking its person (the
// hash of their secret) or its bot along; dice stay with their players.
func swapSeats(seats []store.Seat) []store.Seat {
	out := slices.Clone(seats)
	var at []int
	for i, st := range seats {
		if st.Kind != "random" {
			at = append(at, i)
		}
	}
	for k, i := range at {
		out[at[(k+1)%len(at)]] = seats[i]
	}
	return out
}

// rematch makes the rematch of gm, a game that is over, whose mutex is held: a copy of
// its record (the same rules, variant, bots, spectators' secret and whatever else it was
// created with) with the seats swapped and the same secrets, so that every link to gm
// leads its bearer to their seat in the rematch. The store links the two games in the
// transaction that creates the new one.
func (s *Server) rematch(ctx context.Context, r *http.Request, gm *game) error {
	if err := s.mayStart(r); err != nil {
		return err
	}
	// The copy takes along every parameter the game was created with; what the game
	// changed as it went (its result, offers, rematch) starts afresh.
	rec := *gm.rec
	rec.ID, rec.Seats, rec.Created, rec.Result = newID(), swapSeats(gm.rec.Seats), time.Now().UTC(), ""
	rec.DrawOffer, rec.DrawOfferPly, rec.RematchOffer, rec.Rematch, rec.RematchOf = -1, 0, -1, "", gm.id
	nm := &game{id: rec.ID, offer: -1, pics: &s.pics, used: time.Now()}
	if err := s.load(ctx, nm, &rec); err != nil {
		if re := (*rulesError)(nil); errors.As(err, &re) {
			return errf(http.StatusUnprocessableEntity, "rules", "the rules fail at the start: %s", errText(re.err))
		}
		return err
	}
	if err := s.st.CreateGame(ctx, &rec); errors.Is(err, store.ErrConflict) {
		return errf(http.StatusConflict, "conflict", "the game has its rematch already")
	} else if err != nil {
		return err
	}
	gm.rec.Rematch, gm.rec.RematchOffer = rec.ID, -1
	gm.gen++
	s.start(ctx, nm)
	return nil
}

// start puts a new game, stored, among the games in memory and sets its bots playing.
func (s *Server) start(ctx context.Context, nm *game) {
	s.mu.Lock()
	if len(s.live) >= maxLive {
		s.evict()
	}
	s.live[nm.id] = nm
	nm.mu.Lock()
	s.mu.Unlock()
	defer nm.mu.Unlock()
	if err := s.settle(ctx, nm); err != nil {
		// The game is stored: what failed here is found again when it is next opened.
		s.logf("game %s: %v", nm.id, err)
	}
}

type branchReq struct {
	Ply    *int      `json:"ply"`
	Seats  []seatReq `json:"seats"`
	Public bool      `json:"public"`
}

// handleBranch starts a new game from the position after the first ply turns of a game
// ("play from here"): a game of the same rules whose history is those turns, stored with
// them as a saved game continued is, with the seats the request gives. Anybody who may
// read the game may do it; it counts as a new game of the client's.
func (s *Server) handleBranch(w http.ResponseWriter, r *http.Request) {
	var req branchReq
	if err := decode(w, r, maxBody, &req); err != nil {
		writeErr(w, err)
		return
	}
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	if req.Ply == nil || *req.Ply < 0 || *req.Ply > gm.ply() {
		ply := gm.ply()
		gm.mu.Unlock()
		writeErr(w, errf(http.StatusBadRequest, "bad_request", "ply must be a number from 0 to %d", ply))
		return
	}
	_, turns, err := s.st.Game(r.Context(), gm.id)
	cr := createReq{Rules: gm.rec.RulesName, Variant: gm.rec.Variant, Seats: req.Seats, Public: req.Public}
	hash := gm.rec.RulesHash
	gm.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	if len(turns) < *req.Ply {
		writeErr(w, errf(http.StatusConflict, "conflict", "the game has %d turns stored, not %d", len(turns), *req.Ply))
		return
	}
	if e, err := s.cat.lookup(cr.Rules); err != nil || e.hash != hash {
		writeErr(w, errf(http.StatusConflict, "conflict", "the rules of this game are no longer the catalogue's: a new game cannot start from its positions"))
		return
	}
	cr.from = turns[:*req.Ply]
	if cr.from == nil {
		cr.from = []store.Turn{}
	}
	if err := s.mayCreate(r, &cr); err != nil {
		writeErr(w, err)
		return
	}
	out, err := s.create(r.Context(), &cr)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// replayFrom plays the stored turns of another game on gm, a new game in memory, and
// returns them as the new game's turns.
func (s *Server) replayFrom(ctx context.Context, gm *game, from []store.Turn) ([]store.Turn, error) {
	if err := s.replay(ctx, gm, from); err != nil || gm.ply() != len(from) {
		return nil, errf(http.StatusUnprocessableEntity, "rules", "the turns of the game do not replay under its rules")
	}
	turns := make([]store.Turn, len(from))
	now := time.Now().UTC()
	for i, t := range from {
		turns[i] = store.Turn{Ply: i, Index: t.Index, Text: t.Text, At: now}
	}
	return turns, nil
}

// handleRecord answers the game as a text record for people: its title, players and
// result, and the turns in the short notation, numbered as the game numbers its moves.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	text := gm.record()
	gm.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", gm.id+".txt"))
	w.Write([]byte(text))
}

// record writes the text record of gm; gm.mu is held.
func (gm *game) record() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n", gm.g.Title, gm.rec.RulesName)
	fmt.Fprintf(&b, "Started %s\n", gm.rec.Created.Format("2006-01-02 15:04 UTC"))
	for i, p := range gm.g.Players {
		who := "a person"
		if i < len(gm.rec.Seats) {
			switch st := gm.rec.Seats[i]; st.Kind {
			case "bot":
				who = "bot " + st.Bot
			case "random":
				who = "dice"
			}
		}
		fmt.Fprintf(&b, "%s: %s\n", p.Name, who)
	}
	if o := gm.outcome(); o != "" {
		fmt.Fprintf(&b, "Result: %s\n", o)
	} else {
		b.WriteString("Result: the game goes on\n")
	}
	b.WriteString("\n")
	line, num := "", -1
	for i, p := range gm.m.History() {
		text := ""
		if i < len(gm.played) {
			text = gm.played[i].short
		}
		if text == "" {
			text = "?"
		}
		if p.Num != num {
			if line != "" {
				b.WriteString(line + "\n")
			}
			num, line = p.Num, fmt.Sprintf("%d.", p.Num)
		}
		line += " " + text
	}
	if line != "" {
		b.WriteString(line + "\n")
	}
	return b.String()
}
