package forth

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zoggo/zoggo/internal/testutil"
)

// corpus returns the corpus folder from ZOGGO_CORPUS, skipping the test when it is unset.
func corpus(t testing.TB) string { return testutil.CorpusDir(t) }

// urDir is a game folder that holds the v1.50 CORE.4TH and axiom.4th.
const urDir = "glukkazan-zog/Axiom/Ur"

// coreVM returns a VM with the corpus's CORE.4TH loaded.
func coreVM(t testing.TB) *VM {
	t.Helper()
	dir := filepath.Join(corpus(t), urDir)
	vm := New(Config{})
	if err := vm.Load(os.DirFS(dir), "CORE.4TH"); err != nil {
		t.Fatalf("loading CORE.4TH: %v", err)
	}
	return vm
}

func TestLoadCore(t *testing.T) {
	vm := coreVM(t)
	if d := vm.Depth(); d != 0 {
		t.Errorf("after CORE.4TH the stack holds %d cells: %v", d, vm.Stack())
	}
	for _, w := range []string{"IF", "ELSE", "THEN", "DO", "LOOP", "CONSTANT", "VARIABLE", "DEFER", "IS", `."`, `S"`, "FORGET", "#IDYES", "FABS"} {
		if vm.Find(w) == 0 {
			t.Errorf("CORE.4TH did not define %q", w)
		}
	}
}

// TestLoadCoreEverywhere loads every CORE.4TH of the corpus unchanged.
func TestLoadCoreEverywhere(t *testing.T) {
	root := corpus(t)
	n := 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "CORE.4TH" {
			return nil
		}
		n++
		vm := New(Config{MemSize: 1 << 20})
		if err := vm.Load(os.DirFS(filepath.Dir(p)), "CORE.4TH"); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		return nil
	})
	if n == 0 {
		t.Fatal("no CORE.4TH in the corpus")
	}
}

// run interprets src on vm and returns the stack.
func run(t *testing.T, vm *VM, src string) []int32 {
	t.Helper()
	if err := vm.Interpret("test", []byte(src)); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	s := vm.Stack()
	vm.Reset()
	return s
}

func TestCoreWords(t *testing.T) {
	vm := coreVM(t)
	for _, tt := range []struct {
		src  string
		want string
	}{
		{": T 1 IF 2 ELSE 3 THEN ; T", "2"},
		{": T 0 IF 2 ELSE 3 ENDIF ; T", "3"},
		{": T 0 5 0 DO I + LOOP ; T", "10"},
		{": T 0 10 0 DO I + 2 +LOOP ; T", "20"},
		{": T 0 0 10 DO I + -3 +LOOP ; T", "22"},
		{": T 3 0 DO 2 0 DO J 10 * I + LOOP LOOP ; T", "0 1 10 11 20 21"},
		{": T 0 BEGIN 1+ DUP 5 = UNTIL ; T", "5"},
		{": T 0 BEGIN DUP 5 < WHILE 1+ REPEAT ; T", "5"},
		{": T 0 100 0 DO 1+ DUP 7 = IF LEAVE THEN LOOP ; T", "7"},
		{"7 CONSTANT SEVEN SEVEN SEVEN +", "14"},
		{"VARIABLE V 42 V ! V @ V ++ V @", "42 43"},
		{": MK <BUILDS , DOES> @ 1+ ; 9 MK NINE NINE", "10"},
		{"3 [] ARR 5 1 ARR ! 1 ARR @ 0 ARR 1 ARR - ", "5 -4"},
		{": FACT DUP 1 > IF DUP 1- RECURSE * THEN ; 10 FACT", "3628800"},
		{`: T S" hello" "COUNT ; T`, "5"},
		{`: T S" ab" S" ab" "= S" ab" S" ac" "= ; T`, "-1 0"},
		{"DEFER D : ONE 1 ; ' ONE IS D D", "1"},
		{": T ['] ONE EXECUTE ; T", "1"},
		{"ASCII A : T ASCII B ; T", "65 66"},
		{"3 4 MAX 3 4 MIN -5 ABS 5 NEGATE", "4 3 5 -5"},
		{"1 2 3 .S DEPTH", "1 2 3 3"},
		{": T 1 EXIT 2 ; T", "1"},
		{"1.5 2.25 F+ 3.75 F= 2.5 F>N -2.5 F>N 7 N>F 2. F/ 3.5 F=", "-1 2 -2 -1"},
		{"1. 2. FMAX 2. F= -1.5 FABS 1.5 F=", "-1 -1"},
		{"HEX FF 10 DECIMAL", "255 16"},
		{"HERE 8 ALLOT HERE SWAP -", "8"},
		{"( a comment ) 1 \\ a line comment 2\n3", "1 3"},
	} {
		got := run(t, vm, tt.src)
		if s := fmtStack(got); s != tt.want {
			t.Errorf("%s: got %q, want %q", tt.src, s, tt.want)
		}
	}
}

