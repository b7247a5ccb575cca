package eval

import (
	"errors"
	"strings"
	"testing"
)

// TestCatch checks the recovery that every entry point of the run-time defers: a bail-out
// of the move code comes back as its GenError, and any other panic as an internal error
// at the rules position of the op being run, never as a panic.
func TestCatch(t *testing.T) {
	f, err := LoadFile("../games/checkers.zrf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.Default()
	if err != nil {
		t.Fatal(err)
	}
	run := func(x *gen, f func()) (err error) {
		defer g.catch(x, &err)
		f()
		return nil
	}
	x := newGen(g)
	op := &g.code.Moves[0][0].Ops[0]
	err = run(x, func() { x.bail(op, "too far") })
	var ge *GenError
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "too far") || !strings.Contains(err.Error(), "checkers.zrf:") {
		t.Errorf("bail-out: got %v, want a GenError saying too far at a place in checkers.zrf", err)
	}
	x.at = op.At
	want := g.Fset.Position(g.code.At[op.At].Pos).String()
	err = run(x, func() {
		var cells []int
		_ = cells[len(x.b.Locs)]
	})
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "internal error: runtime error: index out of range") ||
		!strings.HasPrefix(err.Error(), want) {
		t.Errorf("panic: got %v, want an internal error at %s", err, want)
	}
	err = run(nil, func() { panic("no generator") })
	if err == nil || !strings.HasPrefix(err.Error(), g.Fset.Position(g.Pos).String()) {
		t.Errorf("panic without a generator: got %v, want it at the game's form", err)
	}
}
