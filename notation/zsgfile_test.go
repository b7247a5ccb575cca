package notation_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/notation"
	"github.com/zoggo/zoggo/render"
)

// header is the three header lines of a saved game of testdata/tiny.zrf, with LF ends.
const header = "Zillions Save Game File Version 0.02 HC\nRulesFile=tiny.zrf\nVariantName=Tiny\n"

// ignoreLines compares saved games without their line numbers, which Format changes.
var ignoreLines = cmp.Options{
	cmpopts.IgnoreFields(notation.Edit{}, "Line"),
	cmpopts.IgnoreFields(notation.MoveLine{}, "Line"),
}

// longLine is a move line of 700 characters or so, like YoninShogi's attribute updates.
var longLine = "King d8 - e7" + strings.Repeat(" @ e1 0 0", 76)

func TestParseSavedGame(t *testing.T) {
	mv := func(line, num int, text string) notation.MoveLine {
		return notation.MoveLine{Line: line, Num: num, Partial: -1, Text: text}
	}
	for _, tt := range []struct {
		name string
		src  string
		want *notation.SavedGame
	}{
		{
			name: "LF",
			src:  header + "1. Man a1 - a2\n1. Man c4 - c3\n2. Man a2 x a3\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{mv(4, 1, "Man a1 - a2"), mv(5, 1, "Man c4 - c3"), mv(6, 2, "Man a2 x a3")}},
		},
		{
			name: "CRLF",
			src:  "Zillions Save Game File Version 0.02 CC\r\nRulesFile=CheckersCollection.zrf\r\nVariantName=Dameo\r\n1. Checker e2 - g4\r\n1. Checker d7 - d6\r\n",
			want: &notation.SavedGame{Seats: "CC", RulesFile: "CheckersCollection.zrf", Variant: "Dameo",
				Moves: []notation.MoveLine{mv(4, 1, "Checker e2 - g4"), mv(5, 1, "Checker d7 - d6")}},
		},
		{
			name: "no final newline",
			src:  header + "1. Man a1 - a2",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{mv(4, 1, "Man a1 - a2")}},
		},
		{
			name: "header only",
			src:  "Zillions Save Game File Version 0.02 HHCCC\nRulesFile=.\\Chu_Shogi_Advanced_v1.3.zrf\nVariantName=Chu (Middle) Shogi\n",
			want: &notation.SavedGame{Seats: "HHCCC", RulesFile: `.\Chu_Shogi_Advanced_v1.3.zrf`, Variant: "Chu (Middle) Shogi"},
		},
		{
			name: "no seats",
			src:  "Zillions Save Game File Version 0.02\nRulesFile=C:\\Games\\ZoG\\my\\Ur\\07.Axiomatic.Ur.zrf\nVariantName=Ur [aggressive]\n",
			want: &notation.SavedGame{RulesFile: `C:\Games\ZoG\my\Ur\07.Axiomatic.Ur.zrf`, Variant: "Ur [aggressive]"},
		},
		{
			name: "board edits then moves",
			src: "Zillions Save Game File Version 0.02 HC\r\nRulesFile=KoShogi.zrf\r\nVariantName=Empty\r\n" +
				"(Black Dragon-King! 10j)\r\n(x b6)\r\n(White Horned-Falcon_part-move 12i)\r\n" +
				"1. Dragon-King! 10j - 12i x 12i\r\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "KoShogi.zrf", Variant: "Empty",
				Edits: []notation.Edit{
					{Line: 4, Player: "Black", Piece: "Dragon-King!", Pos: "10j"},
					{Line: 5, Clear: true, Pos: "b6"},
					{Line: 6, Player: "White", Piece: "Horned-Falcon_part-move", Pos: "12i"},
				},
				Moves: []notation.MoveLine{mv(7, 1, "Dragon-King! 10j - 12i x 12i")}},
		},
		{
			name: "edits only",
			src:  header + "(x a7)\n(Black Checker a7)\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Edits: []notation.Edit{{Line: 4, Clear: true, Pos: "a7"}, {Line: 5, Player: "Black", Piece: "Checker", Pos: "a7"}}},
		},
		{
			name: "partial K",
			src:  header + "3. partial 2 Checker g4 - g6 x g5\n3. partial 11 Checker g6 - g8 x g7\n3. Checker g8 - e8 x f8\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{
					{Line: 4, Num: 3, Partial: 2, Text: "Checker g4 - g6 x g5"},
					{Line: 5, Num: 3, Partial: 11, Text: "Checker g6 - g8 x g7"},
					mv(6, 3, "Checker g8 - e8 x f8"),
				}},
		},
		{
			name: "Pass",
			src:  header + "1. South Start c5 x c5\n2. Pass\n2. partial 1 Pass\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{
					mv(4, 1, "South Start c5 x c5"),
					{Line: 5, Num: 2, Partial: -1, Pass: true, Text: "Pass"},
					{Line: 6, Num: 2, Partial: 1, Pass: true, Text: "Pass"},
				}},
		},
		{
			name: "names with digits, ! and -",
			src:  header + "1. Queen-d8 d8 - d1\n1. p55 12i x 19J = D63\n12. ?Dice bdice q4\n12. Za b2 x b3 Sang b3 - g1 = Green\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{
					mv(4, 1, "Queen-d8 d8 - d1"),
					mv(5, 1, "p55 12i x 19J = D63"),
					mv(6, 12, "?Dice bdice q4"),
					mv(7, 12, "Za b2 x b3 Sang b3 - g1 = Green"),
				}},
		},
		{
			name: "long line",
			src:  header + "23. " + longLine + "\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{mv(4, 23, longLine)}},
		},
		{
			name: "blank lines and surrounding space",
			src:  " Zillions Save Game File Version 0.02 HC \n RulesFile=tiny.zrf \nVariantName=Tiny \t\n\n  1. Man a1 - a2  \n\n",
			want: &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny",
				Moves: []notation.MoveLine{mv(5, 1, "Man a1 - a2")}},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := notation.ParseSavedGame("t.zsg", []byte(tt.src))
			if err != nil {
				t.Fatalf("ParseSavedGame: %v", err)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("ParseSavedGame mismatch (-want +got):\n%s", d)
			}
			out := got.Format()
			again, err := notation.ParseSavedGame("formatted.zsg", out)
			if err != nil {
				t.Fatalf("ParseSavedGame(Format()): %v\n%s", err, out)
			}
			if d := cmp.Diff(got, again, ignoreLines); d != "" {
				t.Errorf("Format then ParseSavedGame mismatch (-first +again):\n%s", d)
			}
		})
	}
}

