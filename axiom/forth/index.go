package forth

// This file holds the index of the dictionary: for a vocabulary, a map from each name to
// the headers of that name along the vocabulary's chain, newest first, so that the outer
// interpreter finds a word without walking the chain header by header.
//
// The index answers exactly as the walk does (walk, below), faults and step charges
// included, however the Forth writes its memory. What a lookup's answer depends on is
// the vocabulary cell (the head of the chain), each header's link and name pointer, the
// bytes of each name up to its NUL, and each header's flags. The flags are read live at
// each lookup (: and ; flip the smudge bit of the word being defined, IMMEDIATE its
// other bit). The head is compared at each lookup. The link cells, name-pointer cells and
// the cells holding the names are watched: vm.watch has a bit for each 4-byte cell of
// memory (a word of 64 bits for each 256-byte page), and every write into memory that
// touches a watched cell drops the whole index (dropIndex). A header made by header()
// at the head of an indexed chain is added in place. After a drop, or when a head is not
// the one indexed (FORGET sets it back), lookups walk the chain until rebuildAfter of
// them have, and then the index is built again, so that a Forth that keeps writing its
// headers costs a rebuild per rebuildAfter walks at most. A chain the index cannot
// stand for (a cycle, more than maxChain headers, a header or name out of memory, a name
// longer than maxIndexedName) is walked, until its head changes or the index is dropped.

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// rebuildAfter is the number of walks after a drop before the index is built again.
const rebuildAfter = 8

// maxIndexedName bounds the length of a name the index holds.
const maxIndexedName = 4096

// chainIndex is the index of one vocabulary's chain.
type chainIndex struct {
	head   int32 // the vocabulary cell's value when the index was built or last added to
	length int32 // headers along the chain
	bad    bool  // the chain is walked, not indexed
	names  map[string][]entry
}

// entry is one header of a chain: its NFA and its place, 0 for the oldest header.
type entry struct {
	nfa, seq int32
}

// findIn looks name up along the chain starting at the vocabulary cell voc.
func (vm *VM) findIn(voc int32, name string) int32 {
	head := vm.fetch(voc)
	c := vm.chainFor(voc, head, name)
	if c == nil {
		return vm.walk(head, name)
	}
	for _, e := range c.names[name] {
		if vm.fetch(e.nfa+4)&flagSmudge == 0 {
			vm.charge(int64(c.length-1-e.seq) >> 4)
			return e.nfa
		}
	}
	vm.charge(int64(c.length) >> 4)
	return 0
}

// walk looks name up header by header from the NFA n. Its charge and faults are what the
// index reproduces.
func (vm *VM) walk(n int32, name string) int32 {
	i := 0
	for ; n != 0 && i < maxChain; i++ {
		if vm.fetch(n+4)&flagSmudge == 0 && vm.nameIs(vm.fetch(n), name) {
			break
		}
		n = vm.fetch(n + 8)
	}
	vm.charge(int64(i) >> 4)
	if i == maxChain {
		return 0
	}
	return n
}

// chainFor returns the index of the chain of voc, whose cell holds head, or nil when
// name must be looked up by walking the chain.
func (vm *VM) chainFor(voc, head int32, name string) *chainIndex {
	if vm.noIndex {
		return nil
	}
	c := vm.chains[voc]
	if c != nil && c.head != head {
		vm.dropIndex()
		c = nil
	}
	if c == nil {
		if vm.walks < rebuildAfter {
			vm.walks++
			return nil
		}
		c = vm.buildChain(head)
		if vm.chains == nil {
			vm.chains = map[int32]*chainIndex{}
		}
		vm.chains[voc] = c
	}
	if c.bad || strings.IndexByte(name, 0) >= 0 {
		return nil
	}
	return c
}

// peek returns the cell at a without faulting, and whether a is in memory.
func (vm *VM) peek(a int32) (int32, bool) {
	if a <= 0 || int64(a)+4 > int64(len(vm.mem)) {
		return 0, false
	}
	return int32(binary.LittleEndian.Uint32(vm.mem[a:])), true
}

// nameAt returns the NUL-terminated name at a as nameIs sees it: ok is false when no
// name can match (a outside memory, or no NUL before its end); long is true when the
// name is longer than maxIndexedName.
func (vm *VM) nameAt(a int32) (name string, ok, long bool) {
	if a <= 0 || int(a) >= len(vm.mem) {
		return "", false, false
	}
	end := min(len(vm.mem), int(a)+maxIndexedName+1)
	j := bytes.IndexByte(vm.mem[a:end], 0)
	if j < 0 {
		return "", false, true
	}
	return string(vm.mem[a : int(a)+j]), true, false
}

