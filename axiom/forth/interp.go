package forth

// This file holds the inner interpreter (NEXT and the code-field actions), the entry points
// that recover faults, and the outer interpreter with its reader.

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"runtime"
	"strconv"
	"strings"

	"github.com/zoggo/zoggo/internal/spell"
)

// guard runs f and turns a fault or a stray panic into an *Error. The outermost call resets
// the step count before f, and both stacks and STATE after a fault. A nested call (a native
// running Forth) puts IP, W, the return stack and the input back as they were, so that the
// native may go on after the error.
func (vm *VM) guard(f func()) (err error) {
	if vm.depth == 0 {
		vm.steps = 0
	}
	if vm.depth >= vm.maxNesting {
		return vm.locate(&fault{msg: "nesting too deep"})
	}
	ip, w, rdepth, src, loads := vm.ip, vm.w, len(vm.rs), vm.src, vm.loads
	vm.depth++
	defer func() {
		vm.depth--
		if r := recover(); r != nil {
			err = vm.locate(r)
			if vm.depth == 0 {
				vm.Reset()
				vm.src, vm.loads, vm.ip, vm.w = nil, 0, 0, 0
				return
			}
			vm.ip, vm.w, vm.src, vm.loads = ip, w, src, loads
			if len(vm.rs) > rdepth {
				vm.rs = vm.rs[:rdepth]
			}
		}
	}()
	f()
	// The memory is released when the VM is collected: keep it until f is done with it.
	runtime.KeepAlive(vm)
	return nil
}

// Do runs f as an entry point: the faults of Pop, Fetch, Fail and the like inside f become
// the returned error. The host uses it to work on the VM outside a native.
func (vm *VM) Do(f func()) error { return vm.guard(f) }

// locate turns a panic value into an *Error placed at the current token and word.
func (vm *VM) locate(r any) *Error {
	var msg string
	bare := false
	switch r := r.(type) {
	case *Error:
		return r
	case *fault:
		msg, bare = r.msg, r.bare
	case runtime.Error:
		msg = "internal error: " + r.Error()
	case error:
		var e *Error
		if errors.As(r, &e) {
			return e
		}
		msg = r.Error()
	default:
		msg = fmt.Sprintf("internal error: %v", r)
	}
	e := &Error{Msg: msg}
	if s := vm.src; s != nil {
		e.File = s.name
		e.Line = 1 + bytes.Count(s.text[:s.tokStart], []byte{'\n'})
		e.Col = s.tokStart - (bytes.LastIndexByte(s.text[:s.tokStart], '\n') + 1) + 1
		e.Token = s.token
	}
	if vm.w != 0 {
		if n := vm.nameOf(vm.w); n != "" && n != e.Token && !bare {
			e.Msg = n + ": " + e.Msg
		}
		if vm.ip != vm.haltThread && vm.ip != vm.haltThread+4 && vm.ip > dictStart {
			e.Word, e.WordAt = vm.wordSite(vm.ip)
			func() {
				defer func() { recover() }()
				e.Calls = vm.calls()
			}()
		}
	}
	return e
}

// Execute runs the word whose CFA is cfa to completion, as the host's "EXECUTE from C"
// does; natives may call it to run Forth call-backs. It returns the first fault.
func (vm *VM) Execute(cfa int32) error {
	return vm.guard(func() { vm.execute(cfa) })
}

// execute runs cfa on the return-to-host thread and restores IP afterwards.
func (vm *VM) execute(cfa int32) {
	sip, sw := vm.ip, vm.w
	vm.ip = vm.haltThread
	vm.dispatch(cfa)
	vm.run()
	vm.ip, vm.w = sip, sw
}

// run is NEXT in a loop, until the return-to-host word is reached.
func (vm *VM) run() {
	for {
		vm.steps++
		if vm.steps > vm.maxSteps {
			vm.Fail("step budget of %d exhausted", vm.maxSteps)
		}
		w := vm.fetch(vm.ip)
		vm.ip += 4
		// The words of nearly every thread run here without a call: literals, branches,
		// the end of a colon word and the start of one.
		switch w {
		case vm.haltCFA:
			return
		case vm.litCFA:
			vm.w = w
			vm.Push(vm.fetch(vm.ip))
			vm.ip += 4
			continue
		case vm.semisCFA:
			vm.w = w
			vm.ip = vm.rpop()
			continue
		case vm.branchCFA:
			vm.w = w
			vm.ip = vm.fetch(vm.ip)
			continue
		case vm.zbranchCFA:
			vm.w = w
			if vm.Pop() == 0 {
				vm.ip = vm.fetch(vm.ip)
			} else {
				vm.ip += 4
			}
			continue
		}
		vm.dispatch(w)
	}
}

