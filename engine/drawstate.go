package engine

// Cells returns the occupancy of every position of s, for drawing.
func (g *Game) Cells(s *State) []Occupant {
	out := make([]Occupant, len(s.Cells))
	for l, c := range s.Cells {
		if c.IsEmpty() {
			out[l] = Occupant{Player: NoPlayer, Kind: NoKind}
		} else {
			out[l] = Occupant{Player: c.Player(), Kind: c.Kind()}
		}
	}
	return out
}

// Stocks returns the positive off-board counts of s.
func (g *Game) Stocks(s *State) []Stock {
	var out []Stock
	nk := len(g.Pieces)
	for i, n := range s.Stock {
		if n > 0 {
			out = append(out, Stock{Player: Player(i / nk), Kind: Kind(i % nk), N: int(n)})
		}
	}
	return out
}

// DrawState draws a position as text (see Draw).
func (g *Game) DrawState(s *State) string { return Draw(g, g.Cells(s), g.Stocks(s)) }
