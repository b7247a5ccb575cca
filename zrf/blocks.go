package zrf

// blocks hands out values and short slices of T carved from larger blocks: reading and
// expanding a file makes millions of nodes, and allocating them one by one made the
// memory allocator and the collector most of the work. A block lives as long as anything
// carved from it.
type blocks[T any] struct {
	free []T
	size int // elements per block
}

// maxCarved is the longest slice carved from a block; longer ones get their own array.
const maxCarved = 256

// zero returns a new zero T. Filling in its fields one by one costs less than copying a
// whole value in while the collector runs: that copy goes through a bulk write barrier
// for the pointers of every field, set or not.
func (b *blocks[T]) zero() *T {
	if len(b.free) == 0 {
		b.free = make([]T, b.size)
	}
	p := &b.free[0]
	b.free = b.free[1:]
	return p
}

// slice returns a slice of n zero values with capacity n: appending past it moves it out
// of the block.
func (b *blocks[T]) slice(n int) []T {
	if n > maxCarved {
		return make([]T, n)
	}
	if n > len(b.free) {
		b.free = make([]T, b.size)
	}
	out := b.free[:n:n]
	b.free = b.free[n:]
	return out
}