// dispatch runs the code field of the word at cfa.
func (vm *VM) dispatch(cfa int32) {
	vm.w = cfa
	switch code := vm.fetch(cfa); code {
	case doCol:
		vm.rpush(vm.ip)
		vm.ip = cfa + 4
	case doVar:
		vm.Push(cfa + 4)
	case doDoes:
		vm.Push(cfa + 8)
		vm.rpush(vm.ip)
		vm.ip = vm.fetch(cfa + 4)
	case doVoc:
		vm.store(addrContext, cfa+12)
	default:
		i := int(code) - nativeBase
		if i < 0 || i >= len(vm.natives) {
			vm.Fail("bad code field %d at %d", code, cfa)
		}
		if n := &vm.natives[i]; n.f != nil {
			n.f(vm)
		} else if err := n.fn(vm); err != nil {
			panic(err)
		}
	}
}

// Interpret interprets src as if it were a file called name; LOAD in it reads from the
// file system given to Load, if any.
func (vm *VM) Interpret(name string, src []byte) error {
	return vm.guard(func() { vm.interpret(&source{name: name, text: normalize(src)}) })
}

// Load interprets the file at name in fsys; the LOADs it holds are found in fsys relative to
// the loading file's directory, ignoring case when no exact name exists.
func (vm *VM) Load(fsys fs.FS, name string) error {
	vm.fsys = fsys
	return vm.guard(func() { vm.load(name) })
}

// normalize turns CRLF into LF, as a Windows text-mode read does.
func normalize(b []byte) []byte {
	return bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
}

func (vm *VM) load(name string) {
	if vm.fsys == nil {
		vm.Fail("LOAD %q: no file system", name)
	}
	dir := "."
	if vm.src != nil && vm.src.dir != "" {
		dir = vm.src.dir
	}
	p := path.Join(dir, name)
	b, err := fs.ReadFile(vm.fsys, p)
	if err != nil {
		ents, _ := fs.ReadDir(vm.fsys, dir)
		for _, e := range ents {
			if strings.EqualFold(e.Name(), name) {
				p = path.Join(dir, e.Name())
				b, err = fs.ReadFile(vm.fsys, p)
				break
			}
		}
	}
	if err != nil {
		vm.Fail("file %q not found", name)
	}
	vm.interpret(&source{name: p, dir: path.Dir(p), text: normalize(b)})
}

// interpret is the outer interpreter over one source.
func (vm *VM) interpret(s *source) {
	if vm.loads >= vm.maxNesting {
		vm.Fail("LOAD nested too deep")
	}
	saved := vm.src
	vm.src = s
	vm.loads++
	sip, sw := vm.ip, vm.w
	dp := vm.Here()
	defer func() {
		// On a fault the innermost source stays current so that the error can name it
		// (guard puts the input back), and a DP left out of the dictionary goes back to its
		// value before the token.
		if r := recover(); r != nil {
			if bad := vm.Here(); bad < dictStart || int(bad) > len(vm.mem) {
				vm.store(addrDP, dp)
			}
			panic(r)
		}
		vm.src = saved
		vm.loads--
		vm.ip, vm.w = sip, sw
	}()
	for {
		tok := vm.parse(' ')
		if tok == "" {
			break
		}
		vm.ip, vm.w = 0, 0
		dp = vm.Here()
		if nfa := vm.findNFA(tok); nfa != 0 {
			if vm.fetch(addrState) != 0 && vm.fetch(nfa+4)&flagImmediate == 0 {
				vm.Comma(nfa + 12)
			} else {
				vm.execute(nfa + 12)
			}
		} else if n, ok := vm.number(tok); ok {
			if vm.fetch(addrState) != 0 {
				vm.Comma(vm.litCFA)
				vm.Comma(n)
			} else {
				vm.Push(n)
			}
		} else {
			vm.ip, vm.w = 0, 0
			if near := vm.suggest(tok); near != "" {
				vm.Fail("%q is undefined (did you mean %q?)", tok, near)
			}
			vm.Fail("%q is undefined", tok)
		}
		// A word may leave DP anywhere (ALLOT is DP @ + DP !): put it back and fault.
		if bad := vm.Here(); bad < dictStart || int(bad) > len(vm.mem) {
			vm.store(addrDP, dp)
			vm.Fail("dictionary pointer %d out of bounds", bad)
		}
	}
	vm.ip, vm.w = 0, 0
}

