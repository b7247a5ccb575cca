package server

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/store/memstore"
)

// TestOutcomeInWords: a finished game says its result in words, its moves in the short
// notation with the mark of check, which pieces stand in check, and earlier positions
// on request (?ply=N).
func TestOutcomeInWords(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(map[string]any{"rules": "../games/chess.zrf", "variant": "",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	var s stateJSON
	// Typed as players type them: squares, and the short notation.
	for i, mv := range []string{"f2f3", "e5", "g2g4", "Qh4#"} {
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": i, "text": mv}, &s)
		if i < 3 && (s.Outcome != "" || len(s.Check) != 0) {
			t.Fatalf("after %s: outcome %q, check %v", mv, s.Outcome, s.Check)
		}
	}
	if !s.Over || s.Outcome != "Black wins by checkmate" {
		t.Errorf("after Fool's mate: over %v, outcome %q", s.Over, s.Outcome)
	}
	if s.Result == "" {
		t.Error("the old result string is gone")
	}
	var short []string
	for _, m := range s.Moves {
		short = append(short, m.Short)
	}
	if want := []string{"f3", "e5", "g4", "Qh4#"}; !slices.Equal(short, want) {
		t.Errorf("moves %q, want %q", short, want)
	}
	if !slices.Equal(s.Check, []string{"e1"}) {
		t.Errorf("in check %v, want [e1]", s.Check)
	}
	// The state as read again, from a server that rebuilds the game from the store.
	h2 := newHarness(t, h.st, Options{})
	if s2 := h2.state(c.ID, c.Secret); s2.Outcome != s.Outcome || !slices.Equal(s2.Check, s.Check) || s2.Moves[3].Short != "Qh4#" {
		t.Errorf("rebuilt: outcome %q, check %v, moves %+v", s2.Outcome, s2.Check, s2.Moves)
	}

	var rv reviewJSON
	h.want(http.StatusOK, "GET", "/api/games/"+c.ID+"?ply=2", c.View, nil, &rv)
	if rv.Ply != 2 || rv.Of != 4 || rv.ToMove != 0 || rv.MoveNumber != 2 || !slices.Equal(rv.Last, []string{"e7", "e5"}) || len(rv.Check) != 0 || rv.Board.SVG == "" || rv.Board.SVG == s.Board.SVG {
		t.Errorf("review of ply 2: %+v", rv)
	}
	h.want(http.StatusOK, "GET", "/api/games/"+c.ID+"?ply=4", c.View, nil, &rv)
	if rv.Ply != 4 || !slices.Equal(rv.Check, []string{"e1"}) || rv.Board.SVG != s.Board.SVG {
		t.Errorf("review of ply 4: ply %d check %v, same board %v", rv.Ply, rv.Check, rv.Board.SVG == s.Board.SVG)
	}
	h.want(http.StatusOK, "GET", "/api/games/"+c.ID+"?ply=0", c.View, nil, &rv)
	if rv.Ply != 0 || len(rv.Last) != 0 {
		t.Errorf("review of ply 0: %+v", rv)
	}
	for _, bad := range []string{"5", "-1", "x", "99999999999999999999"} {
		h.want(http.StatusBadRequest, "GET", "/api/games/"+c.ID+"?ply="+bad, c.View, nil, nil)
	}
	h.want(http.StatusForbidden, "GET", "/api/games/"+c.ID+"?ply=1", "", nil, nil)

	// Ends that no goal decides.
	c = h.create(chessHotSeat)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/resign", c.Secret, map[string]any{}, &s)
	if s.Outcome != "White resigned" {
		t.Errorf("resigned: %q", s.Outcome)
	}
	c = h.create(chessHotSeat)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", c.Secret, map[string]any{"action": "offer"}, nil)
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/draw", c.Invites[0].Secret, map[string]any{"action": "accept"}, &s)
	if s.Outcome != "Draw agreed" {
		t.Errorf("draw agreed: %q", s.Outcome)
	}
}

// TestOutcomeGo: Go's end after two passes says the score.
func TestOutcomeGo(t *testing.T) {
	cat, err := LoadCatalogue([]string{"../games/go.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat})
	c := h.create(map[string]any{"rules": "../games/go.zrf", "variant": "Go 9x9",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	var s stateJSON
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "text": "c5"}, &s)
	for ply := 1; ply <= 2; ply++ {
		pass := slices.IndexFunc(s.Legal, func(l legalJSON) bool {
			return len(l.Parts) == 0 || len(l.Parts[0].Moves) == 0 && l.Parts[0].Drop == ""
		})
		if pass < 0 {
			t.Fatalf("no pass among %d turns", len(s.Legal))
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": ply, "index": s.Legal[pass].Index}, &s)
	}
	if want := "Black wins by 73.5 points (Black 81, White 0 + 7.5)"; !s.Over || s.Outcome != want {
		t.Errorf("after two passes: over %v, outcome %q, want %q", s.Over, s.Outcome, want)
	}
	var short []string
	for _, m := range s.Moves {
		short = append(short, m.Short)
	}
	if want := []string{"c5", "pass", "pass"}; !slices.Equal(short, want) {
		t.Errorf("moves %q, want %q", short, want)
	}
}

// TestOutcomeRulesError: a game that the rules' move code stops says where.
func TestOutcomeRulesError(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(map[string]any{"rules": "testdata/pitfall.zrf", "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "random"}}})
	for _, step := range []struct {
		ply int
		to  string
	}{{0, "b1"}, {2, "c1"}, {4, "c2"}} {
		s := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == step.ply && !s.Thinking })
		i := slices.IndexFunc(s.Legal, func(l legalJSON) bool { return l.Parts[0].Moves[0].To == step.to })
		if i < 0 {
			t.Fatalf("ply %d: no move to %s", step.ply, step.to)
		}
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": step.ply, "index": i}, nil)
	}
	end := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Over })
	if !strings.HasPrefix(end.Outcome, "Game stopped: rules error at pitfall.zrf:15:34: ") {
		t.Errorf("outcome %q (result %q)", end.Outcome, end.Result)
	}
}

// TestStoppedWords: an error that stopped a game is said from its place in the rules on,
// wherever the place stands in it (an Axiom game's Forth gives it after the path the error
// took), and as it is when it has none.
func TestStoppedWords(t *testing.T) {
	for _, c := range []struct{ result, want string }{
		{"x.zrf:3:4: boom", "Game stopped: rules error at x.zrf:3:4: boom"},
		{"internal error: x.zrf:3:4: boom", "Game stopped: rules error at x.zrf:3:4: boom"},
		{`Jofur: generating moves: OnGenerateMoves: glukkazan-zog/Axiom/Jofur/Code.4th:334:3: EXECUTE: 0 is not the address of a word (in "common-slide", called from "slide-n")`,
			`Game stopped: rules error at glukkazan-zog/Axiom/Jofur/Code.4th:334:3: EXECUTE: 0 is not the address of a word (in "common-slide", called from "slide-n")`},
		{"Jofur: generating moves: OnGenerateMoves: bad address 0", "Game stopped: Jofur: generating moves: OnGenerateMoves: bad address 0"},
		{"the store is gone", "Game stopped: the store is gone"},
	} {
		if got := stoppedWords(c.result); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.result, got, c.want)
		}
	}
}

// TestLegalShort: the legal turns carry their short text, which is what the move list
// then shows.
func TestLegalShort(t *testing.T) {
	h := newHarness(t, memstore.New(), Options{})
	c := h.create(chessHotSeat)
	s := h.state(c.ID, c.Secret)
	i := slices.IndexFunc(s.Legal, func(l legalJSON) bool { return l.Short == "Nf3" })
	if i < 0 || len(s.Legal) != 20 {
		t.Fatalf("no Nf3 among %d legal turns", len(s.Legal))
	}
	h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 0, "index": s.Legal[i].Index}, &s)
	if s.Moves[0].Short != "Nf3" {
		t.Errorf("the move played reads %q", s.Moves[0].Short)
	}
}

// TestTypedTwist: a Pentago turn typed in the short notation with its sense as people
// type it, cw, ccw or the arrow, with or without spaces.
func TestTypedTwist(t *testing.T) {
	cat, err := LoadCatalogue([]string{"../games/pentago.zrf"})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Catalogue: cat})
	c := h.create(map[string]any{"rules": "../games/pentago.zrf", "variant": "Pentago",
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}})
	var s stateJSON
	for i, mv := range []struct{ typed, short string }{
		{"b5 ne cw", "b5 ne↻"}, {"e2 sw ccw", "e2 sw↺"}, {"a1swcw", "a1 sw↻"}, {"f6 ne ↺", "f6 ne↺"},
	} {
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": i, "text": mv.typed}, &s)
		if got := s.Moves[i].Short; got != mv.short {
			t.Errorf("%q played %q, want %q", mv.typed, got, mv.short)
		}
	}
	h.want(http.StatusUnprocessableEntity, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": 4, "text": "c3 ne cww"}, nil)
}