// buildChain indexes the chain that starts at head and watches the cells it depends on.
func (vm *VM) buildChain(head int32) *chainIndex {
	c := &chainIndex{head: head}
	var nfas []int32
	for n := head; n != 0; {
		if len(nfas) >= maxChain {
			c.bad = true
			return c
		}
		if _, ok := vm.peek(n + 8); !ok {
			c.bad = true
			return c
		}
		nfas = append(nfas, n)
		n, _ = vm.peek(n + 8)
	}
	c.length = int32(len(nfas))
	c.names = make(map[string][]entry, len(nfas))
	for i, n := range nfas {
		a, _ := vm.peek(n)
		name, ok, long := vm.nameAt(a)
		if long {
			c.bad = true
			return c
		}
		if ok {
			c.names[name] = append(c.names[name], entry{nfa: n, seq: c.length - 1 - int32(i)})
			vm.watchRange(a, int32(len(name))+1)
		}
		vm.watchRange(n, 4)
		vm.watchRange(n+8, 4)
	}
	return c
}

// indexAdd adds the header at nfa, just made by header() with the link old, to the index
// of the chain of voc.
func (vm *VM) indexAdd(voc, nfa, old int32) {
	c := vm.chains[voc]
	if c == nil || c.bad || c.head != old {
		if c != nil {
			vm.dropIndex()
		}
		return
	}
	// The writes of header() after the link may have hit the new header itself when the
	// Forth has pointed CURRENT into it: index only what memory holds.
	head, _ := vm.peek(voc)
	link, _ := vm.peek(nfa + 8)
	a, _ := vm.peek(nfa)
	name, ok, long := vm.nameAt(a)
	if head != nfa || link != old || long || !ok || c.length >= maxChain-1 {
		vm.dropIndex()
		return
	}
	c.names[name] = append([]entry{{nfa: nfa, seq: c.length}}, c.names[name]...)
	c.length++
	c.head = nfa
	vm.watchRange(a, int32(len(name))+1)
	vm.watchRange(nfa, 4)
	vm.watchRange(nfa+8, 4)
}

// watchRange marks the cells that hold the n bytes at a (inside memory) as watched.
func (vm *VM) watchRange(a, n int32) {
	for c := a >> 2; c <= (a+n-1)>>2; c++ {
		w := int(c >> 6)
		if w >= len(vm.watch) {
			if w < cap(vm.watch) {
				vm.watch = vm.watch[:w+1] // dropIndex cleared the words past the length
			} else {
				vm.watch = append(vm.watch, make([]uint64, w+1-len(vm.watch))...)
			}
		}
		vm.watch[w] |= 1 << (c & 63)
	}
}

// dropIndex forgets the whole index; lookups walk until it is built again.
func (vm *VM) dropIndex() {
	clear(vm.watch)
	vm.watch = vm.watch[:0]
	clear(vm.chains)
	vm.walks = 0
}

// touch drops the index if the n bytes at a hold a watched cell. Every write into memory
// calls it first.
func (vm *VM) touch(a, n int32) {
	w := vm.watch
	if n <= 0 || len(w) == 0 {
		return
	}
	lo, hi := int64(a)>>2, (int64(a)+int64(n)-1)>>2
	hi = min(hi, int64(len(w))*64-1)
	for c := lo; c <= hi; {
		off := c & 63
		span := min(hi-c+1, 64-off)
		m := w[c>>6] >> off
		if span < 64 {
			m &= 1<<span - 1
		}
		if m != 0 {
			vm.dropIndex()
			return
		}
		c += span
	}
}

// touchPage drops the index if writing src (nil for zeros) over page p changes a watched
// cell, as Restore does.
func (vm *VM) touchPage(p int32, src []byte) {
	if int(p) >= len(vm.watch) || vm.watch[p] == 0 {
		return
	}
	m := vm.watch[p]
	start := int(p) << pageShift
	for c := 0; c < 64; c++ {
		if m&(1<<c) == 0 {
			continue
		}
		old := vm.mem[start+4*c : start+4*c+4]
		var nw []byte
		if src != nil {
			nw = src[4*c : 4*c+4]
		} else {
			nw = []byte{0, 0, 0, 0}
		}
		if string(old) != string(nw) {
			vm.dropIndex()
			return
		}
	}
}
