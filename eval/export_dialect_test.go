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
	// A head: a guard, or a fast block's first step and test of where it lands.
	for _, fb := range f.blocks {
		for i := range fb {
			if fb[i].guard != nil || fb[i].ok && fb[i].ops[0].code == fStepTest {
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

// Tails counts the move blocks of g that dialect_blocks.go rewrites into a head and an
// add (fStepTest, fAdd), and into a step and a slide (fStep, fSlide).
func Tails(g *Game) (adds, slides int) {
	if g.dfast == nil {
		return
	}
	for _, fb := range g.dfast.blocks {
		for i := range fb {
			ops := fb[i].ops
			switch {
			case !fb[i].ok || len(ops) != 2:
			case ops[0].code == fStepTest && ops[1].code == fAdd:
				adds++
			case ops[0].code == fStep && ops[1].code == fSlide:
				slides++
			}
		}
	}
	return
}
