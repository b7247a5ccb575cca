package forth

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// kernel is the colon-definition helpers of CORE.4TH that the kernel tests need, so that
// they run without the corpus.
const kernel = `: ( 41 WORD ; IMMEDIATE
: IF COMPILE 0BRANCH HERE 0 , ; IMMEDIATE
: THEN HERE SWAP ! ; IMMEDIATE
: ELSE COMPILE BRANCH HERE SWAP 0 , HERE SWAP ! ; IMMEDIATE
: BEGIN HERE ; IMMEDIATE
: UNTIL COMPILE 0BRANCH , ; IMMEDIATE
: AGAIN COMPILE BRANCH , ; IMMEDIATE
: DO COMPILE (DO) HERE ; IMMEDIATE
: LOOP COMPILE (LOOP) , ; IMMEDIATE
: RECURSE CURRENT @ @ 3 4 * + , ; IMMEDIATE
: ALLOT DP @ + DP ! ;
`

func kernelVM(t testing.TB, cfg Config) *VM {
	t.Helper()
	vm := New(cfg)
	if err := vm.Interpret("kernel", []byte(kernel)); err != nil {
		t.Fatal(err)
	}
	return vm
}

func TestNatives(t *testing.T) {
	vm := kernelVM(t, Config{})
	for _, tt := range []struct{ src, want string }{
		{"1 2 SWAP", "2 1"},
		{"1 2 OVER", "1 2 1"},
		{"1 2 3 ROT", "2 3 1"},
		{"1 2 2DUP", "1 2 1 2"},
		{"1 2 3 2DROP", "1"},
		{"5 6 7 2 PICK 0 PICK", "5 6 7 5 5"},
		{"9 9 DEPTH", "9 9 2"},
		{"7 2 /  -7 2 /  7 -2 /  -7 -2 /", "3 -3 -3 3"},
		{"7 2 MOD  -7 2 MOD  7 -2 MOD  -7 -2 MOD", "1 -1 1 -1"},
		{"-7 2 /MOD", "-1 -3"},
		{"-2147483648 -1 /  -2147483648 -1 MOD", "-2147483648 0"},
		{"2147483647 1+  -2147483648 1-", "-2147483648 2147483647"},
		{"65536 65536 *", "0"},
		{"-3 2/  -4 2/  3 2/  -1 2/", "-1 -2 1 0"},
		{"10 3 4 */  10 3 4 */MOD", "7 2 7"},
		{"0 NOT 5 NOT 0 INVERT 6 3 AND 6 3 OR 6 3 XOR", "-1 0 -1 2 7 5"},
		{"1 2 < 2 1 < 1 1 <= 1 1 >= 1 2 <> 3 3 =", "-1 0 -1 -1 -1 -1"},
		{"-1 0< 0 0= 1 0> 0 0<> -1 0 >", "-1 -1 -1 0 0"},
		{"1 1+ 1 1- 1 2+ 1 2- 3 2*", "2 0 3 -1 6"},
		{"TRUE FALSE", "-1 0"},
		{"1000 HERE ! HERE @", "1000"},
		{"HERE 300 OVER C! C@  HERE 200 OVER C! C@ C>N", "44 -56"},
		{"HERE -2 OVER I! DUP I@ SWAP UI@", "-2 65534"},
		{"HERE 5 OVER ! DUP ++ DUP ++ DUP -- DUP 10 SWAP +! @", "16"},
		{"HERE 250 OVER C! DUP C++ C@", "251"},
		{"HERE 12 65 FILL HERE 11 + C@", "65"},
		{"HERE 7 OVER ! HERE 4 + 1 MOVE HERE 4 + @", "7"},
		{"HERE 8 OVER ! HERE 4 + 4 CMOVE HERE 4 + @", "8"},
		{"1 >R 2 >R R@ R> R>", "2 2 1"},
		{": T 123 (NUMBER) PAD C@ PAD \"COUNT ; T", "49 3"},
		{": T -5 (NUMBER) PAD \"COUNT ; T", "2"},
		{": T PAD HERE \"MOVE HERE PAD \"= ; T", "-1"},
		{": T 10 0 DO I LOOP ; T", "0 1 2 3 4 5 6 7 8 9"},
		{": T 3 BEGIN 1- DUP 0= UNTIL ; T", "0"},
		{": F DUP 2 < IF DROP 1 ELSE DUP 1- RECURSE * THEN ; 5 F", "120"},
		{"CREATE X 5 , X @", "5"},
		{": K <BUILDS , DOES> @ ; 3 K THREE THREE", "3"},
		{"-FIND THREE 12 + DUP CFA>PFA SWAP -  -FIND X 12 + DUP CFA>PFA SWAP -", "8 4"},
		{"-FIND THREE 0= -FIND NOPE", "0 0"},
		{"-FIND DUP 12 + 5 SWAP EXECUTE", "5 5"},
		{"0 SEED! 1 6 RAND-WITHIN 1 6 RAND-WITHIN", ""},
		{"1. F>N 2.5 F>N -2.5 F>N 10000000000. F>N", "1 2 -2 -2147483648"},
		{"3 N>F 2 N>F F- F>N 1. 2. F< 2. 1. F<", "1 -1 0"},
		{"16. FSQRT F>N 1. FTAN 1. FATAN F=", "4 -1"},
		{"0 SEED! FRAND FRAND F< FRAND F0< ", ""},
	} {
		if tt.want == "" {
			continue
		}
		got := run(t, vm, tt.src)
		if s := fmtStack(got); s != tt.want {
			t.Errorf("%s: got %q, want %q", tt.src, s, tt.want)
		}
	}
}

