package ai

// This file holds what the threads of a search share: the transposition table and the
// lazy SMP driver that starts the helpers and picks the answer.

import (
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/zoggo/zoggo/engine"
	"github.com/zoggo/zoggo/eval"
	"github.com/zoggo/zoggo/match"
)

// tableShards is the number of independently locked parts of a table: enough that two
// threads rarely wait for each other.
const tableShards = 64

// table is a transposition table of a fixed number of entries that any number of
// workers may read and write at once: its slots are in buckets of two, each behind one
// of tableShards locks. The first slot of a bucket keeps the deeper of the entries that
// meet there (an entry of an earlier turn's search counts as shallower than any of this
// one), the second the latest of the others, so that the table never grows and a deep
// entry is not pushed out by the many shallow ones near the leaves. A search keeps its
// table from one turn to the next (Search.kept) while it plays the same side of the same
// game, so that the positions it searched a turn before start with their best turns.
type table struct {
	slots []ttSlot
	mask  uint64 // of a bucket's first slot: len(slots)-2
	locks [tableShards]struct {
		mu sync.Mutex
		_  [56]byte // keeps two shards' locks off one cache line
	}
	age  uint8 // the turn searched, counted modulo 256
	game *eval.Game
	me   engine.Player
}

// ttSlot is one slot of a table: an entry and its position's hash; used is 0 for an
// empty slot, 1 + the entry's flag otherwise.
type ttSlot struct {
	key   uint64
	score float64
	best  int32
	depth int16
	used  int8
	age   uint8
}

// newTable returns an empty table of n slots, n a power of two of at least 2.
func newTable(n int, g *eval.Game, me engine.Player) *table {
	return &table{slots: make([]ttSlot, n), mask: uint64(n - 2), game: g, me: me}
}

// tableSize returns the number of slots of a search's table: 1024 times the square of
// its level for a level's search (what a level's budget of nodes can fill), 1<<17 on a
// clock (3 MB: more interior positions than a search of some seconds visits).
func (s *Search) tableSize() int {
	const most = 1 << 17
	if s.Time > 0 || s.Depth >= maxLevel {
		return most
	}
	n := 1024
	for n < most && n < 1024*s.Depth*s.Depth {
		n *= 2
	}
	return n
}

func (t *table) get(key uint64) (ttEntry, bool) {
	if len(t.slots) == 0 {
		return ttEntry{}, false
	}
	b := key & t.mask
	sh := &t.locks[b/2%tableShards]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for j := b; j < b+2; j++ {
		if e := &t.slots[j]; e.used > 0 && e.key == key {
			return ttEntry{depth: int(e.depth), score: e.score, flag: e.used - 1, best: int(e.best)}, true
		}
	}
	return ttEntry{}, false
}

func (t *table) put(key uint64, e ttEntry) {
	if len(t.slots) == 0 {
		return
	}
	b := key & t.mask
	sh := &t.locks[b/2%tableShards]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	n := ttSlot{key: key, score: e.score, best: int32(e.best), depth: int16(min(e.depth, math.MaxInt16)), used: e.flag + 1, age: t.age}
	deep, last := &t.slots[b], &t.slots[b+1]
	if last.used > 0 && last.key == key && n.best < 0 {
		n.best = last.best
	}
	if deep.used > 0 && deep.key == key && n.best < 0 {
		n.best = deep.best
	}
	switch {
	case deep.used == 0 || deep.age != t.age || n.depth >= deep.depth:
		if deep.used > 0 && deep.key != key {
			*last = *deep // the entry it replaces is the latest of the others now
		} else if last.key == key {
			last.used = 0
		}
		*deep = n
	default:
		*last = n
	}
}