func TestFormatSavedGame(t *testing.T) {
	sg := &notation.SavedGame{Seats: "HC", RulesFile: "tiny.zrf", Variant: "Tiny Jumps",
		Edits: []notation.Edit{{Clear: true, Pos: "d4"}, {Player: "Black", Piece: "Man", Pos: "b2"}},
		Moves: []notation.MoveLine{
			{Num: 1, Partial: -1, Text: "Man b1 x b2"},
			{Num: 1, Partial: 1, Text: "Man c4 - c2 x c3"},
			{Num: 2, Partial: -1, Pass: true, Text: "Pass"},
		}}
	want := "Zillions Save Game File Version 0.02 HC\r\nRulesFile=tiny.zrf\r\nVariantName=Tiny Jumps\r\n" +
		"(x d4)\r\n(Black Man b2)\r\n1. Man b1 x b2\r\n1. partial 1 Man c4 - c2 x c3\r\n2. Pass\r\n"
	if d := cmp.Diff(want, string(sg.Format())); d != "" {
		t.Errorf("Format mismatch (-want +got):\n%s", d)
	}
}

func TestParseSavedGameErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		src  string
		want string // the whole error: "bad.zsg:LINE: message"
	}{
		{"empty file", "",
			`bad.zsg:1: not a Zillions saved game: the first line should start with "Zillions Save Game File Version "`},
		{"blank file", "\r\n",
			`bad.zsg:1: not a Zillions saved game: the first line should start with "Zillions Save Game File Version "`},
		{"header of 1 line", "Zillions Save Game File Version 0.02 HC\n",
			"bad.zsg:2: truncated header: a saved game starts with three lines (version, RulesFile=, VariantName=)"},
		{"header of 2 lines", "Zillions Save Game File Version 0.02 HC\r\nRulesFile=tiny.zrf\r\n",
			"bad.zsg:3: truncated header: a saved game starts with three lines (version, RulesFile=, VariantName=)"},
		{"wrong first line", "Zillions Saved Game 0.02 HC\nRulesFile=tiny.zrf\nVariantName=Tiny\n",
			`bad.zsg:1: not a Zillions saved game: the first line should start with "Zillions Save Game File Version "`},
		{"rules file first", "RulesFile=tiny.zrf\nVariantName=Tiny\n1. Man a1 - a2\n",
			`bad.zsg:1: not a Zillions saved game: the first line should start with "Zillions Save Game File Version "`},
		{"missing RulesFile=", "Zillions Save Game File Version 0.02 HC\nVariantName=Tiny\n1. Man a1 - a2\n",
			`bad.zsg:2: expected RulesFile=..., found "VariantName=Tiny"`},
		{"missing VariantName=", "Zillions Save Game File Version 0.02 HC\nRulesFile=tiny.zrf\n1. Man a1 - a2\n",
			`bad.zsg:3: expected VariantName=..., found "1. Man a1 - a2"`},
		{"lower-case variantname=", "Zillions Save Game File Version 0.02 HC\nRulesFile=tiny.zrf\nvariantname=Tiny\n",
			`bad.zsg:3: expected VariantName=..., found "variantname=Tiny"`},
		{"bad seat letters", "Zillions Save Game File Version 0.02 HX\nRulesFile=tiny.zrf\nVariantName=Tiny\n",
			`bad.zsg:1: seat letters must be H or C, found "HX"`},
		{"lower-case seat letters", "Zillions Save Game File Version 0.02 hc\r\nRulesFile=tiny.zrf\r\nVariantName=Tiny\r\n",
			`bad.zsg:1: seat letters must be H or C, found "hc"`},
		{"truncated move line", header + "1. Man a1 - a2\n12.\n",
			`bad.zsg:5: truncated move line "12."`},
		{"truncated move line with CRLF", strings.ReplaceAll(header, "\n", "\r\n") + "1. Man a1 - a2\r\n1. \r\n",
			`bad.zsg:5: truncated move line "1."`},
		{"move line without a number", header + "1. Man a1 - a2\nMan c4 - c3\n",
			`bad.zsg:5: expected a move line "N. MOVE", found "Man c4 - c3"`},
		{"move line without a space", header + "1.Man a1 - a2\n",
			`bad.zsg:4: expected a move line "N. MOVE", found "1.Man a1 - a2"`},
		{"move number not a number", header + "one. Man a1 - a2\n",
			`bad.zsg:4: bad move number "one"`},
		{"move number 0", header + "0. Man a1 - a2\n",
			`bad.zsg:4: bad move number "0"`},
		{"move number going down", header + "1. Man a1 - a2\n1. Man c4 - c3\n2. Man a2 - a3\n1. Man c3 - c2\n",
			`bad.zsg:7: move number 1 after 2`},
		{"partial x", header + "1. partial x Man a1 - a2\n",
			`bad.zsg:4: expected "partial K MOVE", found "partial x Man a1 - a2"`},
		{"partial without a move", header + "1. partial 2\n",
			`bad.zsg:4: expected "partial K MOVE", found "partial 2"`},
		{"board edit after moves", header + "(x a1)\n1. Man b1 - b2\n(White Man a1)\n",
			`bad.zsg:6: board-edit line after the moves`},
		{"unclosed board edit", header + "(White Man a1\n",
			`bad.zsg:4: board-edit line not closed: "(White Man a1"`},
		{"board edit of four words", header + "(x a1)\n(White Man a1 a2)\n",
			`bad.zsg:5: expected (PLAYER PIECE POSITION) or (x POSITION), found "(White Man a1 a2)"`},
		{"board edit of one word", header + "(a1)\n",
			`bad.zsg:4: expected (PLAYER PIECE POSITION) or (x POSITION), found "(a1)"`},
		{"empty board edit", header + "()\n",
			`bad.zsg:4: expected (PLAYER PIECE POSITION) or (x POSITION), found "()"`},
		{"long bad line is clipped", header + longLine + "\n",
			`bad.zsg:4: expected a move line "N. MOVE", found "` + longLine[:77] + `..."`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sg, err := notation.ParseSavedGame("bad.zsg", []byte(tt.src))
			if err == nil {
				t.Fatalf("ParseSavedGame succeeded, want error %q; got %+v", tt.want, sg)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("ParseSavedGame error\n got: %s\nwant: %s", got, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
			var pe *notation.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error is a %T, want *notation.ParseError", err)
			}
			if pe.File != "bad.zsg" || !strings.HasPrefix(tt.want, "bad.zsg:"+strconv.Itoa(pe.Line)+": ") {
				t.Errorf("ParseError{File: %q, Line: %d}, want the file and line of %q", pe.File, pe.Line, tt.want)
			}
		})
	}
}