// randWant is what the prototype's ran2 gives for the same words.
const randWant = "3 1 1 5 647 257"

// TestRandom checks the generator against the ran2 sequence of the prototype for seed 0 and
// seed 42.
func TestRandom(t *testing.T) {
	vm := kernelVM(t, Config{})
	got := run(t, vm, "0 SEED! 1 6 RAND-WITHIN 1 6 RAND-WITHIN 1 6 RAND-WITHIN 1 100 RAND-WITHIN 42 SEED! 0 1000 RAND-WITHIN 0 1000 RAND-WITHIN")
	if s, want := fmtStack(got), randWant; s != want {
		t.Errorf("random sequence %q, want %q", s, want)
	}
}

func TestHeaderLayout(t *testing.T) {
	vm := kernelVM(t, Config{})
	run(t, vm, ": SQ DUP * ;")
	cfa := vm.Find("SQ")
	nfa := cfa - 12
	if name := vm.String(vm.Fetch(nfa)); name != "SQ" {
		t.Errorf("name pointer gives %q", name)
	}
	if nfa&3 != 0 {
		t.Errorf("NFA %d not aligned", nfa)
	}
	if f := vm.Fetch(nfa + 4); f != 0 {
		t.Errorf("flags %d after ;", f)
	}
	if vm.Fetch(cfa) != doCol {
		t.Errorf("code field %d, want DOCOL", vm.Fetch(cfa))
	}
	if prev := vm.Fetch(nfa + 8); prev == 0 || vm.String(vm.Fetch(prev)) != "ALLOT" {
		t.Errorf("link does not point at ALLOT")
	}
	if got := vm.Fetch(vm.Fetch(addrCurrent)); got != nfa {
		t.Errorf("LATEST = %d, want %d", got, nfa)
	}
	// The word being defined is invisible in its own body: SQ here is the old SQ.
	if s := fmtStack(run(t, vm, ": SQ SQ 1+ ; 3 SQ")); s != "10" {
		t.Errorf("redefinition in terms of the old word: %s", s)
	}
	// Names are case-sensitive.
	if err := vm.Interpret("t", []byte("3 sq")); err == nil || !strings.Contains(err.Error(), `"sq" is undefined (did you mean "SQ"?)`) {
		t.Errorf("sq: %v", err)
	}
}

func TestReaderQuirks(t *testing.T) {
	vm := kernelVM(t, Config{})
	for _, tt := range []struct{ src, want string }{
		{"1 ( ) 2 ) 3", "1 3"},    // ( ) skips the ) as a leading delimiter.
		{"1 ( x ) 2", "1 2"},      //
		{"1\r\n2\r\n", "1 2"},     // CRLF.
		{"1\t2\v3\f4", "1 2 3 4"}, // C white space.
		{"+5 -0 0x10", "5 0"},     // strtol in base 10: 0x10 is no number.
		{"2147483647 -2147483648", "2147483647 -2147483648"},
	} {
		err := vm.Interpret("t", []byte(tt.src))
		got := fmtStack(vm.Stack())
		vm.Reset()
		if tt.src == "+5 -0 0x10" {
			if err == nil || !strings.Contains(err.Error(), `"0x10" is undefined`) {
				t.Errorf("%q: %v", tt.src, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
		} else if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, got, tt.want)
		}
	}
	// strtol with a 32-bit long refuses values out of range.
	if err := vm.Interpret("t", []byte("2147483648")); err == nil {
		t.Error("2147483648 accepted as a number")
	}
	if got := run(t, vm, "16 BASE ! 0x1F ff 10 BASE !"); fmtStack(got) != "31 255" {
		t.Errorf("hex: %v", got)
	}
	if err := vm.Interpret("t", []byte("(comment)")); err == nil {
		t.Errorf("(comment) should be undefined")
	}
}

