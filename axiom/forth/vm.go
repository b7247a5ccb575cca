// Package forth owns the ForthScript virtual machine that Axiom's CORE.4TH and axiom.4th
// are written for: one flat byte memory of 4-byte little-endian signed cells, a dictionary
// of fig-Forth style headers, an indirect-threaded inner interpreter, the outer interpreter
// and its reader, and the kernel natives.
//
// Memory layout. Address 0 is never used. The system variables (DP, BASE, STATE, CURRENT,
// CONTEXT) live at fixed cells below the pad, then comes the pad (where WORD, -FIND and
// (NUMBER) leave NUL-terminated text), then the dictionary from dictStart up to the end of
// memory (LIMIT). The data and return stacks are Go slices of cells with fixed limits; SP@
// and RP@ give their depths.
//
// Dictionary header. A header is the NUL-terminated name at the old DP, then at the
// cell-aligned NFA: the address of the name, the flags (bit 0 IMMEDIATE, bit 1 smudge), the
// link to the previous NFA and the code field (CFA = NFA+12), followed by the body.
// <BUILDS and HEADER reserve one more cell, the DOES> slot. A code field holds DOCOL, DOVAR,
// DODOES, DOVOC or the id of a native; branch targets in threads are absolute addresses.
//
// Error policy. Nothing a source does may panic or hang the caller: every memory access is
// checked, stacks have limits, each call of Interpret or Execute runs under a step budget,
// LOAD and native call-backs nest to a bounded depth. Natives fault by panicking with an
// internal value; the entry points recover it (and any stray panic) and return an *Error
// that names the source file, line and column of the token being interpreted and the word
// being executed. After an error both stacks are emptied and STATE is 0, as ABORT does.
package forth

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"time"
)

// Code-field values of the four runtime actions; natives get ids from nativeBase up.
const (
	doCol  = 1
	doVar  = 2
	doDoes = 3
	doVoc  = 4

	nativeBase = 100
)

// Fixed addresses of the system variables and of the pad.
const (
	addrDP      = 0x100
	addrBase    = 0x104
	addrState   = 0x108
	addrCurrent = 0x10c
	addrContext = 0x110
	addrBoot    = 0x114 // Vocabulary cell used while FORTH itself is being created.

	padAddr   = 0x1000
	padSize   = 0x4000
	dictStart = padAddr + padSize
)

// Header flag bits.
const (
	flagImmediate = 1
	flagSmudge    = 2
)

// Config sets the bounds of a VM; a zero field takes its default.
type Config struct {
	MemSize     int   // Bytes of memory, dictionary included (default 16 MiB).
	DataStack   int   // Cells of data stack (default 4096).
	ReturnStack int   // Cells of return stack (default 4096).
	MaxSteps    int64 // Inner-interpreter steps per Interpret or Execute call (default 200 million).
	MaxNesting  int   // Depth of LOAD and of native call-backs into Forth (default 64).
	// Clock gives SYSTEM-TIME its seconds (default: the real time). A host that wants
	// runs to repeat gives a clock that stands still: RANDOMIZE seeds from it.
	Clock func() int32
}

// Default bounds.
const (
	DefaultMemSize     = 16 << 20
	DefaultDataStack   = 4096
	DefaultReturnStack = 4096
	DefaultMaxSteps    = 200_000_000
	DefaultMaxNesting  = 64
)

type native struct {
	name string
	fn   func(*VM) error
	f    func(*VM) // a kernel primitive, which faults by panicking; called without fn
}

// source is one input being interpreted: a file or a string.
type source struct {
	name     string
	dir      string // Directory of the file, for nested LOADs.
	text     []byte
	pos      int // Offset of the next unread byte.
	tokStart int // Offset of the token being interpreted.
	token    string
}

