package server

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/render"
	"github.com/zoggo/zoggo/store"
)

// The position editor of the game page (web/editor.js), for authors and analysis: a
// position of a game is written as the rules write their start, a (board-setup ...)
// form, and the player to move. The server reads such a position against the game's
// rules (eval.Game.SetupState, with the rules' own code for board-setup), draws it, and
// counts its move tree (perft) within bounds. Anybody who may read the game may do so:
// nothing is stored.

// Bounds of the position editor.
const (
	maxSetupBody    = 256 << 10 // a request's JSON, setup text included
	maxPerftDepth   = 6
	maxPerftLeaves  = 2_000_000 // a depth is counted only when about this many leaves or fewer are expected
	maxPerftRunning = 1         // perfts counting at once on the server
)

// perftSlots bounds the perfts counting at once.
var perftSlots = make(chan struct{}, maxPerftRunning)

// setupJSON is a position as the editor edits it.
type setupJSON struct {
	Setup   string    `json:"setup"`  // the (board-setup ...) form
	ToMove  string    `json:"toMove"` // the player to move, by name
	Players []string  `json:"players"`
	Pieces  []string  `json:"pieces"`
	Board   boardJSON `json:"board"`
	// Cells lists the pieces on the board: position, player and piece, by name.
	Cells [][3]string `json:"cells"`
	// Stock lists the pieces off the board: player, piece and count (a stock the rules
	// leave unlimited is not listed).
	Stock []setupStockJSON `json:"stock"`
}

type setupStockJSON struct {
	Player string `json:"player"`
	Piece  string `json:"piece"`
	N      int    `json:"n"`
}

type setupReq struct {
	Setup  string `json:"setup"`
	ToMove string `json:"toMove"`
	Depth  int    `json:"depth"` // for perft
}

type perftJSON struct {
	Counts  []int64 `json:"counts"` // the leaves at depth 1, 2, …
	Stopped string  `json:"stopped,omitempty"`
}

// handleSetup answers the position of the game after ply N (?ply=N; by default now).
func (s *Server) handleSetup(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	defer gm.mu.Unlock()
	st := gm.m.State()
	if q := r.URL.Query().Get("ply"); q != "" {
		h := gm.m.History()
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > len(h) {
			writeErr(w, errf(http.StatusBadRequest, "bad_request", "ply %q is not a number from 0 to %d", q, len(h)))
			return
		}
		if n < len(h) {
			st = h[n].Before
		}
	}
	writeJSON(w, http.StatusOK, gm.setupView(st))
}

// setupView is position st of gm's rules as the editor shows it; gm.mu is held.
func (gm *game) setupView(st *engine.State) *setupJSON {
	g := gm.g
	_, mover := g.Side(st)
	out := &setupJSON{Setup: g.SetupText(st), Players: []string{}, Pieces: []string{}, Cells: [][3]string{}, Stock: []setupStockJSON{}}
	if mover >= 0 && int(mover) < len(g.Players) {
		out.ToMove = g.Players[mover].Name
	}
	for _, p := range g.Players {
		out.Players = append(out.Players, p.Name)
	}
	for _, p := range g.Pieces {
		out.Pieces = append(out.Pieces, p.Name)
	}
	for l, c := range st.Cells {
		if !c.IsEmpty() && int(c.Player()) < len(g.Players) && int(c.Kind()) < len(g.Pieces) {
			out.Cells = append(out.Cells, [3]string{g.Board.Locs[l].Name, g.Players[c.Player()].Name, g.Pieces[c.Kind()].Name})
		}
	}
	if nk := len(g.Pieces); nk > 0 {
		for i, n := range st.Stock {
			if n > 0 && i/nk < len(g.Players) {
				out.Stock = append(out.Stock, setupStockJSON{g.Players[i/nk].Name, g.Pieces[i%nk].Name, int(n)})
			}
		}
	}
	svg, _ := render.SVG(g.Game, st, render.SVGOptions{ImageURL: gm.pics.imageURL(gm.rec.RulesHash, gm.fsys, gm.dir, false)})
	out.Board = boardJSON{SVG: string(svg), ViewBox: viewBox(svg), Positions: positions(g)}
	return out
}

// setupState reads the position of a request against gm's rules; gm.mu is held.
func (gm *game) setupState(req *setupReq) (*engine.State, error) {
	st, err := gm.g.SetupState("setup", []byte(req.Setup), req.ToMove)
	if err != nil {
		return nil, errf(http.StatusUnprocessableEntity, "setup", "%s", setupErrText(err))
	}
	return st, nil
}

// setupErrText is every error of a setup as the terminal shows them, one after another.
func setupErrText(err error) string {
	out := ""
	for i, e := range errDetails(err) {
		if i > 0 {
			out += "\n"
		}
		out += e
	}
	return out
}

