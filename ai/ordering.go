package ai

// This file holds the move ordering of the search beyond the table's move and captures:
// killer turns (per ply, the last two quiet turns that cut the search off there) and the
// history of quiet turns (how much each from-to pair has cut off anywhere, by depth
// squared). Both read a turn by its key, the position its piece leaves and the one it
// ends on, so that a turn found good in one position is tried early in its siblings and
// cousins, where its index differs. They only change the order in which turns are
// searched, never the value of a node, so the depth-limited search stays exact.

import (
	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
)

// maxHistory bounds the history table: boards with more than 1023 positions go without.
const maxHistory = 1 << 20

// turnKey returns the key of turn t on a board of n positions: 1 + from*(n+1) + to,
// from being n for a drop or a turn without movement, to the position the moved piece
// (or the first change) ends on; 0 for a pass.
func turnKey(t *eval.Turn, n int) uint32 {
	from, to := n, -1
	for pi := range t.Parts {
		for _, c := range t.Parts[pi].Changes {
			switch c.Op {
			case engine.OpMove, engine.OpCopy:
				if from == n {
					from, to = int(c.From), int(c.To)
				} else if int(c.From) == to {
					to = int(c.To)
				}
			case engine.OpDrop, engine.OpCreate:
				if to < 0 {
					to = int(c.To)
				}
			}
		}
	}
	if to < 0 {
		for pi := range t.Parts {
			if cs := t.Parts[pi].Changes; len(cs) > 0 {
				to = int(cs[0].To)
				break
			}
		}
	}
	if to < 0 || to >= n || from < 0 || from > n {
		return 0
	}
	return uint32(1 + from*(n+1) + to)
}

// killers holds two killer keys per ply.
type killers [][2]uint32

func (k *killers) at(ply int) [2]uint32 {
	if ply < len(*k) {
		return (*k)[ply]
	}
	return [2]uint32{}
}

// add records key as the latest killer of ply.
func (k *killers) add(ply int, key uint32) {
	if key == 0 {
		return
	}
	for len(*k) <= ply {
		*k = append(*k, [2]uint32{})
	}
	if (*k)[ply][0] != key {
		(*k)[ply][1] = (*k)[ply][0]
		(*k)[ply][0] = key
	}
}

// cutoff records that the quiet turn t (no gain for its mover) cut the search off at
// ply with depth left.
func (w *worker) cutoff(t *eval.Turn, ply, depth int) {
	n := len(w.g.Board.Locs)
	key := turnKey(t, n)
	if key == 0 {
		return
	}
	w.killers.add(ply, key)
	if size := (n + 1) * (n + 1); size <= maxHistory {
		if w.history == nil {
			w.history = make([]int32, size+1)
		}
		if h := w.history[key] + int32(depth*depth); h < 1<<30 {
			w.history[key] = h
		}
	}
}

// quietRank returns the place of a quiet turn's key in the order: killers of the ply
// first (2 and 1), then by history.
func (w *worker) quietRank(key uint32, ply int) (killer int, history int32) {
	if key == 0 {
		return 0, 0
	}
	k := w.killers.at(ply)
	switch key {
	case k[0]:
		killer = 2
	case k[1]:
		killer = 1
	}
	if int(key) < len(w.history) {
		history = w.history[key]
	}
	return killer, history
}
