package eval

// Phased reports whether g's turns are computed one move priority at a time.
func Phased(g *Game) bool { return g.phased }

// NoDup reports whether g's parts are proved never to repeat in one position.
func NoDup(g *Game) bool { return g.noDup }

// StepKinds reports, for player p's turns of type typ, whether Sample draws them by
// counting (sampleSteps), and the most entries of one kind (more than 7 take the count
// piece by piece).
func StepKinds(g *Game, p, typ int) (counted bool, most int) {
	t := typ + 1
	if p >= len(g.sample.steps) || t >= len(g.sample.steps[p]) || !g.sample.steps[p][t] {
		return false, 0
	}
	for _, bk := range g.bits.kinds[t] {
		most = max(most, len(bk.ents))
	}
	return true, most
}
