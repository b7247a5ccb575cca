//go:build !long

package e2e

// The quick click-coverage run, in make test: one variant of each rules file, a few
// turns each.
const (
	clicksLong       = false
	clickTurnsQuick  = 4
	clickTurnsCorpus = 8
	clickTurnsLong   = 0
)
