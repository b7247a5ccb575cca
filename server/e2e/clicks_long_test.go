//go:build long

package e2e

// The long click-coverage run: every variant of games/ and of the corpus, 30 turns each
// or to the end.
const (
	clicksLong       = true
	clickTurnsQuick  = 0
	clickTurnsCorpus = 0
	clickTurnsLong   = 30
)
