package axiom

import (
	"slices"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/axiom/forth"
)

// TestNativesRegistered checks that the layer registers every Axiom native the DLL had
// (v1.50, and v1.51's OnPlayRandomGame), so no game meets an undefined word that Axiom
// defined.
func TestNativesRegistered(t *testing.T) {
	vm := forth.New(forth.Config{MemSize: 1 << 20})
	newMachine(vm)
	for _, name := range strings.Fields(`move capture capture-at drop drop-piece drop-piece-at
create create-at create-player create-player-at create-piece-type create-piece-type-at
create-player-piece-type create-player-piece-type-at change-type change-type-at change-owner
change-owner-at (move) (move-capture) (create) (capture-at) (change-type-at) (change-owner-at)
(add-piece) (remove-piece) board[] piece-value $CloneBoard $DeallocateBoard OnFriends?
material-balance add-move $Exit $GenerateMoves $DeallocateMoves OnGenerateMoves OnMakeAMove
$DecompileMove SearchStatus@ $Yield $NegamaxMove $UCTMove OnTerminate $Rand64! $EngineNewGame
$EngineSetTurn repetition-reset repetition-push-position repetition-pop-position Data
CurrentMove! BestMove! Nodes! Score! Depth! OnPlayRandomGame
ringbuffer-reset ringbuffer-add-item ringbuffer-remove-item ringbuffer-empty?
ringbuffer2-reset ringbuffer2-add-item ringbuffer2-remove-item ringbuffer2-empty?
^string ^number ^position ^player ^piece-type ^char ^- ^x ^= ^trim`) {
		if vm.Find(name) == 0 {
			t.Errorf("%s is not registered", name)
		}
	}
}

// TestRingBuffers runs the two FIFOs from Forth, and the search words' stand-ins.
func TestRingBuffers(t *testing.T) {
	vm := forth.New(forth.Config{MemSize: 1 << 20})
	m := newMachine(vm)
	src := "ringbuffer-reset ringbuffer2-reset 1 ringbuffer-add-item 2 ringbuffer-add-item " +
		"3 ringbuffer2-add-item ringbuffer-remove-item ringbuffer-remove-item ringbuffer-empty? " +
		"ringbuffer2-empty? ringbuffer2-remove-item"
	if err := vm.Interpret("test", []byte(src)); err != nil {
		t.Fatal(err)
	}
	if got, want := vm.Stack(), []int32{1, 2, -1, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("stack %v, want %v", got, want)
	}
	if err := vm.Interpret("test", []byte("ringbuffer-remove-item")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("removing from an empty buffer: %v", err)
	}
	if err := vm.Interpret("test", []byte("OnPlayRandomGame")); err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Errorf("the built-in play-outs: %v", err)
	}
	// The built-in search engines leave the choice to the host, and say so.
	if err := vm.Interpret("test", []byte("$NegamaxMove")); err != nil || m.builtin != "$NegamaxMove" {
		t.Errorf("the built-in search: %v, recorded %q", err, m.builtin)
	}
}
