//go:build !linux

package ai

import "time"

var clockStart = time.Now()

// threadCPU returns the wall-clock time since the program started, where the thread's
// CPU time is not read.
func threadCPU() time.Duration { return time.Since(clockStart) }
