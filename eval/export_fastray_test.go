package eval

// FastUnits counts the units of g's fast blocks and the blocks they hold.
func FastUnits(g *Game) (units, blocks int) {
	for _, fb := range g.fast {
		for i := range fb {
			if u := fb[i].unit; u != nil {
				units++
				blocks += u.end - i
			}
		}
	}
	return
}
