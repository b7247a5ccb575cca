package notation_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/zoggo/zoggo/internal/evaltest"
	"github.com/zoggo/zoggo/notation"
)

// shuffle writes a saved game of Abalone in which both sides move one marble back and
// forth, n lines long: a game that never ends, as long as its uploader likes.
func shuffle(n int) string {
	var b strings.Builder
	b.WriteString("Zillions Save Game File Version 0.02 CC\nRulesFile=abalone.zrf\nVariantName=Abalone\n")
	moves := [4]string{"b1 - c2", "h4 - g3", "c2 - b1", "g3 - h4"}
	for i := range n {
		fmt.Fprintf(&b, "%d. Marble %s\n", i/2+1, moves[i%4])
	}
	return b.String()
}

// TestReplayLimits checks that a replay refuses a saved game longer than its Limits allow
// before replaying anything, stops at its deadline with ErrLimit, and keeps neither states
// nor candidates of bare plies.
func TestReplayLimits(t *testing.T) {
	g := evaltest.Load(t, "../games/abalone.zrf")
	sg, err := notation.ParseSavedGame("s.zsg", []byte(shuffle(40)))
	if err != nil {
		t.Fatal(err)
	}
	full, err := notation.ReplayAny(g, sg, "s.zsg")
	if err != nil || len(full.Plies) != 40 {
		t.Fatalf("replay without limits: %d plies, %v; want 40 and no error", len(full.Plies), err)
	}
	if _, err := notation.ReplayLimited(g, sg, "s.zsg", notation.Limits{Lines: 39}); !errors.Is(err, notation.ErrLimit) {
		t.Errorf("40 lines within a limit of 39: %v, want ErrLimit", err)
	}
	r, err := notation.ReplayLimited(g, sg, "s.zsg", notation.Limits{Deadline: time.Now().Add(-time.Second)})
	if !errors.Is(err, notation.ErrLimit) || !strings.Contains(err.Error(), "s.zsg:4:") {
		t.Errorf("past its deadline: %v, want ErrLimit at s.zsg:4", err)
	}
	if r == nil || len(r.Plies) != 0 {
		t.Errorf("past its deadline, replayed %v, want no ply", r)
	}
	bare, err := notation.ReplayLimited(g, sg, "s.zsg", notation.Limits{Lines: 40, Bare: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(bare.Plies) != len(full.Plies) {
		t.Fatalf("bare replay: %d plies, want %d", len(bare.Plies), len(full.Plies))
	}
	for i, p := range bare.Plies {
		f := full.Plies[i]
		if p.Before != nil || p.After != nil || !p.Move.Equal(&f.Move) || p.EndsTurn != f.EndsTurn || p.Line != f.Line {
			t.Fatalf("bare ply %d = %+v, want the part and end of %+v without states", i, p, f)
		}
	}
}
