package main

// This file sets the collector for check. Checking a file allocates far more than it
// keeps: the move code of every variant is compiled and then dropped, so with the
// default setting (GOGC=100, a collection each time the heap doubles over what is live)
// a third of check's processor time went to the collector. check instead collects only
// when the heap nears a soft limit. Measured on the 202 corpus rules files, both cores
// checking files (see testdata/bench/README.md, "Checking the corpus"): user+system
// time 6.95 s at the start of the branch (default setting), 5.13 s with a limit of
// 512 MiB (peak resident 555 MB against 455 MB), 4.55 s with 768 MiB (800 MB), 4.62 s
// with 1 GiB (1.07 GB).
//
// The limit is soft: if what is live ever outgrows it, the runtime collects as often as
// it must but gives the collector at most half the processor, so check slows down and
// finishes rather than fail. A user who sets GOGC or GOMEMLIMIT gets their own setting.

import (
	"os"
	"runtime/debug"
)

// checkMemoryLimit is the heap size at which check collects.
const checkMemoryLimit = 768 << 20

// checkCollector sets the collector for check unless the environment sets it, and
// returns the function that puts the earlier setting back.
func checkCollector() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	limit := debug.SetMemoryLimit(checkMemoryLimit)
	percent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
