package forth

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzInterpret checks that interpreting any text, after CORE.4TH or the kernel helpers,
// ends without a panic, a Go runtime error or a hang.
func FuzzInterpret(f *testing.F) {
	for _, s := range []string{
		"1 2 + .",
		": T 10 0 DO I LOOP ; T",
		": T BEGIN 0 UNTIL ; T",
		": F DUP 2 < IF DROP 1 ELSE DUP 1- RECURSE * THEN ; 5 F",
		"CREATE X 5 , X @ EXECUTE",
		": K <BUILDS , DOES> @ ; 3 K THREE THREE",
		"HERE 100 65 FILL HERE TYPE",
		"1. 2. F/ F>N",
		"( ) ) \\ x",
		"-2147483648 -1 / 0 /MOD",
		"DP @ 1000000 + DP !",
		"R> R> R> EXECUTE",
		"0 DOES>",
	} {
		f.Add([]byte(s))
	}
	// With the corpus, each run starts from CORE.4TH, so that IF, DO, CONSTANT, ." and the
	// rest are there to be misused.
	base := []byte(kernel)
	if dir := os.Getenv("ZOGGO_CORPUS"); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, urDir, "CORE.4TH")); err == nil {
			base = b
			for _, line := range bytes.Split(b, []byte("\n")) {
				f.Add(line)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		vm := New(Config{MemSize: 256 << 10, MaxSteps: 100_000, DataStack: 256, ReturnStack: 256})
		if err := vm.Interpret("base", base); err != nil {
			t.Fatal(err)
		}
		err := vm.Interpret("fuzz", src)
		// A Go runtime error caught by the entry point is a bug of the VM all the same.
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%q: %v", src, err)
		}
	})
}