// VM is a ForthScript machine. It is not safe for concurrent use.
type VM struct {
	mem   []byte
	ds    []int32
	rs    []int32
	dsMax int
	rsMax int

	ip int32
	w  int32

	natives []native

	maxSteps   int64
	steps      int64
	maxNesting int
	depth      int // Nesting of Execute/Interpret entry points.

	src   *source // Innermost input, nil when the host executes a word.
	loads int     // Nesting of sources.
	fsys  fs.FS   // Where LOAD finds files.

	haltCFA    int32 // Nameless word that ends a host EXECUTE.
	haltThread int32 // Thread holding haltCFA.
	semisCFA   int32 // Nameless ;S, compiled by ;.
	litCFA     int32
	branchCFA  int32 // BRANCH and 0BRANCH, which the inner interpreter runs itself
	zbranchCFA int32

	rng [2]ran2
	tr  *tracker // write tracking for snapshots, after Baseline
	top int32    // end of the highest write before Baseline: memory above it is zero

	// The index of the dictionary (index.go): by vocabulary cell, the cells it depends
	// on, and the walks since it was dropped; noIndex makes every lookup walk (tests).
	chains  map[int32]*chainIndex
	watch   []uint64
	walks   int
	noIndex bool
	clock   func() int32

	// defs holds where each colon word was defined (file:line:col), by NFA, for the errors
	// of a fault inside it; the name is kept to tell a header later built at the same
	// address.
	defs map[int32]defSite

	// Out receives the output of ., EMIT, TYPE and friends (default io.Discard).
	Out io.Writer
}

// New returns a VM with the kernel natives registered and the FORTH vocabulary current.
func New(cfg Config) *VM {
	if cfg.MemSize <= 0 {
		cfg.MemSize = DefaultMemSize
	}
	if cfg.MemSize < dictStart+0x10000 {
		cfg.MemSize = dictStart + 0x10000
	}
	if cfg.MemSize > math.MaxInt32 {
		cfg.MemSize = math.MaxInt32 &^ 3
	}
	if cfg.DataStack <= 0 {
		cfg.DataStack = DefaultDataStack
	}
	if cfg.ReturnStack <= 0 {
		cfg.ReturnStack = DefaultReturnStack
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = DefaultMaxSteps
	}
	if cfg.MaxNesting <= 0 {
		cfg.MaxNesting = DefaultMaxNesting
	}
	vm := &VM{
		dsMax:      cfg.DataStack,
		rsMax:      cfg.ReturnStack,
		maxSteps:   cfg.MaxSteps,
		maxNesting: cfg.MaxNesting,
		Out:        io.Discard,
		clock:      cfg.Clock,
	}
	vm.mem = newMemory(vm, cfg.MemSize&^3)
	if vm.clock == nil {
		vm.clock = func() int32 { return int32(time.Now().Unix()) }
	}
	vm.ds = make([]int32, 0, vm.dsMax)
	vm.rs = make([]int32, 0, vm.rsMax)
	vm.store(addrDP, dictStart)
	vm.store(addrBase, 10)
	vm.store(addrCurrent, addrBoot)
	vm.store(addrContext, addrBoot)
	vm.rng[0].seed(0)
	vm.rng[1].seed(0)
	vm.bootstrap()
	return vm
}

// Steps returns the steps used so far by the current (or last) outermost call.
func (vm *VM) Steps() int64 { return vm.steps }

// SetMaxSteps changes the step budget of each later Interpret or Execute call.
func (vm *VM) SetMaxSteps(n int64) {
	if n > 0 {
		vm.maxSteps = n
	}
}

// fault is the panic value of a VM fault; the entry points turn it into an *Error.
type fault struct {
	msg  string
	bare bool // The message is the whole report: no native name goes before it.
}

// report faults with msg as the whole report, as ERROR, UNDEFINED and ABORT do.
func (vm *VM) report(format string, args ...any) {
	panic(&fault{msg: fmt.Sprintf(format, args...), bare: true})
}

// Fail stops the running word with an error; natives call it (or return an error) to fault.
func (vm *VM) Fail(format string, args ...any) {
	panic(&fault{msg: fmt.Sprintf(format, args...)})
}

// Error is a fault of the VM, located in the source being interpreted.
type Error struct {
	File      string   // Source file or name given to Interpret; empty for a host Execute.
	Line, Col int      // 1-based; Col counts bytes.
	Token     string   // Token of the outer interpreter being interpreted.
	Word      string   // Word being executed when the fault happened, if any.
	WordAt    string   // Where Word was defined, as file:line:col of its name after ":", if known; with no File, the error begins with it.
	Calls     []string // Words that called Word, the nearest first, read from the return stack.
	Msg       string
}

func (e *Error) Error() string {
	s := ""
	if e.File != "" {
		s = fmt.Sprintf("%s:%d:%d: ", e.File, e.Line, e.Col)
	} else if e.WordAt != "" {
		s = e.WordAt + ": "
	}
	s += e.Msg
	var where []string
	if e.Token != "" {
		where = append(where, fmt.Sprintf("interpreting %q", e.Token))
	}
	if e.Word != "" && (e.Word != e.Token || len(e.Calls) > 0) {
		in := fmt.Sprintf("in %q", e.Word)
		if e.WordAt != "" && e.File != "" {
			in += " of " + e.WordAt
		}
		where = append(where, in)
	}
	if len(e.Calls) > 0 {
		q := make([]string, len(e.Calls))
		for i, c := range e.Calls {
			q[i] = strconv.Quote(c)
		}
		where = append(where, "called from "+strings.Join(q, " < "))
	}
	if len(where) > 0 {
		s += " (" + strings.Join(where, ", ") + ")"
	}
	return s
}

