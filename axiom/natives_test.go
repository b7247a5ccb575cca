package axiom_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/zoggo/zoggo/axiom"
	"github.com/zoggo/zoggo/internal/testutil"
)

// tinyGame is a game written here for the tests: a 3×3 board, two players, men that step
// north onto an empty square, or jump a piece north and capture it, and promote on the top
// row; kings that only pass. Each generator exercises a few natives.
const tinyGame = `
{board 3 3 {grid} board}
{directions
	-1 0 {direction} n
	 1 0 {direction} s
directions}
{players {player} White {player} Black players}
{turn-order {turn} White {turn} Black turn-order}

: promote? ( -- flag ) here a3 = here b3 = OR here c3 = OR ;
: step ( -- )
	n verify empty? verify
	from here move
	promote? IF 2 change-type ENDIF \ King, the second {piece}
	add-move ;
: jump ( -- )
	n verify not-empty? verify here
	n verify empty? verify
	from here move capture-at
	add-move ;
: two ( -- )
	\ Two moves from one generator, then a half-built move that is thrown away.
	s verify empty? verify
	from here move add-move
	Black here change-owner-at add-move
	from here move ;
: wait ( -- ) Pass ;
: crown ( -- )
	\ Changes in a row on other squares: the decompiler names a square once per change.
	1 a3 change-type-at 1 b3 change-type-at White c3 change-owner-at add-move ;
{moves man-moves
	{move} step
	{move} jump
moves}
{moves back-moves {move} two moves}
{moves king-moves {move} crown {move} wait moves}
{pieces
	{piece} Man {moves} man-moves 7 {value}
	{piece} King {moves} king-moves 9 {value}
	{piece} Back {moves} back-moves
pieces}
`

