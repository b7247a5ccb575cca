package ai

// This file keeps an MCTS tree from one turn to the next of the same game: the node of
// the position reached after the turns played since (the bot's own and the others') is
// the new root, with the playouts already made below it. A node is found by the hash of
// its position along the turns the match played; a tree that does not lead there, or
// whose node differs from the position now (another number of turns), is
// dropped and the search starts afresh.

import (
	"sync"

	"github.com/zoggo/zoggo/match"
)

// keptTree is the tree of the last search, taken by the next one. Searches of the same
// MCTS at once (one bot in several games) each find it taken or not theirs, and start
// afresh.
type keptTree struct {
	mu    sync.Mutex
	root  *node
	plies int // the turns played before root's position
	iters int // the iterations made in the tree so far (RAVE's stamps count on)
}

// take returns the node of the position now in the kept tree, or nil, and the
// iterations made so far. The tree is no longer kept.
func (k *keptTree) take(mt *match.Match, rave bool) (*node, int) {
	if k == nil {
		return nil, 0
	}
	k.mu.Lock()
	n, plies, iters := k.root, k.plies, k.iters
	k.root = nil
	k.mu.Unlock()
	h := mt.History()
	if n == nil || plies > len(h) || plies < len(h) && h[plies].Before.Hash != n.hash {
		return nil, iters
	}
	for j := plies; j < len(h) && n != nil; j++ {
		after := mt.State().Hash
		if j+1 < len(h) {
			after = h[j+1].Before.Hash
		}
		var next *node
		for _, c := range n.children {
			if c != nil && c.hash == after {
				next = c
				break
			}
		}
		n = next
	}
	if n == nil || n.hash != mt.State().Hash || n.over || n.turns != len(mt.Legal()) ||
		n.expanded && rave && n.amaf == nil && !mt.MustPass() {
		return nil, iters
	}
	return n, iters
}

// put keeps root, the root of the search of the position now, after iters iterations
// in all.
func (k *keptTree) put(mt *match.Match, root *node, iters int) {
	if k == nil {
		return
	}
	k.mu.Lock()
	k.root, k.plies, k.iters = root, len(mt.History()), iters
	k.mu.Unlock()
}