// charge counts n steps of work done inside one native (copies, string scans, dictionary
// walks), so that the step budget also bounds the time natives take.
func (vm *VM) charge(n int64) {
	vm.steps += n
	if vm.steps > vm.maxSteps {
		vm.Fail("step budget of %d exhausted", vm.maxSteps)
	}
}

// Memory access. Every access is bounds-checked; unaligned cells are allowed as on x86.

func (vm *VM) check(a int32, n int32) {
	if a <= 0 || int64(a)+int64(n) > int64(len(vm.mem)) {
		vm.Fail("bad address %d", a)
	}
}

func (vm *VM) fetch(a int32) int32 {
	vm.check(a, 4)
	return int32(binary.LittleEndian.Uint32(vm.mem[a:]))
}

func (vm *VM) store(a, v int32) {
	vm.check(a, 4)
	if vm.tr != nil {
		vm.mark(a, 4)
	} else if e := a + 4; e > vm.top {
		vm.top = e
	}
	if len(vm.watch) != 0 {
		vm.touch(a, 4)
	}
	binary.LittleEndian.PutUint32(vm.mem[a:], uint32(v))
}

// Fetch returns the cell at a; a bad address faults the running word.
func (vm *VM) Fetch(a int32) int32 { return vm.fetch(a) }

// Store writes v into the cell at a; a bad address faults the running word.
func (vm *VM) Store(a, v int32) { vm.store(a, v) }

// FetchByte returns the byte at a, zero-extended.
func (vm *VM) FetchByte(a int32) int32 {
	vm.check(a, 1)
	return int32(vm.mem[a])
}

// StoreByte writes the low byte of v at a.
func (vm *VM) StoreByte(a, v int32) {
	vm.check(a, 1)
	vm.mark(a, 1)
	vm.touch(a, 1)
	vm.mem[a] = byte(v)
}

// String returns the NUL-terminated string at a.
func (vm *VM) String(a int32) string {
	vm.check(a, 1)
	for i := int(a); i < len(vm.mem); i++ {
		if vm.mem[i] == 0 {
			vm.charge(int64(i-int(a)) >> 6)
			return string(vm.mem[a:i])
		}
	}
	vm.Fail("unterminated string at %d", a)
	return ""
}

// PutString writes s NUL-terminated at a.
func (vm *VM) PutString(a int32, s string) {
	vm.check(a, int32(len(s))+1)
	vm.mark(a, int32(len(s))+1)
	vm.touch(a, int32(len(s))+1)
	copy(vm.mem[a:], s)
	vm.mem[int(a)+len(s)] = 0
}

// Here returns the dictionary pointer.
func (vm *VM) Here() int32 { return vm.fetch(addrDP) }

// SetHere moves the dictionary pointer, within the dictionary.
func (vm *VM) SetHere(a int32) {
	if a < dictStart || int(a) > len(vm.mem) {
		vm.Fail("dictionary pointer %d out of bounds", a)
	}
	vm.store(addrDP, a)
}

// Limit returns the end of the dictionary space.
func (vm *VM) Limit() int32 { return int32(len(vm.mem)) }

// Pad returns the address of the pad.
func (vm *VM) Pad() int32 { return padAddr }

// allot reserves n bytes at HERE and returns their address.
func (vm *VM) allot(n int32) int32 {
	a := vm.Here()
	if n < 0 || a < dictStart || int64(a)+int64(n) > int64(len(vm.mem)) {
		vm.Fail("dictionary overflow")
	}
	vm.store(addrDP, a+n)
	return a
}

// Comma compiles the cell v at HERE.
func (vm *VM) Comma(v int32) { vm.store(vm.allot(4), v) }

// Stacks.

// Push pushes v on the data stack; a full stack faults the running word.
func (vm *VM) Push(v int32) {
	if len(vm.ds) >= vm.dsMax {
		vm.Fail("data stack overflow")
	}
	vm.ds = append(vm.ds, v)
}