// handleSetupCheck reads a position and answers it as the editor shows it.
func (s *Server) handleSetupCheck(w http.ResponseWriter, r *http.Request) {
	var req setupReq
	if err := decode(w, r, maxSetupBody, &req); err != nil {
		writeErr(w, err)
		return
	}
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	defer gm.mu.Unlock()
	st, err := gm.setupState(&req)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, gm.setupView(st))
}

// handleSetupPerft counts the move tree of a position, depth after depth up to
// req.Depth, while the next depth is expected to have at most maxPerftLeaves leaves.
func (s *Server) handleSetupPerft(w http.ResponseWriter, r *http.Request) {
	var req setupReq
	if err := decode(w, r, maxSetupBody, &req); err != nil {
		writeErr(w, err)
		return
	}
	if req.Depth < 1 || req.Depth > maxPerftDepth {
		writeErr(w, errf(http.StatusBadRequest, "bad_request", "depth %d is not from 1 to %d", req.Depth, maxPerftDepth))
		return
	}
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	st, err := gm.setupState(&req)
	g := gm.g
	gm.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	select {
	case perftSlots <- struct{}{}:
		defer func() { <-perftSlots }()
	default:
		writeErr(w, errf(http.StatusTooManyRequests, "rate_limited", "another count is under way on this server; try again when it ends"))
		return
	}
	out, err := perftUpTo(r.Context(), g, st, req.Depth)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// perftUpTo counts the leaves of st at depth 1 to depth, stopping before a depth whose
// leaves, guessed from the growth so far, would pass maxPerftLeaves.
func perftUpTo(ctx context.Context, g *eval.Game, st *engine.State, depth int) (*perftJSON, error) {
	out := &perftJSON{Counts: []int64{}}
	for d := 1; d <= depth; d++ {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if n := len(out.Counts); n > 0 {
			last, prev := out.Counts[n-1], int64(1)
			if n > 1 {
				prev = out.Counts[n-2]
			}
			if prev > 0 && last > 0 && float64(last)*float64(last)/float64(prev) > maxPerftLeaves {
				out.Stopped = "depth " + strconv.Itoa(d) + " would count about " + strconv.FormatInt(int64(float64(last)*float64(last)/float64(prev)), 10) + " leaves; the server counts at most " + strconv.Itoa(maxPerftLeaves)
				break
			}
			if last == 0 {
				break
			}
		}
		n, err := g.Perft(st, d)
		if err != nil {
			return nil, errf(http.StatusUnprocessableEntity, "rules", "%s", errText(err))
		}
		out.Counts = append(out.Counts, n)
	}
	return out, nil
}

// startOf reads the start position a game is stored with (store.Game.Start): nil for
// the rules' own.
func startOf(g *eval.Game, start string) (*engine.State, error) {
	if start == "" {
		return nil, nil
	}
	toMove, text, _ := strings.Cut(start, "\n")
	return g.SetupState("start", []byte(text), toMove)
}

// handleSetupGame starts a new game from a position, with the seats and secrets of the
// game it was set up on (whose links then open the new game under its id), under the
// same rules; the game set up on is left as it is.
func (s *Server) handleSetupGame(w http.ResponseWriter, r *http.Request) {
	var req setupReq
	if err := decode(w, r, maxSetupBody, &req); err != nil {
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
	if len(you) == 0 {
		gm.mu.Unlock()
		writeErr(w, errf(http.StatusForbidden, "forbidden", "this secret may only watch the game"))
		return
	}
	st, err := gm.setupState(&req)
	if err != nil {
		gm.mu.Unlock()
		writeErr(w, err)
		return
	}
	_, mover := gm.g.Side(st)
	rec := &store.Game{ID: newID(), RulesHash: gm.rec.RulesHash, RulesName: gm.rec.RulesName, Variant: gm.rec.Variant,
		Seats: append([]store.Seat(nil), gm.rec.Seats...), ViewToken: gm.rec.ViewToken, Created: time.Now().UTC(),
		Start: gm.g.Players[mover].Name + "\n" + gm.g.SetupText(st)}
	e, ok := s.cat.hashed(gm.rec.RulesHash)
	if !ok {
		e = &entry{hash: gm.rec.RulesHash}
		e.src, err = s.st.Rules(r.Context(), gm.rec.RulesHash)
	}
	gm.mu.Unlock()
	if err != nil {
		writeErr(w, err)
		return
	}
	ng, err := s.createLike(r.Context(), rec, e, func(*game) []store.Turn { return nil })
	if err != nil {
		writeErr(w, err)
		return
	}
	s.goLive(r.Context(), ng)
	writeJSON(w, http.StatusCreated, map[string]string{"id": rec.ID})
}