// isSpace is C's isspace in the C locale.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// parse reads the next token of the input delimited by delim, as the DLL's reader does: a
// space delimiter skips any leading white space and ends at white space; any other skips
// leading copies of delim and ends at the next delim. The delimiter is consumed. The token is
// also left NUL-terminated at PAD.
func (vm *VM) parse(delim byte) string {
	s := vm.src
	if s == nil {
		vm.Fail("no input to parse")
	}
	t, i := s.text, s.pos
	if i > len(t) {
		i = len(t)
	}
	var j int
	if delim == ' ' {
		for i < len(t) && isSpace(t[i]) {
			i++
		}
		j = i
		for j < len(t) && !isSpace(t[j]) {
			j++
		}
	} else {
		for i < len(t) && t[i] == delim {
			i++
		}
		j = i
		for j < len(t) && t[j] != delim {
			j++
		}
	}
	tok := string(t[i:j])
	if len(tok) >= padSize {
		vm.Fail("token of %d bytes does not fit the pad", len(tok))
	}
	s.pos = j + 1
	if delim == ' ' {
		s.tokStart, s.token = i, tok
	}
	vm.PutString(padAddr, tok)
	return tok
}

// number converts a token as the reader does: a token holding '.' is a float (strtod) stored
// as a 32-bit single; any other is an integer in BASE (strtol with a 32-bit long). The whole
// token must be used and the value must fit.
func (vm *VM) number(tok string) (int32, bool) {
	if strings.IndexByte(tok, '.') >= 0 {
		f, ok := strtod(tok)
		if !ok {
			return 0, false
		}
		return int32(math.Float32bits(float32(f))), true
	}
	return strtol(tok, vm.fetch(addrBase))
}

// strtol parses a whole token as C's strtol with a 32-bit long: optional sign, optional 0x
// for base 16 (and base 0 picks 0x, 0 or decimal), digits of the base.
func strtol(tok string, base int32) (int32, bool) {
	s := tok
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	hasPrefix := len(s) >= 3 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && digit(s[2]) < 16
	switch {
	case base == 0 && hasPrefix:
		base, s = 16, s[2:]
	case base == 0 && len(s) > 1 && s[0] == '0':
		base = 8
	case base == 0:
		base = 10
	case base == 16 && hasPrefix:
		s = s[2:]
	}
	if base < 2 || base > 36 || s == "" {
		return 0, false
	}
	var v int64
	for i := 0; i < len(s); i++ {
		d := digit(s[i])
		if d >= base {
			return 0, false
		}
		v = v*int64(base) + int64(d)
		if v > 1<<31 {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		return 0, false
	}
	return int32(v), true
}

// digit returns the value of an alphanumeric digit, or 99.
func digit(c byte) int32 {
	switch {
	case '0' <= c && c <= '9':
		return int32(c - '0')
	case 'a' <= c && c <= 'z':
		return int32(c-'a') + 10
	case 'A' <= c && c <= 'Z':
		return int32(c-'A') + 10
	}
	return 99
}

// strtod parses a whole token as C's strtod: decimal or hexadecimal floating point, inf and
// nan. Go's digit separators are refused.
func strtod(tok string) (float64, bool) {
	if strings.IndexByte(tok, '_') >= 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(tok, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return 0, false
		}
		return 0, false
	}
	return f, true
}

// suggest returns a visible word that tok may have meant: the same name in another case
// (names are case-sensitive), else a near name by edit distance for tokens of three bytes
// or more, where a typo is likelier than a number.
func (vm *VM) suggest(tok string) string {
	names := vm.names()
	for _, n := range names {
		if strings.EqualFold(n, tok) {
			return n
		}
	}
	if len(tok) < 3 {
		return ""
	}
	return spell.Suggest(tok, names)
}
