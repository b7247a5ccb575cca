//go:build linux

package testutil

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// LimitMemory lets the test's process map at most extra bytes more than it has mapped
// now, until the test ends: a test of hostile input whose bound regresses then fails
// with "out of memory" instead of taking the memory of the machine. The Go runtime
// maps address space in arenas of 64 MiB, so extra should leave room for a few.
func LimitMemory(t testing.TB, extra uint64) {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Logf("memory not limited: %v", err)
		return
	}
	var size uint64
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmSize:" && f[2] == "kB" {
			size, _ = strconv.ParseUint(f[1], 10, 64)
			size <<= 10
		}
	}
	var old syscall.Rlimit
	if size == 0 || syscall.Getrlimit(syscall.RLIMIT_AS, &old) != nil {
		t.Logf("memory not limited: no VmSize or RLIMIT_AS")
		return
	}
	lim := old
	lim.Cur = min(old.Max, size+extra)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Logf("memory not limited: %v", err)
		return
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_AS, &old) })
}
