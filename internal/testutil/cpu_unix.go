//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// CPUTime returns the processor time the process has used so far, user and system, on
// every thread (the collector's too). Benchmarks report it beside the wall time, which
// says little on a machine that other work shares.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