// TestParseSavedGameNegativePartial: "partial -2" is accepted, and Format then drops
// the prefix, so the saved game does not survive a round trip (FuzzParseSavedGame finds
// it). K should be rejected when negative.
func TestParseSavedGameNegativePartial(t *testing.T) {

	const want = `bad.zsg:4: expected "partial K MOVE", found "partial -2 Man a1 - a2"`
	_, err := notation.ParseSavedGame("bad.zsg", []byte(header+"1. partial -2 Man a1 - a2\n"))
	if err == nil || err.Error() != want {
		t.Errorf("ParseSavedGame error\n got: %v\nwant: %s", err, want)
	}
}

// replayFile opens a saved game in testdata and replays it.
// text returns a function that draws states of g as zoggo show does, for Divergence.Detail.
func text(g *eval.Game) func(*engine.State) string {
	return func(s *engine.State) string { return render.Text(g.Game, s) }
}

func replayFile(t *testing.T, name string) (*notation.Replayed, error) {
	t.Helper()
	path := filepath.Join("testdata", name)
	sg, g, err := notation.OpenSavedGame(path)
	if err != nil {
		return nil, err
	}
	return notation.Replay(g, sg, path)
}

func TestReplayFixtures(t *testing.T) {
	for _, tt := range []struct {
		file  string
		plies int
		final string // the final board, as zoggo show draws it
		cont  bool   // whether the final state is in the middle of a turn
	}{
		{"good.zsg", 7, "4 . . . .\n3 M . . m\n2 . . M .\n1 . . . .\n  a b c d\n", false},
		{"jumps.zsg", 9, "4 . . . M\n3 M . . .\n2 . . . .\n1 . . . .\n  a b c d\n", false},
		{"edits.zsg", 3, "4 . . . .\n3 . . m .\n2 . M . M\n1 M . . .\n  a b c d\n", false},
		{"midjump.zsg", 7, "4 . . . .\n3 M . . m\n2 . . . M\n1 . . . .\n  a b c d\n", true},
	} {
		t.Run(tt.file, func(t *testing.T) {
			r, err := replayFile(t, tt.file)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if len(r.Plies) != tt.plies {
				t.Errorf("%d plies replayed, want %d", len(r.Plies), tt.plies)
			}
			if got := render.Text(r.Game.Game, r.Final); !strings.HasPrefix(got, tt.final) {
				t.Errorf("final position:\n%s\nwant it to start with:\n%s", got, tt.final)
			}
			if got := r.Final.Cont != engine.NoLoc; got != tt.cont {
				t.Errorf("final state in the middle of a turn = %v, want %v", got, tt.cont)
			}
		})
	}
}

