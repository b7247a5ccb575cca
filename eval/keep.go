package eval

// This file copies turns out of a workspace, so that a match can keep the turns it plays
// while it computes the turns of every position in the same few workspaces.

import "github.com/zoggo/zoggo/engine"

// copyParts returns t with its parts copied into parts (of t's length) and their changes,
// then those of End, appended to changes, which must have room for them all.
func (t *Turn) copyParts(parts []engine.Move, changes []engine.Change) Turn {
	for i := range t.Parts {
		parts[i] = t.Parts[i]
		if t.Parts[i].Changes != nil {
			k := len(changes)
			changes = append(changes, t.Parts[i].Changes...)
			parts[i].Changes = changes[k:len(changes):len(changes)]
		}
	}
	c := Turn{Parts: parts, captures: t.captures, promoted: t.promoted}
	if t.End != nil {
		k := len(changes)
		changes = append(changes, t.End...)
		c.End = changes[k:len(changes):len(changes)]
	}
	return c
}

// Keeper copies turns out of the workspaces that made them, for a holder of many turns
// (a match keeps one per turn played). It carves the copies from chunks that double in
// size up to a bound instead of allocating each; a copy stays valid as long as anything
// holds it, whatever happens to its workspace. The zero Keeper is ready; it belongs to
// one goroutine.
type Keeper struct {
	slab    stateSlab
	parts   []engine.Move
	changes []engine.Change
	chunk   int // states of the next chunk
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
	n := len(t.End)
	for i := range t.Parts {
		n += len(t.Parts[i].Changes)
	}
	if len(k.parts) < len(t.Parts) || len(k.changes) < n {
		k.grow(len(t.Parts), n)
	}
	parts := k.parts[:len(t.Parts):len(t.Parts)]
	k.parts = k.parts[len(t.Parts):]
	c := t.copyParts(parts, k.changes[:0:n])
	k.changes = k.changes[n:]
	if t.After != nil {
		if len(k.slab.states) == 0 {
			k.slab.want = k.next()
		}
		c.After = k.slab.clone(t.After)
	}
	return c
}

// grow starts new chunks of parts and changes with room for at least np parts and nc
// changes.
func (k *Keeper) grow(np, nc int) {
	n := k.next()
	k.parts = make([]engine.Move, max(2*n, np))
	k.changes = make([]engine.Change, max(8*n, nc))
}

// next returns the size of the next chunk, doubling from one chunk to the next.
func (k *Keeper) next() int {
	k.chunk = min(max(2*k.chunk, minKeepChunk), maxKeepChunk)
	return k.chunk
}
