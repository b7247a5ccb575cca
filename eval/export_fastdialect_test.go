package eval

// HasFastBlocks reports whether some move block of g runs on fast.go's fast path.
func HasFastBlocks(g *Game) bool {
	for _, fb := range g.fast {
		for i := range fb {
			if fb[i].ok {
				return true
			}
		}
	}
	return false
}

// IsDialect reports whether g is written in the zoggo-1 dialect.
func IsDialect(g *Game) bool { return g.code != nil && g.code.Dialect != nil }
