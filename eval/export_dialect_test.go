package eval

// SetDialectShortcuts turns the fast paths of dialect_fast.go on or off, for tests.
func SetDialectShortcuts(on bool) { useDialectShortcuts = on }

// FastPaths counts the fast paths of dialect_fast.go proved for g: sparse scans,
// actions decided without a generator (per piece type and kind of action, the global
// ones included), block heads, and checks run as closures.
func FastPaths(g *Game) (scans, actions, heads, checks int) {
	f := g.dfast
	if f == nil {
		return
	}
	scans = len(f.scans)
	for _, acts := range f.quiet {
		for _, q := range acts {
			if q.ok {
				actions++
			}
		}
	}
	for _, hs := range f.heads {
		for _, h := range hs {
			if h.ok {
				heads++
			}
		}
	}
	for _, c := range f.checks {
		if c != nil {
			checks++
		}
	}
	return
}
