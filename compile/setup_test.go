package compile

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/engine"
)

// TestSetupRoundTrip writes the start position of every plain bundled game as a
// board-setup and reads it back: the position it makes is the start position, and the
// text written again is the same.
func TestSetupRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../games/*.zrf")
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, path := range files {
		f, err := LoadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, g := range f.Games {
			if g.Ext != nil {
				continue
			}
			s := g.NewState()
			text := FormatSetup(g.Game, s)
			setup, stock, err := ParseSetup(g.Game, "setup.zrf", []byte(text))
			if err != nil {
				t.Errorf("%s %q: reading back\n%s\n%v", path, g.Title, text, err)
				continue
			}
			got := g.StateOf(setup, stock)
			// A stock the rules leave unlimited is not written, and reads back as such.
			if !slices.Equal(got.Cells, s.Cells) || !slices.Equal(got.Stock, s.Stock) || got.Hash != s.Hash {
				t.Errorf("%s %q: the setup\n%s\nmakes another position than the start", path, g.Title, text)
			}
			if again := FormatSetup(g.Game, got); again != text {
				t.Errorf("%s %q: written again as\n%s\nwas\n%s", path, g.Title, again, text)
			}
			compared++
		}
	}
	if compared < 5 {
		t.Fatalf("compared %d games, want the 5 plain bundled games at least", compared)
	}
}

// TestSetupErrors: what a setup names must exist in the game, and errors point at it.
func TestSetupErrors(t *testing.T) {
	f, err := LoadFile("../games/chess.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g := f.Games[0].Game
	for _, tt := range []struct{ name, src, want string }{
		{"piece", "(board-setup (White (Kong e1)))", `s.zrf:1:22: unknown piece type "Kong" (did you mean "King"?)`},
		{"position", "(board-setup (White (King e9)))", `s.zrf:1:27: unknown position "e9"`},
		{"player", "(board-setup\n (Whit (King e1)))", `s.zrf:2:3: unknown player "Whit" (did you mean "White"?)`},
		{"form", "(setup (White (King e1)))", `s.zrf:1:1: expected (board-setup`},
		{"two", "(board-setup) (board-setup)", `s.zrf:1:15: a second board-setup`},
		{"empty", "", `s.zrf: no (board-setup ...) form`},
		{"unclosed", "(board-setup (White (King e1))", `s.zrf:1:`},
		{"count", "(board-setup (White (King off -1)))", `off count must not be negative`},
		{"size", "(board-setup" + strings.Repeat(" ", MaxSetupText) + ")", `at most 1048576 are read`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParseSetup(g, "s.zrf", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseSetup(%.60q) = %v, want an error with %q", tt.src, err, tt.want)
			}
		})
	}
	setup, stock, err := ParseSetup(g, "s.zrf", []byte("(board-setup (White (King e1) (Pawn off 2)) (Black (King e8)))"))
	if err != nil {
		t.Fatal(err)
	}
	if len(setup) != 2 || len(stock) != 1 || stock[0].N != 2 || setup[1].Player != engine.Player(1) {
		t.Errorf("setup %+v, stock %+v", setup, stock)
	}
}