// tiny starts the tiny game with the corpus's CORE.4TH and axiom.4th and the given setup.
func tiny(t *testing.T, game string, setup ...axiom.Edit) *axiom.Engine {
	t.Helper()
	dir := filepath.Join(testutil.CorpusDir(t), "dagazproject-zrf", "Ordo", "Axiom", "Ordo")
	fsys := fstest.MapFS{"g/Tiny.4th": {Data: []byte(game)}}
	for _, f := range []string{"CORE.4TH", "axiom.4th"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		fsys["g/"+f] = &fstest.MapFile{Data: b}
	}
	e, err := axiom.Start(fsys, &axiom.Sources{Dir: "g", Core: "g/CORE.4TH", Axiom: "g/axiom.4th", Game: "g/Tiny.4th"}, setup)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestDecompile lists the moves of a position of the tiny game: the order of generation,
// and the move strings of each action and of a few sequences of them. The prototype gives
// the same list for the same game and position.
func TestDecompile(t *testing.T) {
	e := tiny(t, tinyGame,
		axiom.Edit{"White", "Back", "a3"}, axiom.Edit{"White", "Man", "b2"},
		axiom.Edit{"Black", "Man", "c2"}, axiom.Edit{"White", "Man", "a1"},
		axiom.Edit{"White", "King", "b1"}, axiom.Edit{"White", "Man", "c1"})
	got, err := e.Moves()
	if err != nil {
		t.Fatal(err)
	}
	// Positions in index order: a3 b3 c3, a2 b2 c2, a1 b1 c1.
	want := []string{
		"Back a3 - a2",                 // two: the first add-move...
		"= Black on a2",                // ...the second starts empty; the rest is thrown away
		"Man b2 - b3 = King",           // a promotion at the destination needs no "on"
		"Man a1 - a2",                  // step; jump fails on an empty a2
		"= Man on a3 b3 = White on c3", // crown
		"Pass",                         // wait
		"Man c1 - c3 x c2",             // jump
	}
	if !slices.Equal(got, want) {
		t.Errorf("moves\n %q\nwant\n %q", got, want)
	}
}

// TestPlay makes moves of the tiny game and checks what they did to the board, the turn,
// the move lists that follow and the result.
func TestPlay(t *testing.T) {
	e := tiny(t, tinyGame,
		axiom.Edit{"White", "Back", "a3"}, axiom.Edit{"White", "Man", "b2"},
		axiom.Edit{"Black", "Man", "c2"}, axiom.Edit{"White", "Man", "a1"},
		axiom.Edit{"White", "King", "b1"}, axiom.Edit{"White", "Man", "c1"})
	for _, mv := range []string{"Man b2 - b3 = King", " Man  c2 -\tc3 = King "} {
		if err := e.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	got, err := e.Moves()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Back a3 - a2", "= Black on a2",
		"= Man on a3 b3 = White on c3", "Pass", // the king on b3
		"Man a1 - a2",
		"= Man on a3 b3 = White on c3", // the king on b1: Pass is added once per list
		"Man c1 - c2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("White's moves\n %q\nwant\n %q", got, want)
	}
	// Man 7, King 9, Back 1: White has 1+9+7+9+7, Black a king.
	vm := e.VM()
	if err := vm.Interpret("test", []byte("White material-balance  b3 board[] @ piece-value  c3 piece-at")); err != nil {
		t.Fatal(err)
	}
	if s := vm.Stack(); !slices.Equal(s, []int32{24, 9, 2*2048 + 2}) {
		t.Errorf("material balance, value on b3, piece on c3: %v, want [24 9 4098]", s)
	}
	vm.Reset()
	err = e.Play("Man c1 - c3 x c2")
	if err == nil || !strings.Contains(err.Error(), `"Man c1 - c2"`) {
		t.Errorf("a move that is not generated: %v, want an error listing the candidates", err)
	}
	if r, err := e.GameOver(); err != nil || r != axiom.UnknownScore {
		t.Errorf("GameOver: %d, %v; want %d", r, err, axiom.UnknownScore)
	}
}

// TestStalemate checks a side without moves: a draw for the default OnIsGameOver, and a
// forced pass when the game asks for one.
func TestStalemate(t *testing.T) {
	e := tiny(t, tinyGame, axiom.Edit{"White", "Man", "a3"})
	if got, err := e.Moves(); err != nil || len(got) != 0 {
		t.Errorf("moves %q, %v; want none", got, err)
	}
	if r, err := e.GameOver(); err != nil || r != axiom.DrawScore {
		t.Errorf("GameOver: %d, %v; want %d", r, err, axiom.DrawScore)
	}
	e = tiny(t, tinyGame+"$passTurnForced ON\n", axiom.Edit{"White", "Man", "a3"})
	if got, err := e.Moves(); err != nil || !slices.Equal(got, []string{"Pass"}) {
		t.Errorf("moves %q, %v; want a forced Pass", got, err)
	}
	if err := e.Play("Pass"); err != nil {
		t.Fatal(err)
	}
	if got, err := e.Moves(); err != nil || !slices.Equal(got, []string{"Pass"}) {
		t.Errorf("Black's moves %q, %v; want a forced Pass", got, err)
	}
}

// TestErrors checks that faults of the game's Forth come back as errors.
func TestErrors(t *testing.T) {
	e := tiny(t, tinyGame+`
: loop ( -- ) BEGIN FALSE UNTIL ;
{moves loop-moves {move} loop moves}
{pieces {piece} Man {moves} loop-moves pieces}
`, axiom.Edit{"White", "Man", "a1"})
	e.VM().SetMaxSteps(100000)
	if _, err := e.Moves(); err == nil || !strings.Contains(err.Error(), "step budget") {
		t.Errorf("a generator that loops: %v, want the step budget exhausted", err)
	}
	if err := e.Edit(axiom.Edit{"White", "Nobody", "a1"}); err == nil {
		t.Error("an edit with an unknown piece: no error")
	}
}

// TestCloneBoard checks that $CloneBoard gives a copy to change and $DeallocateBoard gives
// the original back, with the dictionary as it was.
func TestCloneBoard(t *testing.T) {
	e := tiny(t, tinyGame, axiom.Edit{"White", "Man", "a1"})
	vm := e.VM()
	src := "HERE $board @  $CloneBoard  a1 piece-at  0 a1 board[] !  a1 piece-at  $DeallocateBoard  a1 piece-at  HERE  $board @"
	if err := vm.Interpret("test", []byte(src)); err != nil {
		t.Fatal(err)
	}
	s := vm.Stack()
	if len(s) != 7 || s[2] != 2048+1 || s[3] != 0 || s[4] != 2048+1 || s[5] != s[0] || s[6] != s[1] {
		t.Errorf("HERE, board, piece on the copy, after clearing it, on the original, HERE, board: %v", s)
	}
}

// TestPlayPending checks that Play makes a move of the list Moves gave, not of a new one:
// a generator that keeps state in a variable lists other moves each time.
func TestPlayPending(t *testing.T) {
	e := tiny(t, tinyGame+`
VARIABLE calls
: tick ( -- ) here a1 = verify  calls ++  1 calls @ create-piece-type-at add-move ;
{moves tick-drops {move} tick moves}
{pieces {piece} Man {drops} tick-drops pieces}
`)
	for _, want := range []string{"White Man b3", "Black Man a2"} { // Pass made a list: c3
		got, err := e.Moves()
		if err != nil || !slices.Equal(got, []string{want}) {
			t.Fatalf("moves %q, %v; want %q", got, err, want)
		}
		if err := e.Play(want); err != nil {
			t.Fatal(err)
		}
		if err := e.Play("Pass"); err == nil {
			t.Fatal("Pass: no error")
		}
	}
}

// TestGeneratorUnderflow checks that a generator may drop a cell it never pushed, as
// MarGo's clear-f does, since the DLL checked the stack only in the outer interpreter.
func TestGeneratorUnderflow(t *testing.T) {
	e := tiny(t, tinyGame+`
: sloppy ( -- ) here a1 = verify DROP DROP drop add-move ;
{moves sloppy-drops {move} sloppy moves}
{pieces {piece} Man {drops} sloppy-drops pieces}
`)
	if got, err := e.Moves(); err != nil || !slices.Equal(got, []string{"White Man a1"}) {
		t.Errorf("moves %q, %v; want [White Man a1]", got, err)
	}
	if d := e.VM().Depth(); d != 0 {
		t.Errorf("the stack holds %d cells after generation", d)
	}
}
