package server

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
	"github.com/zoggo/zoggo/store/memstore"
)

// TestEngineSeats checks that only the operator's engines can be seated, and that an
// engine whose move the rules do not allow loses the game by forfeit.
func TestEngineSeats(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.sh")
	script := "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo bestmove e2e5;; quit) exit 0;; esac; done\n"
	if err := os.WriteFile(bad, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, memstore.New(), Options{Bots: 1, Engines: map[string]string{
		"bad": "uci:sh " + bad, "go": "gtp:sh " + bad}})
	for _, bot := range []string{"engine:nope", "engine:go", "uci:sh " + bad, "gtp:sh " + bad} {
		h.want(http.StatusBadRequest, "POST", "/api/games", "", chessWith("human", "bot="+bot), nil)
	}
	c := h.create(chessWith("bot=engine:bad", "human"))
	s := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Over })
	if !strings.Contains(s.Result, `forfeit: uci:sh `+bad+` played "e2e5"`) || !strings.HasPrefix(s.Result, "winners [1] ") {
		t.Errorf("result %q: want White's forfeit for e2e5, Black (seat 1) the winner", s.Result)
	}
}

// TestEngineSeatPlays seats Fairy-Stockfish against a person: it answers each of the
// person's moves with a legal one of its own.
func TestEngineSeatPlays(t *testing.T) {
	sf := testutil.Tool(t, "to play as a seat's engine", "fairy-stockfish", "/usr/games/fairy-stockfish")
	h := newHarness(t, memstore.New(), Options{Bots: 1, Engines: map[string]string{
		"sf": "uci:" + sf + ":Skill Level=0:movetime=20"}})
	c := h.create(chessWith("human", "bot=engine:sf"))
	for ply := 0; ply < 6; ply += 2 {
		h.want(http.StatusOK, "POST", "/api/games/"+c.ID+"/moves", c.Secret, map[string]any{"ply": ply, "index": 0}, nil)
		s := h.waitFor(c.ID, c.Secret, func(s stateJSON) bool { return s.Ply == ply+2 || s.Over })
		if s.Over {
			t.Fatalf("the game ended at ply %d: %s", s.Ply, s.Result)
		}
	}
}
