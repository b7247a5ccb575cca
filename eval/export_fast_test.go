package eval

// Phased reports whether g's turns are computed one move priority at a time.
func Phased(g *Game) bool { return g.phased }

// NoDup reports whether g's parts are proved never to repeat in one position.
func NoDup(g *Game) bool { return g.noDup }