// Pop pops the data stack; an empty stack faults the running word.
func (vm *VM) Pop() int32 {
	n := len(vm.ds)
	if n == 0 {
		vm.Fail("data stack underflow")
	}
	v := vm.ds[n-1]
	vm.ds = vm.ds[:n-1]
	return v
}

// Depth returns the number of cells on the data stack.
func (vm *VM) Depth() int { return len(vm.ds) }

// Stack returns a copy of the data stack, bottom first.
func (vm *VM) Stack() []int32 { return append([]int32(nil), vm.ds...) }

// Reset empties both stacks and sets STATE to 0.
func (vm *VM) Reset() {
	vm.ds = vm.ds[:0]
	vm.rs = vm.rs[:0]
	vm.store(addrState, 0)
}

func (vm *VM) rpush(v int32) {
	if len(vm.rs) >= vm.rsMax {
		vm.Fail("return stack overflow")
	}
	vm.rs = append(vm.rs, v)
}

func (vm *VM) rpop() int32 {
	n := len(vm.rs)
	if n == 0 {
		vm.Fail("return stack underflow")
	}
	v := vm.rs[n-1]
	vm.rs = vm.rs[:n-1]
	return v
}

// rpeek returns the return stack cell i below the top.
func (vm *VM) rpeek(i int) int32 {
	n := len(vm.rs)
	if i >= n {
		vm.Fail("return stack underflow")
	}
	return vm.rs[n-1-i]
}

// Dictionary.

func (vm *VM) latest() int32 { return vm.fetch(vm.fetch(addrCurrent)) }

// header creates a header for name with the code field code and returns its NFA. As in the
// DLL, CONTEXT becomes CURRENT.
func (vm *VM) header(name string, code int32) int32 {
	a := vm.Here()
	if a < dictStart {
		vm.Fail("dictionary pointer %d out of bounds", a)
	}
	nfa := (a + int32(len(name)) + 4) &^ 3
	if int64(a)+int64(len(name))+4+16 > int64(len(vm.mem)) {
		vm.Fail("dictionary overflow")
	}
	vm.PutString(a, name)
	vm.store(nfa, a)
	vm.store(nfa+4, 0)
	old := vm.latest()
	vm.store(nfa+8, old)
	vm.store(nfa+12, code)
	voc := vm.fetch(addrCurrent)
	vm.store(voc, nfa)
	vm.store(addrDP, nfa+16)
	vm.store(addrContext, vm.fetch(addrCurrent))
	vm.indexAdd(voc, nfa, old)
	return nfa
}

// maxChain bounds a walk along the links, which the Forth can corrupt into a cycle. The
// biggest corpus game defines far fewer words.
const maxChain = 1 << 18

// maxNames bounds the names gathered for a suggestion.
const maxNames = 1 << 14

// nameIs reports whether the NUL-terminated string at a is name.
func (vm *VM) nameIs(a int32, name string) bool {
	if a <= 0 || int(a)+len(name) >= len(vm.mem) {
		return false
	}
	return string(vm.mem[a:int(a)+len(name)]) == name && vm.mem[int(a)+len(name)] == 0
}

// findNFA looks name up in CONTEXT, then CURRENT, and returns its NFA or 0.
func (vm *VM) findNFA(name string) int32 {
	if n := vm.findIn(vm.fetch(addrContext), name); n != 0 {
		return n
	}
	return vm.findIn(vm.fetch(addrCurrent), name)
}

// Find returns the CFA of the visible word name, or 0.
func (vm *VM) Find(name string) int32 {
	var cfa int32
	vm.guard(func() {
		if n := vm.findNFA(name); n != 0 {
			cfa = n + 12
		}
	})
	return cfa
}

// Native registers fn as a word name and returns its CFA, or 0 when the dictionary is
// full. A later definition of the same name hides the earlier one, as in Forth. fn faults
// by returning an error or by calling Fail, Pop on an empty stack, or a bad memory access.
func (vm *VM) Native(name string, fn func(*VM) error) int32 {
	var cfa int32
	err := vm.guard(func() { cfa = vm.native(name, fn) })
	if err != nil {
		return 0
	}
	return cfa
}

func (vm *VM) native(name string, fn func(*VM) error) int32 {
	id := int32(nativeBase + len(vm.natives))
	vm.natives = append(vm.natives, native{name: name, fn: fn})
	return vm.header(name, id) + 12
}