func TestReplayErrors(t *testing.T) {
	for _, tt := range []struct {
		file string
		want string // the whole Error()
		// For a divergence: texts that Detail must contain.
		detail []string
	}{
		{
			file: "unknown-piece.zsg",
			want: `testdata/unknown-piece.zsg:5: unknown piece "King": "King c4 - c3"`,
			detail: []string{"position before it:\n4 . . m m\n3 . . . .\n2 M . . .\n1 . M . .\n",
				"nearest legal moves:\n  Man c4 - c3   (recorded has King c4 - c3; zoggo has Man c4 - c3)\n"},
		},
		{
			file: "illegal.zsg",
			want: `testdata/illegal.zsg:6: not a legal move here: "Man a2 - a4"`,
			detail: []string{"position before it:\n4 . . . m\n3 . . m .\n2 M . . .\n1 . M . .\n",
				"nearest legal moves:\n  Man a2 - a3   (recorded has Man a2 - a4; zoggo has Man a2 - a3)\n",
				"  2 more\n"},
		},
		{
			file:   "bad-pass.zsg",
			want:   `testdata/bad-pass.zsg:5: Pass recorded, but passing is not legal here: "Pass"`,
			detail: []string{"nearest legal moves:\n  Man c4 - c3\n  Man c4 - b4\n  Man d4 - d3\n"},
		},
		{file: "bad-edit-piece.zsg", want: `testdata/bad-edit-piece.zsg:5: unknown piece "King" in board edit`},
		{file: "bad-edit-pos.zsg", want: `testdata/bad-edit-pos.zsg:4: unknown position "e5" in board edit`},
		{file: "bad-edit-player.zsg", want: `testdata/bad-edit-player.zsg:4: unknown player "Red" in board edit`},
		{file: "missing-rules.zsg", want: `testdata/missing-rules.zsg:2: rules file "nosuch.zrf" not found in testdata`},
		{file: "wrong-variant.zsg",
			want: `testdata/wrong-variant.zsg:3: testdata/tiny.zrf: no game or variant titled "Tiny Jumsp" (did you mean "Tiny Jumps"?)`},
		{file: "far-variant.zsg",
			want: `testdata/far-variant.zsg:3: testdata/tiny.zrf: no game or variant titled "Chess"`},
	} {
		t.Run(tt.file, func(t *testing.T) {
			r, err := replayFile(t, tt.file)
			if err == nil {
				t.Fatalf("replay succeeded, want %s", tt.want)
			}
			want := filepath.FromSlash(tt.want)
			if got := err.Error(); got != want {
				t.Errorf("replay error\n got: %s\nwant: %s", got, want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
			var d *notation.Divergence
			if tt.detail == nil {
				var pe *notation.ParseError
				if !errors.As(err, &pe) {
					t.Errorf("error is a %T, want *notation.ParseError", err)
				}
				return
			}
			if !errors.As(err, &d) {
				t.Fatalf("error is a %T, want *notation.Divergence", err)
			}
			if !strings.HasPrefix(want, d.File+":"+strconv.Itoa(d.Line)+": ") {
				t.Errorf("Divergence at %s:%d, want the line of %s", d.File, d.Line, want)
			}
			if d.Before == nil || d.Before != r.Final {
				t.Errorf("Divergence.Before = %p, want the final state %p", d.Before, r.Final)
			}
			detail := d.Detail(text(r.Game))
			if !strings.HasPrefix(detail, want+"\n") {
				t.Errorf("Detail does not start with the error:\n%s", detail)
			}
			if bare := d.Detail(nil); strings.Contains(bare, "position before it") || !strings.HasPrefix(bare, want+"\n") {
				t.Errorf("Detail(nil) draws a position or lacks the error:\n%s", bare)
			}
			for _, s := range tt.detail {
				if !strings.Contains(detail, s) {
					t.Errorf("Detail lacks %q:\n%s", s, detail)
				}
			}
		})
	}
}

// addSeeds adds the saved games of testdata and, when $ZOGGO_CORPUS is set, of the
// corpus, transformed by seed.
func addSeeds(f *testing.F, seed func([]byte) []byte) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.zsg"))
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".zsg") {
				files = append(files, p)
			}
			return nil
		})
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(seed(data))
	}
}

