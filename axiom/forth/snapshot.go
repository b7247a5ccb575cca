package forth

// This file holds snapshots: saving the mutable part of a VM's memory and restoring it,
// cheaply enough to do for every position of a game tree.
//
// After Baseline, every write to memory marks its 256-byte page. A Snapshot holds the
// pages that differ from the baseline, copied (or shared with the snapshot the VM was in
// when the page was last the same), the state of the random generators and a hash of it
// all. Two parts of memory are scratch and are left out: the pad (WORD's and -FIND's
// text) and everything at or above HERE (move lists being built, freed when the host is
// done with them); a snapshot holds zeros there. Restoring writes back the pages that
// differ, so its cost follows what the game changed, not the size of the dictionary.
//
// A snapshot is immutable and may be restored into any VM whose baseline is byte for byte
// the same (VMs that loaded the same sources in the same way).

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

const (
	pageShift = 8
	pageSize  = 1 << pageShift
)

type page = [pageSize]byte

// Snapshot is the saved mutable state of a VM: memory below HERE outside the pad, and
// the random generators. The data and return stacks are not saved: a snapshot is taken
// between host calls, when they are empty.
type Snapshot struct {
	idx   []int32 // pages that differ from the baseline, ascending
	pages []*page // their content, zero at and above here
	here  int32
	rng   *[2]ran2
	moved bool // the generators differ from the baseline's
	hash  uint64
}

// Hash returns a hash of the snapshot's content: equal contents give equal hashes,
// whatever the history that led to them.
func (s *Snapshot) Hash() uint64 { return s.hash }

// Bytes returns the number of bytes of memory the snapshot holds (shared pages included).
func (s *Snapshot) Bytes() int { return len(s.pages) * pageSize }

// tracker is the write tracking of a VM with a baseline.
type tracker struct {
	base  []byte   // memory at Baseline, up to the page of HERE; zero beyond
	rng   *[2]ran2 // the generators at Baseline
	dirty []uint64 // pages that may differ from the baseline
	dlist []int32
	since []uint64 // pages written since the last Save or Restore
	slist []int32
	rngW  bool // a generator was used since the last Save or Restore
	cur   *Snapshot
}

// Baseline makes the present memory the reference that snapshots are taken against and
// starts tracking writes. It clears the memory at and above HERE. It returns the hash of
// the baseline, the same for VMs that loaded the same sources.
func (vm *VM) Baseline() *Snapshot {
	here := vm.Here()
	vm.touch(here, int32(len(vm.mem))-here)
	// Clear what loading left above HERE, page by page, writing only pages that hold
	// something: memory never touched stays untouched (and costs the process nothing).
	// Only memory below the top of what was written before (or the pages written since
	// an earlier baseline) can hold something.
	top := int(vm.top)
	if vm.tr != nil {
		for _, p := range vm.tr.dlist {
			top = max(top, int(p+1)<<pageShift)
		}
	}
	top = min(len(vm.mem), top)
	clear(vm.mem[here:min(len(vm.mem), (int(here)+pageSize)&^(pageSize-1))])
	for a := (int(here) + pageSize) &^ (pageSize - 1); a < top; a += pageSize {
		if p := vm.mem[a:min(a+pageSize, len(vm.mem))]; !isZero(p) {
			clear(p)
		}
	}
	n := (int(here) + pageSize - 1) &^ (pageSize - 1)
	npages := len(vm.mem) >> pageShift
	rng := vm.rng
	vm.tr = &tracker{
		base:  slices.Clone(vm.mem[:n]),
		rng:   &rng,
		dirty: make([]uint64, (npages+63)/64),
		since: make([]uint64, (npages+63)/64),
	}
	s := &Snapshot{here: here, rng: vm.tr.rng}
	s.hash = s.sum()
	vm.tr.cur = s
	return s
}

// BaselineHash returns a hash of the baseline's bytes and generators: two VMs whose
// snapshots may be restored into each other have the same.
func (vm *VM) BaselineHash() uint64 {
	t := vm.tr
	if t == nil {
		return 0
	}
	h := uint64(len(t.base))
	for i := 0; i+8 <= len(t.base); i += 8 {
		h = mix(h, binary.LittleEndian.Uint64(t.base[i:]))
	}
	for k := range t.rng {
		h ^= uint64(t.rng[k].iy)*0x9e3779b97f4a7c15 ^ uint64(t.rng[k].idum)
	}
	return h
}

// mark records a write of n bytes at a (already bounds-checked).
func (vm *VM) mark(a, n int32) {
	t := vm.tr
	if t == nil {
		if e := a + n; e > vm.top {
			vm.top = e
		}
		return
	}
	if n <= 0 {
		return
	}
	for p := a >> pageShift; p <= (a+n-1)>>pageShift; p++ {
		w, b := p>>6, uint64(1)<<(p&63)
		if t.since[w]&b != 0 {
			continue
		}
		t.since[w] |= b
		t.slist = append(t.slist, p)
		if t.dirty[w]&b == 0 {
			t.dirty[w] |= b
			t.dlist = append(t.dlist, p)
		}
	}
}

// randomUsed records that a generator may have changed.
func (vm *VM) randomUsed() {
	if vm.tr != nil {
		vm.tr.rngW = true
	}
}

