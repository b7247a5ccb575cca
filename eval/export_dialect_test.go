package eval

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
		for i := range hs {
			if hs[i].ok {
				heads++
			}
		}
	}
	for _, c := range f.checks {
		if c {
			checks++
		}
	}
	return
}

// DropsQuiet reports whether the load proved that g's first check removes every turn
// that captures nothing once some turn captures (dialect_defer.go).
func DropsQuiet(g *Game) bool { return g.dfast != nil && g.dfast.dropQuiet }

// Tails counts the move blocks of g that dialect_tail.go finishes without the
// interpreter: add tails and slides.
func Tails(g *Game) (adds, slides int) {
	if g.dfast == nil {
		return
	}
	for _, ts := range g.dfast.tails {
		for _, t := range ts {
			switch t.kind {
			case dtailAdd:
				adds++
			case dtailSlide:
				slides++
			}
		}
	}
	return
}

// DirectActions counts the action lists of g (the global ones and each piece type's,
// for each kind of action) that dialect_direct.go runs without the interpreter.
func DirectActions(g *Game) (n int) {
	if g.dfast == nil {
		return 0
	}
	for _, acts := range g.dfast.directActs {
		for _, l := range acts {
			if l.ok {
				n++
			}
		}
	}
	return n
}
