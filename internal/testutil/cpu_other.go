//go:build !unix

package testutil

import "time"

// CPUTime returns 0 where the process's processor time is not known.
func CPUTime() time.Duration { return 0 }