func FuzzParseSavedGame(f *testing.F) {
	addSeeds(f, func(b []byte) []byte { return b })
	f.Add([]byte(header + "1. partial 2 Man a1 - a2\n1. Pass\n"))
	f.Add([]byte(header + "(x a1)\n(White Man a1)\n12. Man a1 - a2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sg, err := notation.ParseSavedGame("fuzz.zsg", data)
		if err != nil {
			var pe *notation.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad error %T %q", err, err)
			}
			return
		}
		out := sg.Format()
		again, err := notation.ParseSavedGame("formatted.zsg", out)
		if err != nil {
			t.Fatalf("ParseSavedGame(Format()): %v\n%q", err, out)
		}
		if d := cmp.Diff(sg, again, ignoreLines); d != "" {
			t.Fatalf("Format then ParseSavedGame mismatch (-first +again):\n%s\n%q", d, out)
		}
	})
}

// tinyGames loads the games of testdata/tiny.zrf.
func tinyGames(tb testing.TB) []*eval.Game {
	file, err := eval.LoadFile(filepath.Join("testdata", "tiny.zrf"))
	if err != nil {
		tb.Fatal(err)
	}
	var gs []*eval.Game
	for _, title := range []string{"Tiny", "Tiny Jumps", "Tiny Forced Jumps"} {
		g, err := file.Find(title)
		if err != nil {
			tb.Fatal(err)
		}
		gs = append(gs, g)
	}
	return gs
}

// FuzzReplay replays random saved-game bodies (board edits and move lines, after a fixed
// header) against the games of testdata/tiny.zrf.
func FuzzReplay(f *testing.F) {
	games := tinyGames(f)
	addSeeds(f, func(b []byte) []byte {
		// The body: everything after the third line.
		s := string(b)
		for range 3 {
			if _, rest, ok := strings.Cut(s, "\n"); ok {
				s = rest
			}
		}
		return []byte(s)
	})
	f.Fuzz(func(t *testing.T, body []byte) {
		if len(body) > 4096 {
			return
		}
		sg, err := notation.ParseSavedGame("fuzz.zsg", append([]byte(header), body...))
		if err != nil {
			return
		}
		for _, g := range games {
			r, err := notation.Replay(g, sg, "fuzz.zsg")
			var d *notation.Divergence
			switch {
			case err == nil:
				if len(r.Plies) != len(sg.Moves) || r.Final == nil {
					t.Fatalf("%s: %d plies for %d lines, final %v", g.Title, len(r.Plies), len(sg.Moves), r.Final)
				}
			case errors.As(err, &d):
				if r == nil || len(r.Plies) >= len(sg.Moves) || sg.Moves[len(r.Plies)].Line != d.Line {
					t.Fatalf("%s: divergence at line %d after %d plies", g.Title, d.Line, len(r.Plies))
				}
				_ = d.Detail(text(g))
			}
		}
	})
}