// TestFaults checks that each fault is an error naming where it happened.
func TestFaults(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"DROP", "kernel2:1:1: data stack underflow"},
		{"\n  1 0 /", `kernel2:2:7: division by zero (interpreting "/")`},
		{": T 1 0 MOD ; T", `MOD: division by zero (interpreting "T")`},
		{"NOPE", `"NOPE" is undefined`},
		{"0 @", "bad address 0"},
		{"-4 @", "bad address -4"},
		{"2000000000 @", "bad address 2000000000"},
		{"R>", "return stack underflow"},
		{": T R> DROP ; T", "return stack underflow"},
		{"HERE EXECUTE", "bad code field"},
		{"5 PICK", "PICK 5 out of a stack of 0"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17", "data stack overflow"},
		{"0 WORD", "WORD found nothing"},
		{":", ": needs a name"},
		{"2000000000 ALLOT", "dictionary pointer"},
		{"-100000 ALLOT", "dictionary pointer"},
		{"DOES>", "return stack underflow"},
	} {
		vm := kernelVM(t, Config{DataStack: 16})
		err := vm.Interpret("kernel2", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want %q", tt.src, err, tt.want)
		}
		if vm.Depth() != 0 {
			t.Errorf("%q: stack not reset after the fault", tt.src)
		}
		// The VM stays usable after a fault.
		if got := run(t, vm, "1 2 +"); fmtStack(got) != "3" {
			t.Errorf("%q: VM unusable after the fault: %v", tt.src, got)
		}
	}
}

