package eval

// BitScan reports whether g makes the first checks of some player's pieces on words of
// bits (bitscan.go).
func BitScan(g *Game) bool { return g.bits != nil }

// SetCheckSquares makes the bit scan of g check every set of squares it did not sort
// itself (those perft hints) against the board.
func SetCheckSquares(g *Game, on bool) { g.checkSquares = on }