// scratch reports whether page p holds nothing a snapshot keeps, given HERE.
func scratch(p, here int32) bool {
	start := p << pageShift
	return start >= here || (start >= padAddr && start+pageSize <= dictStart)
}

// basePage returns the baseline's content of page p (nil for zeros).
func (t *tracker) basePage(p int32) []byte {
	start := int(p) << pageShift
	if start >= len(t.base) {
		return nil
	}
	return t.base[start : start+pageSize]
}

// content returns page p of memory as a snapshot keeps it, in buf: the bytes at and above
// here read as zero.
func (vm *VM) content(p, here int32, buf *page) *page {
	start := p << pageShift
	copy(buf[:], vm.mem[start:start+pageSize])
	if start+pageSize > here {
		clear(buf[max(here-start, 0):])
	}
	return buf
}

func isZero(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b) != 0 {
			return false
		}
		b = b[8:]
	}
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

func samePage(a *page, b []byte) bool {
	if b == nil {
		return isZero(a[:])
	}
	return string(a[:]) == string(b)
}

// find returns the position of page p in the snapshot, or -1.
func (s *Snapshot) find(p int32) int {
	if i, ok := slices.BinarySearch(s.idx, p); ok {
		return i
	}
	return -1
}

// Save returns a snapshot of the VM's mutable state. Baseline must have been called.
func (vm *VM) Save() *Snapshot {
	t := vm.tr
	if t == nil {
		vm.Fail("no baseline")
	}
	here := vm.Here()
	slices.Sort(t.dlist)
	s := &Snapshot{here: here, rng: t.cur.rng, moved: t.cur.moved}
	var buf page
	for _, p := range t.dlist {
		if scratch(p, here) {
			continue
		}
		c := vm.content(p, here, &buf)
		if samePage(c, t.basePage(p)) {
			continue
		}
		var pg *page
		if i := t.cur.find(p); i >= 0 && *t.cur.pages[i] == *c {
			pg = t.cur.pages[i]
		} else {
			pg = new(page)
			*pg = *c
		}
		s.idx = append(s.idx, p)
		s.pages = append(s.pages, pg)
	}
	if t.rngW && vm.rng != *t.cur.rng {
		if vm.rng == *t.rng {
			s.rng, s.moved = t.rng, false
		} else {
			rng := vm.rng
			s.rng, s.moved = &rng, true
		}
	}
	s.hash = s.sum()
	t.settle(s)
	return s
}

// settle makes s the snapshot the VM is in, with no write since.
func (t *tracker) settle(s *Snapshot) {
	for _, p := range t.slist {
		t.since[p>>6] &^= 1 << (p & 63)
	}
	t.slist = t.slist[:0]
	t.rngW = false
	t.cur = s
}

// Restore puts the VM back into the state s was taken in and empties both stacks.
func (vm *VM) Restore(s *Snapshot) {
	t := vm.tr
	if t == nil {
		vm.Fail("no baseline")
	}
	put := func(p int32) {
		start := p << pageShift
		dst := vm.mem[start : start+pageSize]
		if i := s.find(p); i >= 0 {
			vm.touchPage(p, s.pages[i][:])
			copy(dst, s.pages[i][:])
		} else if b := t.basePage(p); b != nil {
			vm.touchPage(p, b)
			copy(dst, b)
		} else {
			vm.touchPage(p, nil)
			clear(dst)
		}
	}
	if t.cur == s {
		for _, p := range t.slist {
			put(p)
		}
	} else {
		// Every page that may differ goes back to the baseline or to s; afterwards only
		// s's pages differ.
		for _, p := range t.dlist {
			if s.find(p) < 0 {
				put(p)
			}
			t.dirty[p>>6] &^= 1 << (p & 63)
		}
		t.dlist = t.dlist[:0]
		for i, p := range s.idx {
			start := p << pageShift
			vm.touchPage(p, s.pages[i][:])
			copy(vm.mem[start:start+pageSize], s.pages[i][:])
			t.dirty[p>>6] |= 1 << (p & 63)
			t.dlist = append(t.dlist, p)
		}
	}
	vm.touch(addrDP, 4)
	binary.LittleEndian.PutUint32(vm.mem[addrDP:], uint32(s.here))
	vm.rng = *s.rng
	vm.ds, vm.rs = vm.ds[:0], vm.rs[:0]
	t.settle(s)
}

// sum hashes the snapshot's pages, HERE and the generators.
func (s *Snapshot) sum() uint64 {
	h := uint64(0x9e3779b97f4a7c15) ^ uint64(s.here)
	for i, p := range s.idx {
		h = mix(h, uint64(p))
		pg := s.pages[i]
		for j := 0; j < pageSize; j += 8 {
			h = mix(h, binary.LittleEndian.Uint64(pg[j:]))
		}
	}
	if s.moved {
		for k := range s.rng {
			r := &s.rng[k]
			h = mix(h, uint64(r.iy)^uint64(r.idum)<<32)
			for _, x := range r.ir {
				h = mix(h, uint64(x))
			}
		}
	}
	return h
}

// mix folds x into the hash h.
func mix(h, x uint64) uint64 {
	return bits.RotateLeft64((h^x)*0xff51afd7ed558ccd, 31) * 0xc4ceb9fe1a85ec53
}
