package axiom

// This file holds the host side of the protocol: what Zillions did through the plug-in's
// entry points, to start a game, set it up, list and make moves, and ask for the result.

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/zoggo/zoggo/axiom/forth"
)

// Scores of OnIsGameOver, from the point of view of the player about to move.
const (
	UnknownScore int32 = -2140000000 // the game goes on
	LossScore    int32 = -2130000000 // the player to move has lost
	DrawScore    int32 = 0
	WinScore     int32 = 2130000000
)

// Engine is one Axiom game variant loaded on its own VM. It is not safe for concurrent use.
type Engine struct {
	vm *forth.VM
	m  *machine
}

// Start loads the sources of a variant and sets up its start position, as Zillions did:
// CORE.4TH, the natives, axiom.4th, then the game script after the fence; $NewGame,
// $EngineNewGame and OnNewGame; then each edit through OnEditAdd.
func Start(fsys fs.FS, src *Sources, setup []Edit) (*Engine, error) {
	if src == nil {
		return nil, fmt.Errorf("no sources")
	}
	// Time stands still for the Forth, so that a game that seeds its random numbers from
	// the clock (RANDOMIZE) plays the same every time.
	vm := forth.New(forth.Config{Clock: func() int32 { return 0 }})
	if err := vm.Load(fsys, src.Core); err != nil {
		return nil, err
	}
	e := &Engine{vm: vm, m: newMachine(vm)}
	if err := vm.Load(fsys, src.Axiom); err != nil {
		return nil, err
	}
	err := vm.Do(func() {
		e.m.docol = vm.Fetch(e.m.cfa("$NewGame"))
		vm.Push(e.m.cfa("axiomFence"))
		e.m.exec(e.m.cfa("(FORGET)"))
	})
	if err != nil {
		return nil, fmt.Errorf("axiom.4th: %w", err)
	}
	vm.Native("axiomFence", func(*forth.VM) error { return nil })
	e.m.forget()
	if err := vm.Load(fsys, src.Game); err != nil {
		return nil, err
	}
	e.m.forget()
	err = vm.Do(func() {
		e.m.bindActions()
		e.m.lists = 0
		e.m.set("$partial", 0)
		e.m.set("$turnNumber", 1)
		e.m.set("$add-move", e.m.cfa("add-move"))
		for _, w := range []string{"$NewGame", "$EngineNewGame", "OnNewGame"} {
			e.m.exec(e.m.cfa(w))
		}
	})
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	for _, ed := range setup {
		if err := e.Edit(ed); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// VM returns the engine's Forth machine.
func (e *Engine) VM() *forth.VM { return e.vm }

// Edit puts a piece on the board through OnEditAdd.
func (e *Engine) Edit(ed Edit) error {
	err := e.vm.Do(func() {
		if e.m.lists != 0 {
			e.m.dropList()
		}
		for _, w := range []string{ed.Player, ed.Piece, ed.Pos} {
			cfa := e.vm.Find(w)
			if cfa == 0 {
				e.vm.Fail("unknown word %q", w)
			}
			e.m.exec(cfa)
		}
		e.m.exec(e.m.cfa("OnEditAdd"))
	})
	if err != nil {
		return fmt.Errorf("edit (%s %s %s): %w", ed.Player, ed.Piece, ed.Pos, err)
	}
	return nil
}

// generate returns the moves of a move list with their strings: a new list from
// OnGenerateMoves that replaces any pending one, or, with pending set, the pending list if
// there is one, as the DLL made a move from the list it had just listed. (Generators may
// keep state in Forth variables, so generating again can give other moves.)
func (e *Engine) generate(pending bool) (mvs []int32, texts []string, err error) {
	err = e.vm.Do(func() {
		if e.m.lists == 0 || !pending {
			if e.m.lists != 0 {
				e.m.dropList()
			}
			e.m.exec(e.m.cfa("OnGenerateMoves"))
		}
		mvs = e.m.moves()
		for _, mv := range mvs {
			texts = append(texts, e.m.decompile(mv))
		}
	})
	if err != nil {
		return nil, nil, fmt.Errorf("generating moves: %w", err)
	}
	return mvs, texts, nil
}

// Moves generates the moves of the side to move and returns their strings, in the order
// Axiom lists them. The list stays pending for Play.
func (e *Engine) Moves() ([]string, error) {
	_, texts, err := e.generate(false)
	return texts, err
}

// Play makes the first move whose string is text, as Axiom matched the string Zillions
// sent: from the list Moves left pending, else from a new list. Text is compared after its
// runs of white space become one space.
func (e *Engine) Play(text string) error {
	text = strings.Join(strings.Fields(text), " ")
	mvs, texts, err := e.generate(true)
	if err != nil {
		return err
	}
	i := 0
	for i < len(texts) && texts[i] != text {
		i++
	}
	if i == len(texts) {
		e.vm.Do(e.m.dropList)
		return fmt.Errorf("no move %q among the %d generated: %q", text, len(texts), texts)
	}
	err = e.vm.Do(func() {
		e.m.moveString = text
		e.m.set("$moveAddr", mvs[i])
		e.m.exec(e.m.cfa("OnMakeAMove"))
		e.m.dropList()
	})
	if err != nil {
		return fmt.Errorf("making %q: %w", text, err)
	}
	return nil
}

// GameOver runs OnIsGameOver, after generating a new move list when $shareMovesList is
// on (as the DLL did, whatever list was pending), and returns its score for the player
// about to move.
func (e *Engine) GameOver() (int32, error) {
	share, err := e.SharesMoves()
	if err != nil {
		return 0, err
	}
	if share && e.m.lists != 0 {
		if err := e.vm.Do(e.m.dropList); err != nil {
			return 0, err
		}
	}
	return e.Over()
}

// Replay makes the moves of lines in order, as a saved game's move lines without their
// numbers, and returns how many it made; the error names the 1-based line that failed.
func (e *Engine) Replay(lines []string) (int, error) {
	for i, l := range lines {
		if err := e.Play(l); err != nil {
			return i, fmt.Errorf("move %d of %d: %w", i+1, len(lines), err)
		}
	}
	return len(lines), nil
}
