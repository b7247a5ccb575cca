package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/zoggo/zoggo/render"
)

// Public games and "your games": the live page lists the public games going on, with
// pictures of their positions; the lobby asks for the summaries of the games this
// browser holds links to. Both read games as a request for one game does (s.game),
// bounded in number.

// Bounds of the lists.
const (
	maxLiveListed = 30 // the public games GET /api/live lists
	maxMine       = 50 // the games one POST /api/mine asks about
)

// summaryJSON is a game in a list: who plays it, whose turn it is, how it ended.
type summaryJSON struct {
	ID         string        `json:"id"`
	Error      string        `json:"error,omitempty"`
	Rules      string        `json:"rules,omitempty"`
	Variant    string        `json:"variant,omitempty"`
	Title      string        `json:"title,omitempty"`
	Ply        int           `json:"ply"`
	MoveNumber int           `json:"moveNumber"`
	ToMove     int           `json:"toMove"`
	You        []int         `json:"you"`
	YourTurn   bool          `json:"yourTurn"`
	Thinking   bool          `json:"thinking"`
	Over       bool          `json:"over"`
	Outcome    string        `json:"outcome"`
	Players    []summarySeat `json:"players"`
	Created    string        `json:"created,omitempty"`
	siteJSON
}

type summarySeat struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Bot  string `json:"bot,omitempty"`
}

// summary returns gm as a list shows it to the bearer of seats you; gm.mu is held.
func (gm *game) summary(you []int) summaryJSON {
	out := summaryJSON{ID: gm.id, Rules: gm.rec.RulesName, Variant: gm.rec.Variant, Title: gm.g.Title,
		Ply: gm.ply(), MoveNumber: gm.m.MoveNumber(), ToMove: int(gm.m.Mover()), You: you,
		Thinking: gm.thinking(), Over: gm.over(), Outcome: gm.outcome(), Players: []summarySeat{},
		Created: gm.rec.Created.Format("2006-01-02T15:04:05Z"), siteJSON: gm.site()}
	if out.You == nil {
		out.You = []int{}
	}
	out.YourTurn = !out.Over && slices.Contains(you, out.ToMove)
	for i, p := range gm.g.Players {
		ps := summarySeat{Name: p.Name, Kind: "human"}
		if i < len(gm.rec.Seats) {
			ps.Kind, ps.Bot = gm.rec.Seats[i].Kind, gm.rec.Seats[i].Bot
		}
		out.Players = append(out.Players, ps)
	}
	return out
}

// liveCache keeps the list of live games for a moment: every page on /live asks for it
// every few seconds, and making it reads up to maxLiveListed games.
type liveCache struct {
	mu   sync.Mutex
	at   time.Time
	list *liveJSON
}

// liveFor is how long the list of live games is answered from the cache.
const liveFor = time.Second

type liveJSON struct {
	Games []summaryJSON `json:"games"`
}

// handleLive lists the public games going on, the most recent first.
func (s *Server) handleLive(w http.ResponseWriter, r *http.Request, c *liveCache) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.list != nil && time.Since(c.at) < liveFor {
		writeJSON(w, http.StatusOK, c.list)
		return
	}
	recs, err := s.st.ListLive(r.Context(), maxLiveListed)
	if err != nil {
		writeErr(w, err)
		return
	}
	out := &liveJSON{Games: []summaryJSON{}}
	for _, rec := range recs {
		gm, err := s.game(r.Context(), rec.ID)
		if err != nil {
			continue // a game that cannot be built is not worth watching
		}
		if gm.rec.Public && !gm.over() {
			out.Games = append(out.Games, gm.summary(nil))
		}
		gm.mu.Unlock()
	}
	c.list, c.at = out, time.Now()
	writeJSON(w, http.StatusOK, out)
}

// handleGameThumbnail answers the position of a public game as SVG, its pictures inside,
// to show as an <img> (which sends no secret: other games have none to show).
func (s *Server) handleGameThumbnail(w http.ResponseWriter, r *http.Request) {
	gm, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	if !gm.rec.Public {
		gm.mu.Unlock()
		writeErr(w, errf(http.StatusForbidden, "forbidden", "only public games have thumbnails"))
		return
	}
	svg, _ := render.SVG(gm.g.Game, gm.m.State(), render.SVGOptions{Highlight: lastLocs(gm.m.History(), gm.ply()),
		ImageURL: gm.pics.imageURL(gm.rec.RulesHash, gm.fsys, gm.dir, true)})
	gm.mu.Unlock()
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(svg)
}

type mineReq struct {
	Games []struct {
		ID     string `json:"id"`
		Secret string `json:"secret"`
	} `json:"games"`
}

// handleMine answers the summaries of the games whose links a browser keeps: each game
// as its secret sees it, or with "error" when the game is gone or the secret is not its.
func (s *Server) handleMine(w http.ResponseWriter, r *http.Request) {
	var req mineReq
	if err := decode(w, r, maxBody, &req); err != nil {
		writeErr(w, err)
		return
	}
	if len(req.Games) > maxMine {
		writeErr(w, errf(http.StatusBadRequest, "bad_request", "%d games asked for; at most %d at once", len(req.Games), maxMine))
		return
	}
	out := struct {
		Games []summaryJSON `json:"games"`
	}{Games: []summaryJSON{}}
	for _, q := range req.Games {
		out.Games = append(out.Games, s.mine(r.Context(), q.ID, q.Secret))
	}
	writeJSON(w, http.StatusOK, out)
}

// mine returns the summary of game id as secret sees it.
func (s *Server) mine(ctx context.Context, id, secret string) summaryJSON {
	gm, err := s.game(ctx, id)
	if err != nil {
		var ae *apiError
		if !errors.As(err, &ae) {
			s.logf("your games: game %s: %v", id, err)
			return summaryJSON{ID: id, Error: "the game cannot be read now", You: []int{}, Players: []summarySeat{}}
		}
		return summaryJSON{ID: id, Error: ae.msg, You: []int{}, Players: []summarySeat{}}
	}
	defer gm.mu.Unlock()
	you, ok := gm.seats(secret)
	if !ok || secret == "" {
		return summaryJSON{ID: id, Error: "this link's secret does not open the game", You: []int{}, Players: []summarySeat{}}
	}
	return gm.summary(you)
}
