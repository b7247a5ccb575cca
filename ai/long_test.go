//go:build long

package ai_test

const longTests = true
