package axiom

// This file holds what a host that searches needs beyond Zillions' protocol: saving the
// engine's whole state as a Position and going back to it, listing the moves with their
// board actions decoded, making one of them, and reading the board and the names Forth
// gives to positions, piece types and players.
//
// A Position is a snapshot of the VM's memory (the Forth variables, the board and the
// move lists pending) and of the stack of move lists. It is immutable, and may be
// restored into any engine started from the same sources with the same setup: a game tree
// is searched by restoring a position, listing or making a move, and saving the result.

import (
	"fmt"
	"strings"

	"github.com/zoggo/zoggo/axiom/forth"
)

// Position is the saved state of an engine between calls.
type Position struct {
	mem   *forth.Snapshot
	lists int32 // head of the stack of move lists
}

// Hash returns a hash of the position's content.
func (p *Position) Hash() uint64 { return p.mem.Hash() ^ uint64(uint32(p.lists))*0x9e3779b97f4a7c15 }

// Bytes returns the bytes of memory the position holds.
func (p *Position) Bytes() int { return p.mem.Bytes() }

// ActOp is the kind of a board action of a move.
type ActOp uint8

// The board actions a move thread holds, as the decompiler reads them.
const (
	ActMove    ActOp = iota + 1 // the piece on From goes to To (capturing what is there)
	ActCreate                   // Piece appears on To
	ActCapture                  // the piece on To (if any) is removed
	ActType                     // the piece on To takes the type bits of Piece
	ActOwner                    // the piece on To takes the player bits of Piece
)

// Action is one board action of a move. Positions are Forth position numbers; Piece is
// Axiom's piece encoding (see PieceType and PiecePlayer).
type Action struct {
	Op       ActOp
	Piece    int32
	From, To int32 // From is -1 when the action has no source
}

// Move is one move of the list pending on an engine.
type Move struct {
	Text    string   // as Zillions saved it
	Acts    []Action // board actions, in thread order
	Partial bool     // the turn goes on after it
	addr    int32
}

// PieceType returns the 1-based {piece} number of an Axiom piece value (0 for empty).
func PieceType(p int32) int { return int(p & typeMask) }

// PiecePlayer returns the 1-based {player} number of an Axiom piece value.
func PiecePlayer(p int32) int { return int(p>>11) & 0x1f }

// Baseline makes the engine's present state, which must have no move list pending, the
// reference its positions are saved against, and returns it. Call it once, after Start.
func (e *Engine) Baseline() (*Position, error) {
	if e.m.lists != 0 {
		return nil, fmt.Errorf("a move list is pending")
	}
	var p *Position
	err := e.vm.Do(func() { p = &Position{mem: e.vm.Baseline()} })
	return p, err
}

// BaselineHash returns a hash of what Baseline recorded: engines whose positions may be
// restored into each other have the same.
func (e *Engine) BaselineHash() uint64 { return e.vm.BaselineHash() }

// Save returns the engine's state now.
func (e *Engine) Save() (*Position, error) {
	var p *Position
	err := e.vm.Do(func() { p = &Position{mem: e.vm.Save(), lists: e.m.lists} })
	return p, err
}

// Restore puts the engine back into the state p was saved in.
func (e *Engine) Restore(p *Position) error {
	err := e.vm.Do(func() { e.vm.Restore(p.mem) })
	e.m.lists = p.lists
	return err
}

// List generates the moves of the side to move, as Moves does, with their board actions;
// the list stays pending for Make.
func (e *Engine) List() ([]Move, error) {
	var out []Move
	err := e.vm.Do(func() {
		if e.m.lists != 0 {
			e.m.dropList()
		}
		e.m.exec(e.m.cfa("OnGenerateMoves"))
		for _, mv := range e.m.moves() {
			text, acts := e.m.decode(mv, true)
			out = append(out, Move{Text: text, Acts: acts, Partial: strings.HasPrefix(text, "partial"), addr: mv})
		}
	})
	if err != nil {
		return nil, fmt.Errorf("generating moves: %w", err)
	}
	return out, nil
}

// Make makes mv, a move of the pending list (the engine must be in the state List left),
// through OnMakeAMove, and frees the list.
func (e *Engine) Make(mv *Move) error {
	err := e.vm.Do(func() {
		if e.m.lists == 0 {
			e.vm.Fail("no move list pending")
		}
		e.m.moveString = mv.Text
		e.m.set("$moveAddr", mv.addr)
		e.m.exec(e.m.cfa("OnMakeAMove"))
		e.m.dropList()
	})
	if err != nil {
		return fmt.Errorf("making %q: %w", mv.Text, err)
	}
	return nil
}