// smp runs the lazy SMP search: main searches as the one-thread search does, with
// s.Threads-1 helpers beside it sharing its table. Helper k of an even k searches the
// same depths as main with the root turns interleaved (main's second, fourth, ...
// turns first, then the others), so that where main barely finishes a depth (a wide
// root: Thud's dwarfs have 400 to 650 turns, and at 20 ms a move neither side finishes
// depth 2) the two split the turns main would search first between them; the scores of
// the root's children are shared through the table even at the last depth, where the
// one-thread search keeps none (sharedLeaf). Helper k of an odd k shuffles the root
// turns with a generator of its own (then orders them by gain, as main does) and starts
// one depth deeper. Every helper tries equal turns in a rotated order everywhere in its
// tree, so that the threads spread over different subtrees. On a clock the threads
// first rank the root turns between them (rank.go). When main is done (its depth
// reached, its clock or budget spent), or a helper has finished the search's depth, the
// others are halted. The answer is main's best turn, or a helper's when that helper
// finished a deeper depth.
func (s *Search) smp(m *match.Match, main *worker, order []int, gains []float64) (int, error) {
	halt := new(atomic.Bool)
	main.halt = halt
	n := min(s.Threads, MaxThreads)
	helpers := make([]*worker, n-1)
	for k := range helpers {
		h := s.newWorker(m, main.tt) // explorers are made here, before any thread starts
		h.deadline, h.halt, h.salt = main.deadline, halt, 7*k+3
		helpers[k] = h
	}
	if s.Time > 0 {
		// The threads rank the root turns between them before they search.
		if err := rank(append([]*worker{main}, helpers...), order); err != nil {
			return 0, err
		}
	}
	type answer struct{ best, done int }
	answers := make([]answer, len(helpers))
	var wg sync.WaitGroup
	for k, h := range helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := append([]int(nil), order...)
			from := 1
			if k%2 == 0 {
				own = interleave(own)
			} else {
				r := rand.New(rand.NewPCG(uint64(k)+1, 0x5eed))
				r.Shuffle(len(own), func(i, j int) { own[i], own[j] = own[j], own[i] })
				sort.SliceStable(own, func(a, b int) bool { return gains[own[a]] > gains[own[b]] })
				from = 2
			}
			best, done := h.deepen(own, from)
			answers[k] = answer{best, done}
			if h.err != nil || done == s.Depth {
				// The rules failed (main meets the error too, or reports this one), or
				// this helper finished the last depth first: the search is over.
				halt.Store(true)
			}
		}()
	}
	best, done := main.deepen(order, 1)
	halt.Store(true)
	wg.Wait()
	s.lastNodes, s.lastDepth = main.nodes, done
	for _, h := range helpers {
		s.lastNodes += h.nodes
	}
	if main.err != nil {
		return 0, main.err
	}
	for k, h := range helpers {
		if h.err != nil {
			return 0, h.err
		}
		if a := answers[k]; a.done > done {
			best, done = a.best, a.done
			s.lastDepth = done
		}
	}
	return best, nil
}

// sharedLeaf scores a child of the root at the last depth of a search with helpers:
// the quiescence search, whose score goes into the shared table (at depth 0, unless a
// deeper score is there) so that another thread meeting the same child takes it from
// there. The one-thread search keeps no such scores.
func (w *worker) sharedLeaf(turns []eval.Turn, next engine.Player, alpha, beta float64) float64 {
	key := w.x.State().Hash
	e, hit := w.tt.get(key)
	if hit {
		e.score = fromTable(e.score, 1)
	}
	if hit && e.decides(alpha, beta) {
		return e.score
	}
	v := w.quiesce(turns, next, alpha, beta, 1, w.qdepth)
	if w.stop || hit && e.depth > 0 {
		return v
	}
	flag := int8(0)
	if v <= alpha {
		flag = 2
	} else if v >= beta {
		flag = 1
	}
	w.tt.put(key, ttEntry{depth: 0, score: toTable(v, 1), flag: flag, best: -1})
	return v
}

// interleave returns the turns of order at odd places (from 0), then those at even
// places: a helper searching in that order while main searches in order takes every
// other turn of main's, so that main finds them scored.
func interleave(order []int) []int {
	out := make([]int, 0, len(order))
	for i := 1; i < len(order); i += 2 {
		out = append(out, order[i])
	}
	for i := 0; i < len(order); i += 2 {
		out = append(out, order[i])
	}
	return out
}
