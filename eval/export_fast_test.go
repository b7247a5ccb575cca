package eval

// Phased reports whether g's turns are computed one move priority at a time.
func Phased(g *Game) bool { return g.phased }