// TestHostile checks that hostile sources end in an error quickly.
func TestHostile(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"endless loop", ": T BEGIN 0 UNTIL ; T", "step budget"},
		{"endless AGAIN", ": T BEGIN AGAIN ; T", "step budget"},
		{"deep recursion", ": T RECURSE ; T", "return stack overflow"},
		{"deep data", ": T 1 RECURSE ; T", "stack overflow"},
		{"huge allot", "1000000000 ALLOT", "dictionary pointer"},
		{"allot then write", ": T 1000000000 ALLOT 5 , ; T", "dictionary overflow"},
		{"many headers", ": T BEGIN 0 , AGAIN ; T", "dictionary overflow"},
		{"jump to nowhere", ": T [ -FIND BRANCH 12 + , 4 , ] ; T", "bad"},
		{"execute garbage", "12345 EXECUTE", "bad"},
		{"fill everything", "HERE 1000000000 0 FILL", "bad address"},
		{"copy everything", "HERE HERE 1000000000 CMOVE", "bad"},
		{"endless type", "HERE 1048576 65 FILL HERE TYPE", "bad"},
		{"wide .R in a loop", ": T BEGIN 1 60000 .R AGAIN ; T", "step budget"},
		{"fill in a loop", ": T BEGIN HERE 500000 0 FILL AGAIN ; T", "step budget"},
		{"copy in a loop", ": T BEGIN 100000 HERE 500000 CMOVE AGAIN ; T", "step budget"},
		{"count in a loop", ": T HERE 500000 65 FILL 0 HERE 500000 + C! BEGIN HERE \"COUNT DROP AGAIN ; T", "step budget"},
		{"link cycle", ": T CURRENT @ @ DUP 8 + ! BEGIN -FIND DROP AGAIN ; T" + strings.Repeat(" x", 40), "step budget"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vm := kernelVM(t, Config{MemSize: 1 << 20, MaxSteps: 1_000_000})
			start := time.Now()
			err := vm.Interpret("hostile", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestLoadNesting checks that a file loading itself is stopped.
func TestLoadNesting(t *testing.T) {
	vm := New(Config{})
	fsys := fstest.MapFS{"a.4th": {Data: []byte("1 LOAD A.4TH")}}
	err := vm.Load(fsys, "a.4th")
	if err == nil || !strings.Contains(err.Error(), "nested too deep") {
		t.Errorf("error %v", err)
	}
	err = vm.Load(fstest.MapFS{"a.4th": {Data: []byte("LOAD b.4th")}}, "a.4th")
	if err == nil || !strings.Contains(err.Error(), `a.4th:1:6: LOAD: file "b.4th" not found`) {
		t.Errorf("error %v", err)
	}
}

// TestLoadPosition checks that a fault in a LOADed file names that file and line, found
// in the loading file's folder whatever the case of the name.
func TestLoadPosition(t *testing.T) {
	vm := kernelVM(t, Config{})
	fsys := fstest.MapFS{
		"g/main.4th": {Data: []byte("1 2\r\nLOAD SUB.4TH\r\n")},
		"g/sub.4th":  {Data: []byte(": OK 1 ;\r\n  OK DROP DROP DROP DROP\r\n")},
	}
	err := vm.Load(fsys, "g/main.4th")
	var e *Error
	if !errors.As(err, &e) || e.File != "g/sub.4th" || e.Line != 2 || e.Col != 21 || e.Token != "DROP" {
		t.Errorf("error %#v", err)
	}
	// After the fault the input is the host's again: a new Interpret starts afresh.
	if got := run(t, vm, "3"); fmtStack(got) != "3" {
		t.Errorf("after the fault: %v", got)
	}
}

// TestNativeAPI checks natives added from outside, and call-backs into Forth.
func TestNativeAPI(t *testing.T) {
	vm := kernelVM(t, Config{})
	vm.Native("twice", func(v *VM) error {
		cfa := v.Pop()
		if err := v.Execute(cfa); err != nil {
			return err
		}
		return v.Execute(cfa)
	})
	vm.Native("stub", func(v *VM) error { return errors.New("not yet") })
	if got := run(t, vm, ": INC 1+ ; 5 -FIND INC 12 + twice"); fmtStack(got) != "7" {
		t.Errorf("twice: %v", got)
	}
	err := vm.Interpret("t", []byte(": T stub ; T"))
	var e *Error
	if !errors.As(err, &e) || e.Word != "T" || !strings.Contains(e.Msg, "not yet") {
		t.Errorf("stub: %#v", err)
	}
	// A native may go on after a call-back failed: the thread it runs in is intact.
	vm.Native("try", func(v *VM) error {
		cfa := v.Pop()
		if err := v.Execute(cfa); err == nil {
			return errors.New("no error")
		}
		v.Push(99)
		return nil
	})
	if got := run(t, vm, ": BAD 0 0 / ; : T 1 SWAP try 2 ; -FIND BAD 12 + T"); fmtStack(got) != "1 99 2" {
		t.Errorf("try: %v", got)
	}
	vm.Native("depth", func(v *VM) error { v.Push(int32(v.RDepth())); return nil })
	if got := run(t, vm, ": T depth ; : U T ; U"); fmtStack(got) != "2" {
		t.Errorf("RDepth: %v", got)
	}
	// The callers are read from the return stack, skipping loop parameters.
	err = vm.Interpret("t", []byte(": A 0 0 / ; : B 3 0 DO A LOOP ; : C B ; C"))
	if !errors.As(err, &e) || e.Word != "A" || strings.Join(e.Calls, " ") != "B C" {
		t.Errorf("calls: %#v", err)
	} else if want := `t:1:41: /: division by zero (interpreting "C", in "A" of t:1:3, called from "B" < "C")`; err.Error() != want {
		t.Errorf("error text %q, want %q", err.Error(), want)
	}
	// Run from the host, a fault begins with where the word that faulted was defined; an
	// EXECUTE of a stray cell names the word that ran it, not the cell.
	if err := vm.Interpret("g.4th", []byte("\n: D ( -- )\n  0 EXECUTE ;\n: E D ;")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ word, want string }{
		{"E", `g.4th:2:3: EXECUTE: 0 is not the address of a word (in "D", called from "E")`},
		{"D", `g.4th:2:3: EXECUTE: 0 is not the address of a word (in "D")`},
	} {
		err = vm.Execute(vm.Find(c.word))
		if !errors.As(err, &e) || e.Word != "D" || e.WordAt != "g.4th:2:3" || err.Error() != c.want {
			t.Errorf("%s: error %q, want %q", c.word, err, c.want)
		}
	}
	// A fault inside a call-back names the inner word.
	err = vm.Interpret("t", []byte(": BAD 0 0 / ; -FIND BAD 12 + twice"))
	if !errors.As(err, &e) || e.Word != "BAD" {
		t.Errorf("call-back fault: %#v", err)
	}
}
