//go:build !long

package e2e

// The quick click-coverage run: one variant of each rules file, a few turns each.
const (
	clicksLong       = false
	clickTurnsQuick  = 6
	clickTurnsCorpus = 12
	clickTurnsLong   = 0
)
