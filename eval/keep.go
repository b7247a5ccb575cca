package eval

// This file copies turns out of a workspace, so that a match can keep the turns it plays
// while it computes the turns of every position in the same few workspaces.

import "github.com/zoggo/zoggo/engine"

// copyParts sets c to t with its parts copied into parts (of t's length) and their
// changes, then those of End, appended to changes, which must have room for them all;
// c's After is t's.
func (t *Turn) copyParts(c *Turn, parts []engine.Move, changes []engine.Change) {
	for i := range t.Parts {
		parts[i] = t.Parts[i]
		if t.Parts[i].Changes != nil {
			k := len(changes)
			changes = append(changes, t.Parts[i].Changes...)
			parts[i].Changes = changes[k:len(changes):len(changes)]
		}
	}
	// Field by field: a Turn built on the stack and copied stalls (endTurn).
	c.Parts, c.After, c.captures, c.promoted, c.stats, c.End = parts, t.After, t.captures, t.promoted, nil, nil
	if t.End != nil {
		k := len(changes)
		changes = append(changes, t.End...)
		c.End = changes[k:len(changes):len(changes)]
	}
}

// Keeper copies turns out of the workspaces that made them, for a holder of many turns
// (a match keeps one per turn played). It carves the copies from chunks that double in
// size up to a bound instead of allocating each; a copy stays valid as long as anything
// holds it, whatever happens to its workspace, until the Keeper is Reset. The zero Keeper
// is ready; it belongs to one goroutine.
type Keeper struct {
	parts   chunks[engine.Move]
	changes chunks[engine.Change]
	states  chunks[engine.State]
	cells   chunks[engine.Cell]
	stock   chunks[int32]
	// carved is the last state carve handed out, made in place by a workspace that
	// keeps its drawn turns here (Workspace.KeepIn): KeepTo takes it as it is.
	carved *engine.State
}

// Bounds of the Keeper's chunks, counted in states; parts and changes get a few per state.
const (
	minKeepChunk = 8
	maxKeepChunk = 256
)

// Keep returns a copy of t that shares nothing with the workspace that made it: its
// parts, their changes, the changes of its post-move actions and the state after it are
// new. The dialect's facts of the turn, which only the workspace's own checks read, are
// not copied.
func (k *Keeper) Keep(t *Turn) Turn {
	var c Turn
	k.KeepTo(&c, t)
	return c
}

// KeepTo is Keep that sets *c to the copy, where c may not be t.
func (k *Keeper) KeepTo(c, t *Turn) {
	if len(t.Parts) == 1 && t.End == nil {
		// Most turns: copyParts of one part, without its loops.
		parts := k.parts.take(1, 2)
		parts[0] = t.Parts[0]
		if ch := t.Parts[0].Changes; ch != nil {
			kept := k.changes.take(len(ch), 8)
			copy(kept, ch)
			parts[0].Changes = kept
		}
		c.Parts, c.After, c.captures, c.promoted, c.stats, c.End = parts, t.After, t.captures, t.promoted, nil, nil
	} else {
		n := len(t.End)
		for i := range t.Parts {
			n += len(t.Parts[i].Changes)
		}
		parts := k.parts.take(len(t.Parts), 2)
		t.copyParts(c, parts, k.changes.take(n, 8)[:0])
	}
	c.After = k.KeepState(t.After)
}

// KeepState returns a copy of s, a state after a turn, that shares nothing with the
// workspace that made it (nil for nil): KeepTo's copy of a turn's state alone.
func (k *Keeper) KeepState(s *engine.State) *engine.State {
	if s == nil {
		return nil
	}
	if s == k.carved {
		// Carved from these chunks for this very turn (carve): it is the Keeper's
		// already, and no one changes a state once made.
		k.carved = nil
		return s
	}
	return k.clone(s)
}

// carve returns a state of s's size carved from the Keeper's chunks, for a workspace
// to make the state after a turn of s in (endPartKept): its fields are whatever they
// were, to be set whole by engine's EndPart. s must have no values, stacks or external
// state. The state stays valid until the Keeper is Reset; KeepTo keeps the last one
// carved without a copy.
func (k *Keeper) carve(s *engine.State) *engine.State {
	t := k.newState(len(s.Cells), len(s.Stock))
	t.Vals, t.Under, t.External = nil, nil, nil
	k.carved = t
	return t
}

// newState carves a state with nc cells and ns counts of pieces in hand, its other
// fields as they were. Where the buffers in hand have room for all three, as they have
// but once a chunk, they are carved here, as take carves them: take, generic, is not
// inlined, and its three calls were a fifth of what keeping a turn cost.
func (k *Keeper) newState(nc, ns int) *engine.State {
	st, ce, sk := &k.states, &k.cells, &k.stock
	if len(st.cur) == 0 || len(ce.cur) < nc || len(sk.cur) < ns {
		t := &st.take(1, 1)[0]
		t.Cells = ce.take(nc, max(nc, 1))
		t.Stock = sk.take(ns, max(ns, 1))
		return t
	}
	t := &st.cur[0]
	st.cur = st.cur[1:]
	t.Cells, ce.cur = ce.cur[:nc:nc], ce.cur[nc:]
	t.Stock, sk.cur = sk.cur[:ns:ns], sk.cur[ns:]
	return t
}

// clone returns a copy of s carved from the Keeper's chunks. A state with values or
// stacked pieces is cloned on its own.
func (k *Keeper) clone(s *engine.State) *engine.State {
	if s.Vals != nil || s.Under != nil {
		return s.Clone()
	}
	t := k.newState(len(s.Cells), len(s.Stock))
	cells, stock := t.Cells, t.Stock
	*t = *s
	t.Cells, t.Stock = cells, stock
	copy(t.Cells, s.Cells)
	copy(t.Stock, s.Stock)
	return t
}

// Reset takes back every copy the Keeper made, to carve the next copies from the same
// chunks: the turns it returned before must no longer be used.
func (k *Keeper) Reset() {
	k.carved = nil
	k.parts.reset()
	k.changes.reset()
	k.states.reset()
	k.cells.reset()
	k.stock.reset()
}

// chunks hands out pieces of buffers that double in size up to a bound (maxKeepChunk
// times the items per state), carved one after the other. It remembers every buffer it
// made, so that after reset it carves them again in the same order.
type chunks[T any] struct {
	all  [][]T
	next int // the buffer of all to carve after cur
	cur  []T // what is left of the buffer being carved
	size int // states of the last buffer made
}

// take returns n items (capacity cut to n) carved from the buffers; a new buffer holds
// perState items for each of the states its size counts, and at least n.
func (c *chunks[T]) take(n, perState int) []T {
	if len(c.cur) < n {
		for c.next < len(c.all) && len(c.all[c.next]) < n {
			c.next++ // too small for this request: left for the next cycle
		}
		if c.next < len(c.all) {
			c.cur = c.all[c.next]
		} else {
			c.size = min(max(2*c.size, minKeepChunk), maxKeepChunk)
			c.cur = make([]T, max(c.size*perState, n))
			c.all = append(c.all, c.cur)
		}
		c.next++
	}
	s := c.cur[:n:n]
	c.cur = c.cur[n:]
	return s
}

// reset makes the buffers carved so far free to be carved again.
func (c *chunks[T]) reset() {
	c.next, c.cur = 0, nil
}