func itoa10(n int32) string { return strconv.Itoa(int(n)) }

func fmtStack(s []int32) string {
	var b []string
	for _, x := range s {
		b = append(b, itoa10(x))
	}
	return strings.Join(b, " ")
}

func TestCoreOutput(t *testing.T) {
	vm := coreVM(t)
	var b strings.Builder
	vm.Out = &b
	run(t, vm, `." hi" : T ." there" CR 42 . -1 . HEX -1 . DECIMAL 5 4 .R ; T`)
	if got, want := b.String(), "hithere\n42 -1 ffffffff    5"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

func TestCoreErrors(t *testing.T) {
	vm := coreVM(t)
	for _, tt := range []struct{ src, want string }{
		{"1 0 ABORT\" boom\"", ""},
		{": T 1 ABORT\" boom\" ; T", "boom"},
		{"' NOSUCH", `"NOSUCH" is undefined`},
		{"FORGET NOSUCH", `"NOSUCH" is undefined`},
	} {
		err := vm.Interpret("e", []byte(tt.src))
		vm.Reset()
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.want)
		}
	}
	var e *Error
	err := vm.Interpret("e", []byte("\n  : T 1 ABORT\" boom\" ; T"))
	if !errors.As(err, &e) || e.Line != 2 || e.Col != 24 || e.Word != `(ABORT")` || e.Msg != "boom" {
		t.Errorf("error %#v, want 2:24 in (ABORT\")", err)
	}
}

// TestForget checks that FORGET moves DP back to the name string and unlinks the word.
func TestForget(t *testing.T) {
	vm := coreVM(t)
	h := run(t, vm, "HERE")[0]
	run(t, vm, ": GONE 1 ;")
	run(t, vm, "FORGET GONE")
	if got := run(t, vm, "HERE")[0]; got != h {
		t.Errorf("HERE after FORGET = %d, want %d", got, h)
	}
	if vm.Find("GONE") != 0 {
		t.Error("GONE still visible after FORGET")
	}
}

// TestVocabulary checks VOCABULARY and FORTH: a vocabulary word makes its cell CONTEXT, and
// DEFINITIONS sends new words there.
func TestVocabulary(t *testing.T) {
	vm := coreVM(t)
	run(t, vm, "VOCABULARY V V DEFINITIONS : X 5 ; FORTH DEFINITIONS")
	if err := vm.Interpret("t", []byte("X")); err == nil {
		t.Error("X visible from FORTH")
	}
	vm.Reset()
	if got := fmtStack(run(t, vm, "V X FORTH DUP")); got != "5 5" {
		t.Errorf("V X: %s", got)
	}
}

func TestNameBody(t *testing.T) {
	vm := coreVM(t)
	run(t, vm, "VARIABLE V 7 V ! 9 CONSTANT K")
	v, k := vm.Find("V"), vm.Find("K")
	if vm.Name(v) != "V" || vm.Name(k) != "K" || vm.Name(12345) != "" {
		t.Errorf("names %q %q", vm.Name(v), vm.Name(k))
	}
	if vm.Fetch(vm.Body(v)) != 7 || vm.Fetch(vm.Body(k)) != 9 {
		t.Errorf("bodies hold %d %d", vm.Fetch(vm.Body(v)), vm.Fetch(vm.Body(k)))
	}
}
