package ai

// This file holds what the threads of a search share: the transposition table and the
// lazy SMP driver that starts the helpers and picks the answer.

import (
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/zoggo/zoggo/match"
)

// tableShards is the number of independently locked parts of a table: enough that two
// threads rarely wait for each other.
const tableShards = 64

// table is a transposition table that any number of workers may read and write at once:
// one map per shard of the key space, each behind its own lock. With one worker it holds
// exactly what a plain map would, so a search on one thread is unchanged.
type table struct {
	shards [tableShards]struct {
		mu sync.Mutex
		m  map[uint64]ttEntry
		_  [40]byte // keeps two shards' locks off one cache line
	}
}

func (t *table) get(key uint64) (ttEntry, bool) {
	sh := &t.shards[key%tableShards]
	sh.mu.Lock()
	e, ok := sh.m[key]
	sh.mu.Unlock()
	return e, ok
}

func (t *table) put(key uint64, e ttEntry) {
	sh := &t.shards[key%tableShards]
	sh.mu.Lock()
	if sh.m == nil {
		sh.m = map[uint64]ttEntry{}
	}
	sh.m[key] = e
	sh.mu.Unlock()
}

// smp runs the lazy SMP search: main searches as the one-thread search does, with
// s.Threads-1 helpers beside it sharing its table. Helper k shuffles the root turns
// with a generator of its own (then orders them by gain, as main does) and, for odd
// k, starts one depth deeper, and tries equal turns in a rotated order everywhere in its
// tree, so that the threads spread over different subtrees. When main is done (its depth
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
	type answer struct{ best, done int }
	answers := make([]answer, len(helpers))
	var wg sync.WaitGroup
	for k, h := range helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := append([]int(nil), order...)
			r := rand.New(rand.NewPCG(uint64(k)+1, 0x5eed))
			r.Shuffle(len(own), func(i, j int) { own[i], own[j] = own[j], own[i] })
			sort.SliceStable(own, func(a, b int) bool { return gains[own[a]] > gains[own[b]] })
			best, done := h.deepen(own, 1+(k+1)%2)
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
