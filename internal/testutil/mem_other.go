//go:build !linux

package testutil

import "testing"

// LimitMemory does nothing where the process's address space cannot be limited.
func LimitMemory(t testing.TB, extra uint64) {}
