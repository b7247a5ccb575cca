package match

// counts counts positions by hash for a match whose goals read how often a position
// occurred: an open-addressing table of keys and counts, which costs a random playout
// less than a map (one probe finds the count to read and to raise). A key whose count
// falls to zero keeps its slot, so lookups never meet a hole; the table holds at most
// the distinct keys met since the last clear, and grows before it is half full. The
// zero counts is empty and ready.
type counts struct {
	keys []uint64
	n    []int32 // n[i] is the count of keys[i]; 0 in a free slot (used false)
	used []bool
	size int // slots used
}

// slot returns the index of key's slot, a free one if key has none (and there is room:
// the table is never more than half full).
func (c *counts) slot(key uint64) int {
	mask := len(c.keys) - 1
	i := int(key^key>>29) & mask
	for c.used[i] && c.keys[i] != key {
		i = (i + 1) & mask
	}
	return i
}

// get returns key's count.
func (c *counts) get(key uint64) int {
	if len(c.keys) == 0 {
		return 0
	}
	return int(c.n[c.slot(key)])
}

// add adds d to key's count (d may be negative; a count never falls below zero by the
// match's own use).
func (c *counts) add(key uint64, d int) {
	if 2*(c.size+1) > len(c.keys) {
		c.grow()
	}
	i := c.slot(key)
	if !c.used[i] {
		c.used[i], c.keys[i] = true, key
		c.size++
	}
	c.n[i] += int32(d)
}

// grow doubles the table (16 slots at first) and puts the keys in again.
func (c *counts) grow() {
	keys, n, used := c.keys, c.n, c.used
	size := max(16, 2*len(keys))
	c.keys, c.n, c.used, c.size = make([]uint64, size), make([]int32, size), make([]bool, size), 0
	for i, u := range used {
		if u {
			j := c.slot(keys[i])
			c.used[j], c.keys[j], c.n[j] = true, keys[i], n[i]
			c.size++
		}
	}
}

// clear empties the table, keeping its slots.
func (c *counts) clear() {
	clear(c.used)
	clear(c.n)
	c.size = 0
}

// clone returns an independent copy of c.
func (c *counts) clone() counts {
	return counts{keys: append([]uint64(nil), c.keys...), n: append([]int32(nil), c.n...),
		used: append([]bool(nil), c.used...), size: c.size}
}
