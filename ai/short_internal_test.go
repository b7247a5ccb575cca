//go:build !long

package ai

// longRun is set by -tags long: the internal tests run in full.
const longRun = false
