//go:build !long

package match_test

const longTests = false
