package engine

// This file holds the test of the scan for the side's pieces, a hot loop of move
// generation.

// Owns reports whether c holds a piece of player p, with one comparison: the owner and
// type fields together, less those of p's piece of type field 1, fall below kindMask
// exactly when the owner is p and the type field is not 0 (empty).
func (c Cell) Owns(p Player) bool {
	return uint32(c)&(playerMask<<kindBits|kindMask)-(uint32(p)<<kindBits+1) < kindMask
}
