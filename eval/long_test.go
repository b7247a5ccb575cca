//go:build long

package eval_test

// longTests enables the deep rows of testdata/perft.txt (make test-long).
const longTests = true
