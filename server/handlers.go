package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
	"github.com/zoggo/zoggo/store"
)

// maxSeats bounds the seats of a request (no game has more players).
const maxSeats = 64

func (s *Server) handleCatalogue(w http.ResponseWriter, r *http.Request) {
	cj := s.cat.json()
	cj.Engines = s.engineList()
	writeJSON(w, http.StatusOK, cj)
}

// engineList lists the operator's engines by name, with their protocol (never their
// command, which is the operator's business).
func (s *Server) engineList() []engineJSON {
	out := []engineJSON{}
	for name, spec := range s.engines {
		proto, _, _ := strings.Cut(spec, ":")
		out = append(out, engineJSON{Name: name, Protocol: proto})
	}
	slices.SortFunc(out, func(a, b engineJSON) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// variant returns the catalogue entry and the runnable variant a request names.
func (s *Server) variant(rules, title string) (*entry, *eval.Game, error) {
	e, err := s.cat.lookup(rules)
	if err != nil {
		return nil, nil, errf(http.StatusNotFound, "not_found", "%s", err)
	}
	g, err := e.game(title)
	if err != nil {
		return nil, nil, errf(http.StatusNotFound, "not_found", "%s", err)
	}
	return e, g, nil
}

func (s *Server) handleThumbnail(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	e, g, err := s.variant(q.Get("rules"), q.Get("variant"))
	if err != nil {
		writeErr(w, err)
		return
	}
	key := e.hash + "\x00" + g.Title // a watched file's versions differ in hash
	s.thumbMu.Lock()
	svg, ok := s.thumbs[key]
	s.thumbMu.Unlock()
	if !ok {
		// The thumbnail is shown as an image, which loads nothing: its pictures are inline.
		svg, _ = render.SVG(g.Game, nil, render.SVGOptions{ImageURL: s.pics.imageURL(e.hash, e.fsys, e.dir(), true)})
		s.thumbMu.Lock()
		s.thumbs[key] = svg
		s.thumbMu.Unlock()
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(svg)
}

type seatReq struct {
	Kind string `json:"kind"`
	Bot  string `json:"bot"`
}

type createReq struct {
	Rules   string    `json:"rules"`
	Variant string    `json:"variant"`
	ZSG     string    `json:"zsg"`
	Seats   []seatReq `json:"seats"`
	// Public lists the game on the live page (live.go).
	Public bool `json:"public"`
	// from are the turns of another game to start from (handleBranch); never from JSON.
	from []store.Turn
	// Clock is the time control (clock.go); none when absent.
	Clock *controlJSON `json:"clock"`
}

type inviteJSON struct {
	Seat   int    `json:"seat"`
	Secret string `json:"secret"`
}

type createJSON struct {
	ID      string       `json:"id"`
	Secret  string       `json:"secret"`
	Seats   []int        `json:"seats"`
	Invites []inviteJSON `json:"invites"`
	View    string       `json:"view"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createReq
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxZSGBody))
	if err == nil {
		err = decodeFrom(bytes.NewReader(body), &req)
	}
	if err == nil && req.ZSG == "" && len(body) > maxBody {
		err = &http.MaxBytesError{Limit: maxBody}
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err = errf(http.StatusRequestEntityTooLarge, "bad_request", "request body larger than %d bytes", mbe.Limit)
	}
	if err == nil {
		err = s.mayCreate(r, &req)
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	out, err := s.create(r.Context(), &req)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// Bounds of a saved game continued (POST /api/games with zsg): its move lines, the cells
// of the states its turns keep in memory (lines times the size of a position), and the
// time its replay may take. A saved game past them is refused before anything is stored.
const (
	maxSavedLines = 10_000
	maxSavedCells = 1 << 24
	maxReplayTime = 30 * time.Second
)

// create checks a new game, builds it in memory (the legal turns of its start, and the
// turns of a saved game replayed), and only then stores it with its turns in one
// transaction: a request that fails stores nothing.
func (s *Server) create(ctx context.Context, req *createReq) (*createJSON, error) {
	var sg *notation.SavedGame
	var e *entry
	var g *eval.Game
	var err error
	if req.ZSG != "" {
		if req.Rules != "" || req.Variant != "" {
			return nil, errf(http.StatusBadRequest, "bad_request", "give rules and variant, or zsg, not both")
		}
		if sg, e, g, err = s.savedRules(req.ZSG); err != nil {
			return nil, err
		}
	} else {
		if req.Rules == "" {
			return nil, errf(http.StatusBadRequest, "bad_request", "missing rules")
		}
		if e, g, err = s.variant(req.Rules, req.Variant); err != nil {
			return nil, err
		}
	}
	if len(req.Seats) != len(g.Players) {
		return nil, errf(http.StatusBadRequest, "bad_request", "%q has %d players, but %d seats were given", g.Title, len(g.Players), len(req.Seats))
	}
	if len(req.Seats) > maxSeats {
		return nil, errf(http.StatusBadRequest, "bad_request", "too many seats")
	}
	tc, err := newControl(req.Clock)
	if err != nil {
		return nil, err
	}
	out := &createJSON{ID: newID(), Seats: []int{}, Invites: []inviteJSON{}, View: newSecret()}
	rec := &store.Game{ID: out.ID, RulesHash: e.hash, RulesName: e.name, Variant: g.Title,
		ViewToken: hashSecret(out.View), Created: time.Now().UTC(), Public: req.Public, Clock: tc.String()}
	for i, sr := range req.Seats {
		st := store.Seat{Kind: sr.Kind}
		switch sr.Kind {
		case "human":
			if out.Secret == "" {
				out.Secret = newSecret()
			}
			st.Token = hashSecret(out.Secret)
			out.Seats = append(out.Seats, i)
		case "invite":
			sec := newSecret()
			st.Kind, st.Token = "human", hashSecret(sec)
			out.Invites = append(out.Invites, inviteJSON{i, sec})
		case "bot":
			a, err := s.agent(sr.Bot, g)
			if err == nil {
				err = s.bots.admit(a)
			}
			if err != nil {
				return nil, errf(http.StatusBadRequest, "bad_request", "seat %d: %v", i, err)
			}
			st.Bot = sr.Bot
		case "random":
			if !g.Players[i].Random {
				return nil, errf(http.StatusBadRequest, "bad_request", "seat %d: %q is not a random player; only dice players may be random seats", i, g.Players[i].Name)
			}
		default:
			return nil, errf(http.StatusBadRequest, "bad_request", "seat %d: unknown kind %q (human, invite, bot or random)", i, sr.Kind)
		}
		if sr.Bot != "" && sr.Kind != "bot" {
			return nil, errf(http.StatusBadRequest, "bad_request", "seat %d: bot given for a %q seat", i, sr.Kind)
		}
		rec.Seats = append(rec.Seats, st)
	}
	gm := &game{id: rec.ID, offer: -1, pics: &s.pics, used: time.Now()}
	if err := s.load(ctx, gm, rec); err != nil {
		if re := (*rulesError)(nil); errors.As(err, &re) {
			return nil, errf(http.StatusUnprocessableEntity, "rules", "the rules fail at the start: %s", errText(re.err))
		}
		return nil, err
	}
	var turns []store.Turn
	if sg != nil {
		if turns, err = s.replaySaved(ctx, gm, sg); err != nil {
			return nil, err
		}
	} else if req.from != nil {
		if turns, err = s.replayFrom(ctx, gm, req.from); err != nil {
			return nil, err
		}
	}
	if err := s.st.PutRules(ctx, e.hash, e.src); err != nil {
		return nil, err
	}
	if err := s.st.CreateGame(ctx, rec, turns...); err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.live) >= maxLive {
		s.evict()
	}
	s.live[rec.ID] = gm
	gm.mu.Lock()
	s.mu.Unlock()
	defer gm.mu.Unlock()
	if err := s.settle(ctx, gm); err != nil {
		// The game is stored: what failed here (a forced pass that could not be stored)
		// is found again when the game is next opened.
		s.logf("game %s: %v", gm.id, err)
	}
	return out, nil
}

// savedRules reads a saved game and finds its rules in the catalogue (by the file name it
// gives, in any case, and the title of its variant).
func (s *Server) savedRules(text string) (*notation.SavedGame, *entry, *eval.Game, error) {
	sg, err := notation.ParseSavedGame("saved game", []byte(text))
	if err != nil {
		return nil, nil, nil, errf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	if len(sg.Edits) > 0 {
		return nil, nil, nil, errf(http.StatusUnprocessableEntity, "illegal", "saved games that edit the board cannot be continued here")
	}
	if len(sg.Moves) > maxSavedLines {
		return nil, nil, nil, errf(http.StatusRequestEntityTooLarge, "bad_request", "the saved game has %d move lines; the server continues games of at most %d", len(sg.Moves), maxSavedLines)
	}
	want := sg.RulesFile[strings.LastIndexAny(sg.RulesFile, `/\`)+1:]
	for _, c := range s.cat.entries {
		c = s.cat.current(c) // the newest version of a watched file
		if c.f == nil || !strings.EqualFold(path.Base(c.name), want) {
			continue
		}
		if g, err := c.game(sg.Variant); err == nil {
			return sg, c, g, nil
		}
	}
	return nil, nil, nil, errf(http.StatusNotFound, "not_found", "no rules %q with a game %q in the catalogue", want, sg.Variant)
}

// replaySaved replays a saved game onto gm, a new game of its rules in memory, within
// the bounds of a saved game, and returns its turns as the store keeps them.
func (s *Server) replaySaved(ctx context.Context, gm *game, sg *notation.SavedGame) ([]store.Turn, error) {
	g := gm.g
	st := gm.m.State()
	if cells := len(sg.Moves) * (len(st.Cells) + len(st.Stock) + len(st.Vals) + len(st.Under)); cells > maxSavedCells {
		return nil, errf(http.StatusRequestEntityTooLarge, "bad_request", "the saved game has %d move lines on a board of %d positions; the server keeps at most %d cells of positions for one", len(sg.Moves), len(st.Cells), maxSavedCells)
	}
	deadline := time.Now().Add(s.replayTime)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	r, err := notation.ReplayLimited(g, sg, "saved game", notation.Limits{Lines: maxSavedLines, Deadline: deadline, Bare: true})
	if errors.Is(err, notation.ErrLimit) {
		return nil, errf(http.StatusUnprocessableEntity, "illegal", "%v", err)
	}
	if err != nil {
		return nil, errf(http.StatusUnprocessableEntity, "illegal", "%s", strings.SplitN(err.Error(), "\n", 2)[0])
	}
	var turns []store.Turn
	var parts []engine.Move
	for k, p := range r.Plies {
		parts = append(parts, p.Move)
		if !p.EndsTurn && k+1 < len(r.Plies) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, errf(http.StatusUnprocessableEntity, "illegal", "saved game line %d: the replay took too long", p.Line.Line)
		}
		legal := gm.m.Legal()
		i := slices.IndexFunc(legal, func(t eval.Turn) bool {
			return slices.EqualFunc(t.Parts, parts, func(a, b engine.Move) bool { return a.Equal(&b) })
		})
		if i < 0 || gm.m.Over() {
			return nil, errf(http.StatusUnprocessableEntity, "illegal", "saved game line %d: not a complete legal turn", p.Line.Line)
		}
		if err := gm.play(i); err != nil {
			return nil, errf(http.StatusUnprocessableEntity, "rules", "saved game line %d: %v", p.Line.Line, err)
		}
		t := store.Turn{Ply: len(turns), Index: i, Text: gm.played[len(gm.played)-1].zsg, At: time.Now().UTC(), Clocks: fullClocks(gm.tc, len(gm.rec.Seats))}
		gm.played[len(gm.played)-1].at, gm.played[len(gm.played)-1].clocks = t.At, t.Clocks
		turns = append(turns, t)
		parts = parts[:0]
	}
	return turns, nil
}

// gameReq opens the game of a request and checks that its bearer may read it; the
// caller unlocks gm.mu.
func (s *Server) gameReq(r *http.Request) (*game, []int, error) {
	gm, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, nil, err
	}
	you, ok := gm.seats(bearer(r))
	if !ok {
		gm.mu.Unlock()
		return nil, nil, errf(http.StatusForbidden, "forbidden", "this game needs its secret (Authorization: Bearer SECRET)")
	}
	return gm, you, nil
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	gm, you, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	if q := r.URL.Query().Get("ply"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > gm.ply() {
			ply := gm.ply()
			gm.mu.Unlock()
			writeErr(w, errf(http.StatusBadRequest, "bad_request", "ply %q is not a number from 0 to %d", q, ply))
			return
		}
		v := gm.review(n)
		gm.mu.Unlock()
		writeJSON(w, http.StatusOK, v)
		return
	}
	v := gm.view(you)
	gm.mu.Unlock()
	writeJSON(w, http.StatusOK, v)
}

// act runs a change of a game for its bearer, then answers the new state and tells the
// game's listeners.
func (s *Server) act(w http.ResponseWriter, r *http.Request, limit int64, req any, do func(ctx context.Context, gm *game, you []int) error) {
	if err := decode(w, r, limit, req); err != nil {
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
	ctx := r.Context()
	gen := gm.gen
	err = do(ctx, gm, you)
	if err == nil {
		err = s.settle(ctx, gm)
	}
	var v *stateJSON
	if err == nil {
		v = gm.view(you)
	}
	changed := gm.gen != gen
	gm.mu.Unlock()
	if changed {
		gm.hub.notify()
	}
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

type moveReq struct {
	Ply   *int    `json:"ply"`
	Index *int    `json:"index"`
	Text  *string `json:"text"`
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	var req moveReq
	s.act(w, r, maxBody, &req, func(ctx context.Context, gm *game, you []int) error {
		if req.Ply == nil {
			return errf(http.StatusBadRequest, "bad_request", "missing ply")
		}
		if (req.Index == nil) == (req.Text == nil) {
			return errf(http.StatusBadRequest, "bad_request", "give index or text, not both nor neither")
		}
		if err := gm.current(*req.Ply); err != nil {
			return err
		}
		if mv := int(gm.m.Mover()); !slices.Contains(you, mv) {
			name := "another player"
			if mv >= 0 && mv < len(gm.g.Players) {
				name = gm.g.Players[mv].Name
			}
			return errf(http.StatusForbidden, "forbidden", "it is %s's turn, not yours", name)
		}
		legal := gm.m.Legal()
		i := -1
		if req.Index != nil {
			i = *req.Index
			if i < 0 || i >= len(legal) {
				return errf(http.StatusUnprocessableEntity, "illegal", "there is no legal turn %d (there are %d)", i, len(legal))
			}
		} else {
			var err error
			if i, err = gm.findMove(*req.Text); err != nil {
				return err
			}
		}
		return s.commit(ctx, gm, i)
	})
}

// current checks that the game goes on and is at ply.
func (gm *game) current(ply int) error {
	if gm.over() {
		return errf(http.StatusConflict, "conflict", "the game is over: %s", gm.result())
	}
	if ply != gm.ply() {
		return errf(http.StatusConflict, "conflict", "the game is at ply %d, not %d", gm.ply(), ply)
	}
	return nil
}

// findText returns the legal turn whose ZSG or named text is text.
func findText(texts []notation.TurnText, text string) (int, error) {
	if len(text) > 10000 {
		return 0, errf(http.StatusUnprocessableEntity, "illegal", "move text too long")
	}
	switch found := notation.MatchTurn(texts, text); len(found) {
	case 0:
		return 0, errf(http.StatusUnprocessableEntity, "illegal", "%q is not a legal turn", text)
	case 1:
		return found[0], nil
	default:
		return 0, errf(http.StatusUnprocessableEntity, "illegal", "%q could be any of %d legal turns; give its index", text, len(found))
	}
}

// findMove returns the legal turn that text names: as findText finds it, or, when
// nothing matches so, by its short notation (Nf3, exd5, O-O, 11-15, b5 ne↻; a + or #
// after it, white space and the typed senses of notation.ShortKey do not count).
func (gm *game) findMove(text string) (int, error) {
	i, err := findText(gm.texts(), text)
	if err == nil || len(text) > 10000 || len(gm.m.Legal()) == 0 || len(notation.MatchTurn(gm.texts(), text)) > 0 {
		return i, err
	}
	want := notation.ShortKey(strings.TrimRight(strings.TrimSpace(text), "+#"))
	gm.short(0)
	found := -1
	for j, s := range gm.shorts {
		if notation.ShortKey(s) == want {
			if found >= 0 {
				return i, err
			}
			found = j
		}
	}
	if found < 0 {
		return i, err
	}
	return found, nil
}

type undoReq struct {
	Ply *int `json:"ply"`
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var req undoReq
	s.act(w, r, maxBody, &req, func(ctx context.Context, gm *game, you []int) error {
		if req.Ply == nil {
			return errf(http.StatusBadRequest, "bad_request", "missing ply")
		}
		if *req.Ply != gm.ply() {
			return errf(http.StatusConflict, "conflict", "the game is at ply %d, not %d", gm.ply(), *req.Ply)
		}
		if gm.rec.Rematch != "" {
			return errf(http.StatusConflict, "conflict", "the game has its rematch (%s): it is over for good", gm.rec.Rematch)
		}
		if gm.tc != nil {
			return errf(http.StatusConflict, "conflict", "a game on a clock cannot take turns back")
		}
		for i, st := range gm.rec.Seats {
			if !slices.Contains(you, i) && st.Kind == "human" {
				return errf(http.StatusForbidden, "forbidden", "undo needs the other players' consent: only games against bots may undo")
			}
		}
		k := -1
		for i := len(gm.played) - 1; i >= 0; i-- {
			if slices.Contains(you, int(gm.played[i].player)) {
				k = i
				break
			}
		}
		if k < 0 {
			return errf(http.StatusConflict, "conflict", "you have made no turn to take back")
		}
		if gm.offer >= 0 {
			if err := s.st.SetDrawOffer(ctx, gm.id, -1, 0); err != nil {
				return err
			}
			gm.rec.DrawOffer = -1
		}
		if err := s.st.TruncateTurns(ctx, gm.id, k); err != nil {
			return err
		}
		if gm.rec.Result != "" {
			if err := s.st.SetResult(ctx, gm.id, ""); err != nil {
				return err
			}
			gm.rec.Result = ""
		}
		for gm.ply() > k && gm.m.Undo() {
		}
		gm.played = gm.played[:k]
		gm.legal, gm.legalJSON, gm.shorts = nil, nil, nil
		gm.offer = -1
		gm.gen++
		return nil
	})
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	s.act(w, r, maxBody, &req, func(ctx context.Context, gm *game, you []int) error {
		if gm.over() {
			return errf(http.StatusConflict, "conflict", "the game is over: %s", gm.result())
		}
		seat := you[0]
		if mv := int(gm.m.Mover()); slices.Contains(you, mv) {
			seat = mv
		}
		return s.end(ctx, gm, gm.g.Players[seat].Name+" resigned")
	})
}

type drawReq struct {
	Action string `json:"action"`
}

func (s *Server) handleDraw(w http.ResponseWriter, r *http.Request) {
	var req drawReq
	s.act(w, r, maxBody, &req, func(ctx context.Context, gm *game, you []int) error {
		if gm.over() {
			return errf(http.StatusConflict, "conflict", "the game is over: %s", gm.result())
		}
		switch req.Action {
		case "offer":
			if gm.offer >= 0 {
				return errf(http.StatusConflict, "conflict", "%s has offered a draw already", gm.g.Players[gm.offer].Name)
			}
			seat := you[0]
			if mv := int(gm.m.Mover()); slices.Contains(you, mv) {
				seat = mv
			}
			if err := s.st.SetDrawOffer(ctx, gm.id, seat, gm.ply()); err != nil {
				return err
			}
			gm.offer = seat
			gm.rec.DrawOffer, gm.rec.DrawOfferPly = seat, gm.ply()
		case "accept", "decline":
			if gm.offer < 0 {
				return errf(http.StatusConflict, "conflict", "no draw is offered")
			}
			if !slices.ContainsFunc(you, func(i int) bool { return i != gm.offer }) {
				return errf(http.StatusForbidden, "forbidden", "only the other side may %s a draw", req.Action)
			}
			if req.Action == "decline" {
				if err := s.st.SetDrawOffer(ctx, gm.id, -1, 0); err != nil {
					return err
				}
				gm.offer = -1
				gm.rec.DrawOffer = -1
			} else if err := s.end(ctx, gm, "draw agreed"); err != nil {
				return err
			}
		default:
			return errf(http.StatusBadRequest, "bad_request", "unknown action %q (offer, accept or decline)", req.Action)
		}
		gm.gen++
		return nil
	})
}

func (s *Server) handleZSG(w http.ResponseWriter, r *http.Request) {
	gm, _, err := s.gameReq(r)
	if err != nil {
		writeErr(w, err)
		return
	}
	seats := make([]byte, len(gm.rec.Seats))
	for i, st := range gm.rec.Seats {
		seats[i] = 'H'
		if st.Kind != "human" {
			seats[i] = 'C'
		}
	}
	base := gm.rec.RulesName[strings.LastIndex(gm.rec.RulesName, "/")+1:]
	text := notation.Record(gm.m, base, string(seats)).Format()
	gm.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", gm.id+".zsg"))
	w.Write(text)
}
