package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/store/memstore"
)

// TestSetup drives the position editor's API on a game of chess: the position read as
// a board-setup, a setup with errors refused with their places, perft within its
// bounds, and a game started from a position set up, which a rebuild from the store
// starts from there again.
func TestSetup(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(chessHotSeat)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "text": "e2e4"}, nil)
	var now, before setupJSON
	h.want(http.StatusOK, "GET", "/api/games/"+c.ID+"/setup", c.View, nil, &now)
	h.want(http.StatusOK, "GET", "/api/games/"+c.ID+"/setup?ply=0", c.View, nil, &before)
	if now.ToMove != "Black" || len(now.Cells) != 32 || !strings.Contains(now.Setup, "(Pawn e4 a2 b2 c2 d2 f2 g2 h2)") || now.Board.SVG == "" {
		t.Errorf("the position now: %q to move, %d pieces, setup\n%s", now.ToMove, len(now.Cells), now.Setup)
	}
	if before.ToMove != "White" || !strings.Contains(before.Setup, "(Pawn a2 b2 c2 d2 e2 f2 g2 h2)") {
		t.Errorf("the position at ply 0: %q to move, setup\n%s", before.ToMove, before.Setup)
	}
	if !slices.Equal(now.Players, []string{"White", "Black"}) || !slices.Contains(now.Pieces, "Queen") {
		t.Errorf("players %v, pieces %v", now.Players, now.Pieces)
	}
	h.want(http.StatusBadRequest, "GET", "/api/games/"+c.ID+"/setup?ply=9", c.View, nil, nil)
	h.want(http.StatusForbidden, "GET", "/api/games/"+c.ID+"/setup", "", nil, nil)

	var bad struct{ Error, Code string }
	h.want(http.StatusUnprocessableEntity, "POST", "/api/games/"+c.ID+"/setup/check", c.View,
		map[string]any{"setup": "(board-setup (White (Kong e1))\n (Black (King e9)))", "toMove": "White"}, &bad)
	for _, want := range []string{"setup:1:22: unknown piece type \"Kong\" (did you mean \"King\"?)\n(board-setup (White (Kong e1))\n                     ^",
		"setup:2:15: unknown position \"e9\""} {
		if bad.Code != "setup" || !strings.Contains(bad.Error, want) {
			t.Errorf("a bad setup answers %s %q, want code setup and %q", bad.Code, bad.Error, want)
		}
	}
	h.want(http.StatusUnprocessableEntity, "POST", "/api/games/"+c.ID+"/setup/check", c.View,
		map[string]any{"setup": "(board-setup (White (King e1)))", "toMove": "Red"}, nil)
	kings := map[string]any{"setup": "(board-setup (White (King e1)) (Black (King e8)))", "toMove": "Black", "depth": 3}
	var checked setupJSON
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/setup/check", c.View, kings, &checked)
	if checked.ToMove != "Black" || len(checked.Cells) != 2 || !strings.Contains(checked.Board.SVG, "<svg") {
		t.Errorf("the kings checked: %+v", checked.Cells)
	}

	var pf perftJSON
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/setup/perft", c.View, kings, &pf)
	if len(pf.Counts) != 3 || pf.Counts[0] != 5 || pf.Counts[1] != 25 || pf.Stopped != "" {
		t.Errorf("perft of the kings: %+v, want 5, 25 and a third count", pf)
	}
	// Chess from the start: 20, 400, 8902, 197281; depth 5 would pass the bound.
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/setup/perft", c.View,
		map[string]any{"setup": before.Setup, "toMove": "White", "depth": 6}, &pf)
	if !slices.Equal(pf.Counts, []int64{20, 400, 8902, 197281}) || !strings.HasPrefix(pf.Stopped, "depth 5 would count about ") {
		t.Errorf("perft of the start to depth 6: %+v, want 4 depths and a stop before depth 5", pf)
	}
	h.want(http.StatusBadRequest, "POST", "/api/games/"+c.ID+"/setup/perft", c.View, map[string]any{"setup": before.Setup, "depth": 7}, nil)

	// A game from the kings, Black to move, with the same seats and secrets.
	h.want(http.StatusForbidden, "POST", "/api/games/"+c.ID+"/setup/game", c.View, kings, nil)
	var ng struct{ ID string }
	h.want(http.StatusCreated, "POST", "/api/games/"+c.ID+"/setup/game", c.Secret, kings, &ng)
	for round := range 2 {
		st := h.state(ng.ID, c.Invites[0].Secret)
		if st.ToMove != 1 || len(st.Legal) != 5 || st.Ply != 0 || st.Over {
			t.Errorf("round %d: the game from the kings has player %d to move, %d legal turns, ply %d; want Black, 5, 0", round, st.ToMove, len(st.Legal), st.Ply)
		}
		// Dropped from memory, the game is rebuilt from the store from the same position.
		h.srv.mu.Lock()
		delete(h.srv.live, ng.ID)
		h.srv.mu.Unlock()
	}
	if st := h.state(c.ID, c.Secret); st.Ply != 1 || st.Over {
		t.Errorf("the game set up on changed: ply %d, over %v", st.Ply, st.Over)
	}
}
