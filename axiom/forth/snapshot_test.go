package forth

import (
	"testing"
)

// snapVM returns a VM with a variable X, a 2000-byte array A and a word BUMP that
// increments X and writes X into A at 4*X, with a baseline taken.
func snapVM(t *testing.T) *VM {
	t.Helper()
	vm := kernelVM(t, Config{})
	src := `CREATE X 0 ,  CREATE A 2000 ALLOT
: BUMP X @ 1 + DUP X ! DUP 4 * A + ! ;
: SCRIBBLE HERE 100 0 DO I OVER ! 4 + LOOP DROP ;`
	if err := vm.Interpret("snap", []byte(src)); err != nil {
		t.Fatal(err)
	}
	vm.Baseline()
	return vm
}

func (vm *VM) run1(t *testing.T, src string) []int32 {
	t.Helper()
	if err := vm.Interpret("t", []byte(src)); err != nil {
		t.Fatal(err)
	}
	st := vm.Stack()
	vm.Reset()
	return st
}

func TestSnapshotRestore(t *testing.T) {
	vm := snapVM(t)
	start := vm.Save()
	for range 3 {
		vm.run1(t, "BUMP")
	}
	three := vm.Save()
	for range 300 {
		vm.run1(t, "BUMP")
	}
	if got := vm.run1(t, "X @"); got[0] != 303 {
		t.Fatalf("X = %v, want 303", got)
	}
	vm.Restore(three)
	if got := vm.run1(t, "X @ A 12 + @ A 16 + @"); got[0] != 3 || got[1] != 3 || got[2] != 0 {
		t.Errorf("after restoring three: %v, want [3 3 0]", got)
	}
	vm.Restore(start)
	if got := vm.run1(t, "X @ A 4 + @"); got[0] != 0 || got[1] != 0 {
		t.Errorf("after restoring start: %v, want [0 0]", got)
	}
	// The same content reached another way hashes the same; other content does not.
	for range 3 {
		vm.run1(t, "BUMP")
	}
	again := vm.Save()
	if again.Hash() != three.Hash() {
		t.Errorf("same content, different hashes %x and %x", again.Hash(), three.Hash())
	}
	if again.Hash() == start.Hash() {
		t.Errorf("different contents, same hash")
	}
	// Writes at and above HERE are scratch: they change neither the hash nor what is kept.
	vm.run1(t, "SCRIBBLE")
	if s := vm.Save(); s.Hash() != three.Hash() {
		t.Errorf("scratch above HERE changed the hash")
	}
}

// A snapshot restores into another VM that loaded the same sources.
func TestSnapshotOtherVM(t *testing.T) {
	a, b := snapVM(t), snapVM(t)
	for range 70 {
		a.run1(t, "BUMP")
	}
	s := a.Save()
	b.run1(t, "BUMP BUMP") // b is elsewhere; Restore must undo this too
	b.Restore(s)
	if got := b.run1(t, "X @ A 280 + @ A 8 + @"); got[0] != 70 || got[1] != 70 || got[2] != 2 {
		t.Errorf("b after restoring a's snapshot: %v, want [70 70 2]", got)
	}
	if h := b.Save().Hash(); h != s.Hash() {
		t.Errorf("hash in b %x, in a %x", h, s.Hash())
	}
}

// The random generators are part of a snapshot.
func TestSnapshotRandom(t *testing.T) {
	vm := snapVM(t)
	vm.run1(t, "7 SEED!")
	s := vm.Save()
	first := vm.run1(t, "0 1000 RAND-WITHIN 0 1000 RAND-WITHIN")
	vm.Restore(s)
	if again := vm.run1(t, "0 1000 RAND-WITHIN 0 1000 RAND-WITHIN"); again[0] != first[0] || again[1] != first[1] {
		t.Errorf("after restore: %v, want %v", again, first)
	}
	if vm.Save().Hash() == s.Hash() {
		t.Errorf("drawing numbers did not change the hash")
	}
}

// VMs that loaded the same sources have the same baseline hash; another source does not.
func TestBaselineHash(t *testing.T) {
	a, b := snapVM(t), snapVM(t)
	if a.BaselineHash() != b.BaselineHash() {
		t.Errorf("same sources, baseline hashes %x and %x", a.BaselineHash(), b.BaselineHash())
	}
	c := kernelVM(t, Config{})
	if err := c.Interpret("other", []byte("CREATE X 1 , CREATE A 2000 ALLOT")); err != nil {
		t.Fatal(err)
	}
	c.Baseline()
	if c.BaselineHash() == a.BaselineHash() {
		t.Errorf("other sources, same baseline hash")
	}
}
