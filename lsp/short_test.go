//go:build !long

package lsp

// expandEvery says which of the files TestFormatCorpus formats it expands too.
const expandEvery = 8
