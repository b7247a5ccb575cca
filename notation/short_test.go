//go:build !long

package notation_test

const longTests = false
