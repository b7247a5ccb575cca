//go:build long

package lsp

// expandEvery says which of the files TestFormatCorpus formats it expands too: all
// of them under make test-long.
const expandEvery = 1
