package forth

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLoadAxiom loads CORE.4TH and axiom.4th into a fresh VM.
func BenchmarkLoadAxiom(b *testing.B) {
	fsys := os.DirFS(filepath.Join(corpus(b), urDir))
	b.ReportAllocs()
	for b.Loop() {
		vm := stubVM(map[string]int{})
		if err := vm.Load(fsys, "CORE.4TH"); err != nil {
			b.Fatal(err)
		}
		if err := vm.Load(fsys, "axiom.4th"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInner runs a counted loop of a colon word, to measure NEXT; it reports steps/s.
func BenchmarkInner(b *testing.B) {
	vm := kernelVM(b, Config{})
	if err := vm.Interpret("b", []byte(": INC 1+ ; : T 0 100000 0 DO INC LOOP DROP ;")); err != nil {
		b.Fatal(err)
	}
	t := vm.Find("T")
	b.ReportAllocs()
	var steps int64
	for b.Loop() {
		if err := vm.Execute(t); err != nil {
			b.Fatal(err)
		}
		steps += vm.steps
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
}
