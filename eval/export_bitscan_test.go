package eval

// BitScan reports whether g makes the first checks of some player's pieces on words of
// bits (bitscan.go).
func BitScan(g *Game) bool { return g.bits != nil }