// Over runs OnIsGameOver and returns its score for the player about to move. When
// $shareMovesList is on and no list is pending, it generates the list first, as the DLL
// did, and frees it after.
func (e *Engine) Over() (int32, error) {
	var r int32
	err := e.vm.Do(func() {
		gen := e.m.lists == 0 && e.m.get("$shareMovesList") != 0
		if gen {
			e.m.exec(e.m.cfa("OnGenerateMoves"))
		}
		r = e.m.answer("OnIsGameOver")
		if gen {
			e.m.dropList()
		}
	})
	if err != nil {
		return 0, fmt.Errorf("game over: %w", err)
	}
	return r, nil
}

// Board returns the pieces on positions 0 to $positions-1, as Axiom piece values.
func (e *Engine) Board(out []int32) ([]int32, error) {
	out = out[:0]
	err := e.vm.Do(func() {
		n := e.m.count("$positions", 1<<20)
		for i := range n {
			out = append(out, e.m.cell(i))
		}
	})
	return out, err
}

// Player returns the name of the player about to move ($player).
func (e *Engine) Player() (string, error) {
	var name string
	err := e.vm.Do(func() { name = e.m.playerName(e.m.get("$player")) })
	return name, err
}

// Names returns the names Forth gives to its positions (by position number), piece types
// and players (by 1-based number, so the first entry is for 1).
func (e *Engine) Names() (positions, pieces, players []string, err error) {
	err = e.vm.Do(func() {
		for i := range e.m.count("$positions", 1<<20) {
			positions = append(positions, e.m.posName(i))
		}
		for t := range e.m.count("$pieceCount", typeMask) {
			pieces = append(pieces, e.m.typeName(t+1))
		}
		for n := range e.m.count("$playerCount", 31) {
			players = append(players, e.m.playerName((n+1)<<11))
		}
	})
	return
}

// Pass ends the turn of a player who has no move, as making an empty move would: the turn
// number grows and OnNextTurn hands the turn on. Any pending list is freed.
func (e *Engine) Pass() error {
	err := e.vm.Do(func() {
		for e.m.lists != 0 {
			e.m.dropList()
		}
		e.m.set("$partial", 0)
		e.m.set("$turnNumber", e.m.get("$turnNumber")+1)
		e.m.exec(e.m.cfa("OnNextTurn"))
	})
	if err != nil {
		return fmt.Errorf("passing: %w", err)
	}
	return nil
}

// Search runs OnSearch for the player to move, as Zillions' DLL_Search did after listing
// the moves, with the Forth random generator seeded with seed. It returns the move
// string the player's engine chose (BestMove!), or the name of the built-in engine the
// player uses ($NegamaxMove or $UCTMove): the host searches as that engine would, with
// Evaluate.
func (e *Engine) Search(seed int32) (best, builtin string, err error) {
	err = e.vm.Do(func() {
		if e.m.lists == 0 {
			e.m.exec(e.m.cfa("OnGenerateMoves"))
		}
		e.m.bestMove, e.m.builtin = "", ""
		e.vm.Push(seed)
		e.m.exec(e.m.cfa("SEED!"))
		e.m.exec(e.m.cfa("OnSearch"))
		best, builtin = e.m.bestMove, e.m.builtin
	})
	if err != nil {
		return "", "", fmt.Errorf("search: %w", err)
	}
	return best, builtin, nil
}

// Evaluate runs OnEvaluate with player (a {player} name) as the current player, so that
// the score is from that player's point of view, and returns the score.
func (e *Engine) Evaluate(player string) (int32, error) {
	var r int32
	err := e.vm.Do(func() {
		cfa := e.vm.Find(player)
		if cfa == 0 {
			e.vm.Fail("no player %q", player)
		}
		pl := e.m.constant(cfa)
		e.m.setPlayer(pl, pl)
		r = e.m.answer("OnEvaluate")
	})
	if err != nil {
		return 0, fmt.Errorf("evaluate: %w", err)
	}
	return r, nil
}

// SharesMoves reports whether $shareMovesList is on: OnIsGameOver expects the move list
// of the player to move to be generated.
func (e *Engine) SharesMoves() (bool, error) {
	var on bool
	err := e.vm.Do(func() { on = e.m.get("$shareMovesList") != 0 })
	return on, err
}
