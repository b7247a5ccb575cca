//go:build long

package match_test

// longTests plays the GNU Go comparison on more games (make test-long).
const longTests = true
