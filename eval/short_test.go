//go:build !long

package eval_test

const longTests = false
