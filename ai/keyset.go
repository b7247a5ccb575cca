package ai

// keySet is a set of 64-bit position keys for the playouts' repetition rule: open
// addressing in a table of a power of two slots, emptied at once by a new generation
// (the playouts empty it every iteration, where a map's clear costs its whole table).
type keySet struct {
	keys []uint64
	gen  []uint32 // the generation that filled the slot
	cur  uint32
	n    int
}

// reset empties the set.
func (s *keySet) reset() {
	s.n = 0
	s.cur++
	if s.cur == 0 { // the generations wrapped: no slot may look filled
		clear(s.gen)
		s.cur = 1
	}
}

// slot returns the slot of k in a table of mask+1 slots: the first from k's home on
// that holds k or is empty.
func (s *keySet) slot(k uint64) (int, bool) {
	mask := len(s.keys) - 1
	i := int((k * 0x9e3779b97f4a7c15) >> 40 & uint64(mask))
	for s.gen[i] == s.cur {
		if s.keys[i] == k {
			return i, true
		}
		i = (i + 1) & mask
	}
	return i, false
}

// has reports whether k is in the set.
func (s *keySet) has(k uint64) bool {
	if s.n == 0 {
		return false
	}
	_, ok := s.slot(k)
	return ok
}

// add puts k in the set.
func (s *keySet) add(k uint64) {
	if 2*(s.n+1) > len(s.keys) {
		s.grow()
	}
	i, ok := s.slot(k)
	if ok {
		return
	}
	s.keys[i], s.gen[i] = k, s.cur
	s.n++
}

// grow doubles the table (at least 256 slots) and puts the keys back.
func (s *keySet) grow() {
	old, oldGen, cur := s.keys, s.gen, s.cur
	size := max(256, 2*len(old))
	s.keys, s.gen, s.cur, s.n = make([]uint64, size), make([]uint32, size), 1, 0
	for i, k := range old {
		if oldGen[i] == cur {
			s.add(k)
		}
	}
}