// names returns the names of the visible words of CURRENT, for suggestions.
func (vm *VM) names() []string {
	var out []string
	n := vm.latest()
	for i := 0; n != 0 && i < maxChain && len(out) < maxNames; i++ {
		if vm.fetch(n+4)&flagSmudge == 0 {
			if a := vm.fetch(n); a > 0 && int(a) < len(vm.mem) {
				if j := bytes.IndexByte(vm.mem[a:min(len(vm.mem), int(a)+64)], 0); j > 0 {
					out = append(out, string(vm.mem[a:int(a)+j]))
				}
			}
		}
		n = vm.fetch(n + 8)
	}
	vm.charge(int64(len(out)) >> 4)
	return out
}

// nameOf returns the name of the word whose CFA is cfa, or "".
func (vm *VM) nameOf(cfa int32) (name string) {
	defer func() {
		if recover() != nil {
			name = ""
		}
	}()
	return vm.String(vm.fetch(cfa - 12))
}

// maxCalls bounds the callers an error lists.
const maxCalls = 8

// calls returns the names of the colon words whose threads the return stack returns into,
// the nearest first. A return address follows the CFA of a colon or DOES> word in a thread,
// which tells it from the DO loop parameters that share the stack.
func (vm *VM) calls() []string {
	var out []string
	here := vm.fetch(addrDP)
	for i := len(vm.rs) - 1; i >= 0 && len(out) < maxCalls; i-- {
		a := vm.rs[i]
		if a <= dictStart+4 || a > here || a&3 != 0 || a == vm.haltThread+4 {
			continue
		}
		callee := vm.fetch(a - 4)
		if callee <= dictStart || int(callee)+4 > len(vm.mem) {
			continue
		}
		if c := vm.fetch(callee); c != doCol && c != doDoes {
			continue
		}
		if w := vm.wordAt(a); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// defSite is where a colon word was defined.
type defSite struct {
	name, at string
}

// define records that the word of nfa, called name, is being defined at the current token.
func (vm *VM) define(nfa int32, name string) {
	s := vm.src
	if s == nil {
		return
	}
	if vm.defs == nil {
		vm.defs = map[int32]defSite{}
	}
	line := 1 + bytes.Count(s.text[:s.tokStart], []byte{'\n'})
	col := s.tokStart - (bytes.LastIndexByte(s.text[:s.tokStart], '\n') + 1) + 1
	vm.defs[nfa] = defSite{name, fmt.Sprintf("%s:%d:%d", s.name, line, col)}
}

// wordAt returns the name of the word whose body holds the thread address ip: the newest
// word whose CFA lies below ip. Headers are laid out in address order along the chain.
func (vm *VM) wordAt(ip int32) string {
	name, _ := vm.wordSite(ip)
	return name
}

// wordSite returns wordAt's name and where that word was defined, if known.
func (vm *VM) wordSite(ip int32) (name, at string) {
	defer func() {
		if recover() != nil {
			name, at = "", ""
		}
	}()
	n := vm.latest()
	for i := 0; n != 0 && i < maxChain; i++ {
		if n+12 < ip {
			name = vm.String(vm.fetch(n))
			if d, ok := vm.defs[n]; ok && d.name == name {
				at = d.at
			}
			return name, at
		}
		n = vm.fetch(n + 8)
	}
	return "", ""
}

// RDepth returns the number of cells on the return stack (what RP@ gives).
func (vm *VM) RDepth() int { return len(vm.rs) }

// SetRDepth cuts the return stack down to n cells, as $Exit restores a saved RP; it faults
// if n is negative or above the current depth.
func (vm *VM) SetRDepth(n int) {
	if n < 0 || n > len(vm.rs) {
		vm.Fail("return stack depth %d out of 0..%d", n, len(vm.rs))
	}
	vm.rs = vm.rs[:n]
}

// ExitCFA returns the CFA of the nameless ;S that ends a colon definition (and a move).
func (vm *VM) ExitCFA() int32 { return vm.semisCFA }

// LitCFA returns the CFA of LIT, which compiled numbers use.
func (vm *VM) LitCFA() int32 { return vm.litCFA }

// Name returns the name of the word whose CFA is cfa, or "" if cfa is not a word's.
func (vm *VM) Name(cfa int32) string { return vm.nameOf(cfa) }

// Body returns the address of the first data cell of the word at cfa, as CFA>PFA does:
// CFA+8 for a DOES> word (past its DOES> slot), CFA+4 otherwise.
func (vm *VM) Body(cfa int32) int32 {
	if vm.fetch(cfa) == doDoes {
		return cfa + 8
	}
	return cfa + 4
}
