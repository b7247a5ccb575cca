package forth

// This file registers the kernel natives: dictionary and compiler words, stacks and memory,
// 32-bit arithmetic, control-flow internals, strings and output, floats, random numbers and
// time. Their order fixes nothing the Forth can observe except header addresses.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// prim registers a native that faults only by panicking.
func (vm *VM) prim(name string, f func(*VM)) int32 {
	cfa := vm.native(name, nil)
	vm.natives[len(vm.natives)-1].f = f
	return cfa
}

func flag(b bool) int32 {
	if b {
		return -1
	}
	return 0
}

func (vm *VM) bootstrap() {
	// FORTH is created while CURRENT points at a boot cell; its vocabulary cell is CFA+12.
	forth := vm.header("FORTH", doVoc)
	vm.Comma(0)
	vm.Comma(0)
	voc := vm.Here()
	vm.Comma(forth)
	vm.store(addrCurrent, voc)
	vm.store(addrContext, voc)

	vm.haltCFA = vm.prim("", func(v *VM) {})
	vm.haltThread = vm.Here()
	vm.Comma(vm.haltCFA)
	vm.semisCFA = vm.prim("", func(v *VM) { v.ip = v.rpop() })

	vm.registerDictionary()
	vm.registerMemory()
	vm.registerArithmetic()
	vm.registerControl()
	vm.registerStrings()
	vm.registerFloats()
	vm.registerRandom()
}

func (vm *VM) immediate(cfa int32) {
	vm.store(cfa-8, vm.fetch(cfa-8)^flagImmediate)
}

// parseName parses a space-delimited name and aborts if there is none.
func (vm *VM) parseName(word string) string {
	name := vm.parse(' ')
	if name == "" {
		vm.Fail("%s needs a name", word)
	}
	return name
}

func (vm *VM) registerDictionary() {
	P := vm.prim
	P("CURRENT", func(v *VM) { v.Push(addrCurrent) })
	P("CONTEXT", func(v *VM) { v.Push(addrContext) })
	P("DP", func(v *VM) { v.Push(addrDP) })
	P("HERE", func(v *VM) { v.Push(v.Here()) })
	P("PAD", func(v *VM) { v.Push(padAddr) })
	P("BASE", func(v *VM) { v.Push(addrBase) })
	P("STATE", func(v *VM) { v.Push(addrState) })
	P("LIMIT", func(v *VM) { v.Push(v.Limit()) })
	vm.immediate(P("[", func(v *VM) { v.store(addrState, 0) }))
	vm.immediate(P("]", func(v *VM) { v.store(addrState, 1) }))
	P("COMPILE", func(v *VM) {
		x := v.fetch(v.ip)
		v.ip += 4
		v.Comma(x)
	})
	P(":", func(v *VM) {
		name := v.parseName(":")
		nfa := v.header(name, doCol)
		v.define(nfa, name)
		v.store(addrState, 1)
		v.store(nfa+4, v.fetch(nfa+4)^flagSmudge)
	})
	vm.immediate(P(";", func(v *VM) {
		v.Comma(v.semisCFA)
		v.store(addrState, 0)
		n := v.latest()
		v.store(n+4, v.fetch(n+4)^flagSmudge)
	}))
	P("IMMEDIATE", func(v *VM) {
		n := v.latest()
		v.store(n+4, v.fetch(n+4)^flagImmediate)
	})
	vm.litCFA = P("LIT", func(v *VM) {
		v.Push(v.fetch(v.ip))
		v.ip += 4
	})
	P(",", func(v *VM) { v.Comma(v.Pop()) })
	P("I,", func(v *VM) {
		x := v.Pop()
		a := v.allot(2)
		v.StoreByte(a, x)
		v.StoreByte(a+1, x>>8)
	})
	P("C,", func(v *VM) {
		x := v.Pop()
		v.StoreByte(v.allot(1), x)
	})
	P("HEADER", func(v *VM) {
		v.header(v.String(v.Pop()), doVar)
		v.Comma(0)
	})
	P("CREATE", func(v *VM) { v.header(v.parseName("CREATE"), doVar) })
	P("<BUILDS", func(v *VM) {
		v.header(v.parseName("<BUILDS"), doVar)
		v.Comma(0)
	})
	P("DOES>", func(v *VM) {
		n := v.latest()
		v.store(n+12, doDoes)
		v.store(n+16, v.ip)
		v.ip = v.rpop()
	})
	P("VOCABULARY", func(v *VM) {
		v.header(v.parseName("VOCABULARY"), doVoc)
		v.Comma(0)
		v.Comma(0)
		v.Comma(v.latest())
	})
	P("WORD", func(v *VM) {
		d := byte(v.Pop())
		if v.parse(d) == "" {
			v.Fail("WORD found nothing")
		}
	})
	P("-FIND", func(v *VM) { v.Push(v.findNFA(v.parseName("-FIND"))) })
	P("CFA>PFA", func(v *VM) {
		c := v.Pop()
		if v.fetch(c) == doDoes {
			v.Push(c + 8)
		} else {
			v.Push(c + 4)
		}
	})
	P("EXECUTE", func(v *VM) {
		// A token that is no address faults here, while the word that ran EXECUTE is
		// still the one an error names: a stray cell left on the stack is the usual cause.
		c := v.Pop()
		if c <= 0 || int64(c)+4 > int64(len(v.mem)) {
			v.Fail("%d is not the address of a word", c)
		}
		v.dispatch(c)
	})
	P("LOAD", func(v *VM) {
		name := v.parse(' ')
		if name == "" {
			v.Fail("LOAD requires a file name")
		}
		v.load(name)
	})
	P("QUIT", func(v *VM) { v.report("quit") })
	P("ABORT", func(v *VM) { v.report("abort") })
	P("ERROR", func(v *VM) { v.report("%s", v.String(v.Pop())) })
	P("UNDEFINED", func(v *VM) { v.report("%q is undefined", v.String(v.Pop())) })
	P("(NUMBER)", func(v *VM) {
		n := v.Pop()
		v.PutString(padAddr, v.itoa(n))
	})
	P("SYSTEM-TIME", func(v *VM) { v.Push(v.clock()) })
	P("START-TIMER", func(v *VM) {
		a := v.Pop()
		v.store(a, int32(time.Now().UnixMilli()))
		v.store(a+4, 0)
	})
	P("READ-TIMER", func(v *VM) {
		a := v.Pop()
		v.Push(int32(time.Now().UnixMilli()) - v.fetch(a))
	})
}

// itoa is _itoa with BASE: signed in base 10, the unsigned 32-bit pattern in other bases.
func (vm *VM) itoa(n int32) string {
	b := vm.fetch(addrBase)
	if b < 2 || b > 36 {
		vm.Fail("bad BASE %d", b)
	}
	if b == 10 {
		return strconv.Itoa(int(n))
	}
	return strconv.FormatUint(uint64(uint32(n)), int(b))
}

func (vm *VM) registerMemory() {
	P := vm.prim
	P("DUP", func(v *VM) { x := v.Pop(); v.Push(x); v.Push(x) })
	P("2DUP", func(v *VM) { b, a := v.Pop(), v.Pop(); v.Push(a); v.Push(b); v.Push(a); v.Push(b) })
	P("SWAP", func(v *VM) { b, a := v.Pop(), v.Pop(); v.Push(b); v.Push(a) })
	P("DROP", func(v *VM) { v.Pop() })
	P("2DROP", func(v *VM) { v.Pop(); v.Pop() })
	P("OVER", func(v *VM) { b, a := v.Pop(), v.Pop(); v.Push(a); v.Push(b); v.Push(a) })
	P("ROT", func(v *VM) { c, b, a := v.Pop(), v.Pop(), v.Pop(); v.Push(b); v.Push(c); v.Push(a) })
	P("PICK", func(v *VM) {
		n := v.Pop()
		if n < 0 || int(n) >= len(v.ds) {
			v.Fail("PICK %d out of a stack of %d", n, len(v.ds))
		}
		v.Push(v.ds[len(v.ds)-1-int(n)])
	})
	P("DEPTH", func(v *VM) { v.Push(int32(len(v.ds))) })
	P("R@", func(v *VM) { v.Push(v.rpeek(0)) })
	P("R>", func(v *VM) { v.Push(v.rpop()) })
	P(">R", func(v *VM) { v.rpush(v.Pop()) })
	P("SP@", func(v *VM) { v.Push(int32(len(v.ds))) })
	P("RP@", func(v *VM) { v.Push(int32(len(v.rs))) })
	P("@", func(v *VM) { v.Push(v.fetch(v.Pop())) })
	P("!", func(v *VM) { a, x := v.Pop(), v.Pop(); v.store(a, x) })
	P("C@", func(v *VM) { v.Push(v.FetchByte(v.Pop())) })
	P("C!", func(v *VM) { a, x := v.Pop(), v.Pop(); v.StoreByte(a, x) })
	P("C>N", func(v *VM) { v.Push(int32(int8(v.Pop()))) })
	P("I@", func(v *VM) {
		a := v.Pop()
		v.check(a, 2)
		v.Push(int32(int16(uint16(v.mem[a]) | uint16(v.mem[a+1])<<8)))
	})
	P("UI@", func(v *VM) {
		a := v.Pop()
		v.check(a, 2)
		v.Push(int32(uint16(v.mem[a]) | uint16(v.mem[a+1])<<8))
	})
	P("I!", func(v *VM) {
		a, x := v.Pop(), v.Pop()
		v.check(a, 2)
		v.mark(a, 2)
		v.touch(a, 2)
		v.mem[a], v.mem[a+1] = byte(x), byte(x>>8)
	})
	P("MOVE", func(v *VM) {
		n, d, s := v.Pop(), v.Pop(), v.Pop()
		v.copyBytes(s, d, int64(n)*4)
	})
	P("CMOVE", func(v *VM) {
		n, d, s := v.Pop(), v.Pop(), v.Pop()
		v.copyBytes(s, d, int64(n))
	})
	P("FILL", func(v *VM) {
		c, n, a := v.Pop(), v.Pop(), v.Pop()
		if n <= 0 {
			return
		}
		v.check(a, n)
		v.charge(int64(n) >> 6)
		v.mark(a, n)
		v.touch(a, n)
		b := v.mem[a : a+n]
		for i := range b {
			b[i] = byte(c)
		}
	})
	P("+!", func(v *VM) { a, x := v.Pop(), v.Pop(); v.store(a, v.fetch(a)+x) })
	P("++", func(v *VM) { a := v.Pop(); v.store(a, v.fetch(a)+1) })
	P("--", func(v *VM) { a := v.Pop(); v.store(a, v.fetch(a)-1) })
	P("C++", func(v *VM) { a := v.Pop(); v.StoreByte(a, v.FetchByte(a)+1) })
	P("C--", func(v *VM) { a := v.Pop(); v.StoreByte(a, v.FetchByte(a)-1) })
}

// copyBytes copies n bytes from s to d; a count that is not positive copies nothing.
func (vm *VM) copyBytes(s, d int32, n int64) {
	if n <= 0 {
		return
	}
	if n > int64(len(vm.mem)) {
		vm.Fail("bad count %d", n)
	}
	vm.check(s, int32(n))
	vm.check(d, int32(n))
	vm.charge(n >> 6)
	vm.mark(d, int32(n))
	vm.touch(d, int32(n))
	copy(vm.mem[d:int64(d)+n], vm.mem[s:int64(s)+n])
}

// quo and rem divide as x86 idiv does, truncating toward zero; MinInt32 / -1 wraps to
// MinInt32 with remainder 0 instead of trapping.
func (vm *VM) quo(a, b int32) int32 {
	if b == 0 {
		vm.Fail("division by zero")
	}
	if b == -1 {
		return -a
	}
	return a / b
}

func (vm *VM) rem(a, b int32) int32 {
	if b == 0 {
		vm.Fail("division by zero")
	}
	if b == -1 {
		return 0
	}
	return a % b
}

func (vm *VM) registerArithmetic() {
	P := vm.prim
	bin := func(name string, f func(a, b int32) int32) {
		P(name, func(v *VM) { b, a := v.Pop(), v.Pop(); v.Push(f(a, b)) })
	}
	bin("+", func(a, b int32) int32 { return a + b })
	bin("-", func(a, b int32) int32 { return a - b })
	bin("*", func(a, b int32) int32 { return a * b })
	bin("/", vm.quo)
	bin("MOD", vm.rem)
	P("/MOD", func(v *VM) { b, a := v.Pop(), v.Pop(); v.Push(v.rem(a, b)); v.Push(v.quo(a, b)) })
	// */ and */MOD multiply in 32 bits, then divide, as the DLL does.
	P("*/", func(v *VM) { c, b, a := v.Pop(), v.Pop(), v.Pop(); v.Push(v.quo(a*b, c)) })
	P("*/MOD", func(v *VM) {
		c, b, a := v.Pop(), v.Pop(), v.Pop()
		v.Push(v.rem(a*b, c))
		v.Push(v.quo(a*b, c))
	})
	for _, d := range []struct {
		name string
		n    int32
	}{{"1+", 1}, {"1-", -1}, {"2+", 2}, {"2-", -2}} {
		P(d.name, func(v *VM) { v.Push(v.Pop() + d.n) })
	}
	P("2*", func(v *VM) { v.Push(v.Pop() * 2) })
	P("2/", func(v *VM) { x := v.Pop(); v.Push((x - x>>31) >> 1) })
	P("TRUE", func(v *VM) { v.Push(-1) })
	P("FALSE", func(v *VM) { v.Push(0) })
	bin("AND", func(a, b int32) int32 { return a & b })
	bin("OR", func(a, b int32) int32 { return a | b })
	bin("XOR", func(a, b int32) int32 { return a ^ b })
	P("INVERT", func(v *VM) { v.Push(^v.Pop()) })
	P("NOT", func(v *VM) { v.Push(flag(v.Pop() == 0)) })
	bin("=", func(a, b int32) int32 { return flag(a == b) })
	bin("<", func(a, b int32) int32 { return flag(a < b) })
	bin(">", func(a, b int32) int32 { return flag(a > b) })
	bin("<=", func(a, b int32) int32 { return flag(a <= b) })
	bin(">=", func(a, b int32) int32 { return flag(a >= b) })
	bin("<>", func(a, b int32) int32 { return flag(a != b) })
	P("0=", func(v *VM) { v.Push(flag(v.Pop() == 0)) })
	P("0<", func(v *VM) { v.Push(flag(v.Pop() < 0)) })
	P("0>", func(v *VM) { v.Push(flag(v.Pop() > 0)) })
	P("0<>", func(v *VM) { v.Push(flag(v.Pop() != 0)) })
}

func (vm *VM) registerControl() {
	P := vm.prim
	vm.branchCFA = P("BRANCH", func(v *VM) { v.ip = v.fetch(v.ip) })
	vm.zbranchCFA = P("0BRANCH", func(v *VM) {
		if v.Pop() == 0 {
			v.ip = v.fetch(v.ip)
		} else {
			v.ip += 4
		}
	})
	P("(DO)", func(v *VM) {
		start, limit := v.Pop(), v.Pop()
		v.rpush(limit)
		v.rpush(start)
	})
	loopEnd := func(v *VM, more bool) {
		if more {
			v.ip = v.fetch(v.ip)
			return
		}
		v.rpop()
		v.rpop()
		v.ip += 4
	}
	P("(LOOP)", func(v *VM) {
		i := v.rpop() + 1
		limit := v.rpeek(0)
		v.rpush(i)
		loopEnd(v, i < limit)
	})
	P("(+LOOP)", func(v *VM) {
		n := v.Pop()
		i := v.rpop() + n
		limit := v.rpeek(0)
		v.rpush(i)
		if n > 0 {
			loopEnd(v, i < limit)
		} else {
			loopEnd(v, i >= limit)
		}
	})
	P("LEAVE", func(v *VM) {
		i := v.rpeek(0)
		v.rpeek(1)
		v.rs[len(v.rs)-2] = i
	})
	P("I", func(v *VM) { v.Push(v.rpeek(0)) })
	P("J", func(v *VM) { v.Push(v.rpeek(2)) })
	P("K", func(v *VM) { v.Push(v.rpeek(4)) })
}

func (vm *VM) registerStrings() {
	P := vm.prim
	P("TYPE", func(v *VM) { fmt.Fprint(v.Out, v.String(v.Pop())) })
	P(`"COUNT`, func(v *VM) { v.Push(int32(len(v.String(v.Pop())))) })
	P(`"MOVE`, func(v *VM) { d, s := v.Pop(), v.Pop(); v.PutString(d, v.String(s)) })
	P(`"=`, func(v *VM) { b, a := v.Pop(), v.Pop(); v.Push(flag(v.String(a) == v.String(b))) })
	P(".", func(v *VM) { fmt.Fprint(v.Out, v.itoa(v.Pop())+" ") })
	P(".R", func(v *VM) {
		w, n := v.Pop(), v.Pop()
		s := v.itoa(n)
		if pad := int(w) - len(s); pad > 0 && pad < 1<<16 {
			v.charge(int64(pad) >> 6)
			s = strings.Repeat(" ", pad) + s
		}
		fmt.Fprint(v.Out, s)
	})
	P("EMIT", func(v *VM) { v.Out.Write([]byte{byte(v.Pop())}) })
	// MESSAGEBOX has no screen here: it answers IDOK.
	P("MESSAGEBOX", func(v *VM) { v.Pop(); v.Pop(); v.Push(1) })
}

// PopFloat pops a 32-bit float stored in a cell.
func (vm *VM) PopFloat() float32 { return math.Float32frombits(uint32(vm.Pop())) }

// PushFloat pushes f as a 32-bit float stored in a cell.
func (vm *VM) PushFloat(f float32) { vm.Push(int32(math.Float32bits(f))) }

// f2n truncates as cvttss2si: NaN and values out of range give MinInt32.
func f2n(f float32) int32 {
	if f != f || f >= 2147483648 || f < -2147483648 {
		return math.MinInt32
	}
	return int32(f)
}

func (vm *VM) registerFloats() {
	P := vm.prim
	fbin := func(name string, f func(a, b float32) float32) {
		P(name, func(v *VM) { b, a := v.PopFloat(), v.PopFloat(); v.PushFloat(f(a, b)) })
	}
	fbin("F+", func(a, b float32) float32 { return a + b })
	fbin("F-", func(a, b float32) float32 { return a - b })
	fbin("F*", func(a, b float32) float32 { return a * b })
	fbin("F/", func(a, b float32) float32 { return a / b })
	P("N>F", func(v *VM) { v.PushFloat(float32(v.Pop())) })
	P("F>N", func(v *VM) { v.Push(f2n(v.PopFloat())) })
	P("F.", func(v *VM) { fmt.Fprintf(v.Out, "%g ", v.PopFloat()) })
	fcmp := func(name string, f func(a, b float32) bool) {
		P(name, func(v *VM) { b, a := v.PopFloat(), v.PopFloat(); v.Push(flag(f(a, b))) })
	}
	fcmp("F=", func(a, b float32) bool { return a == b })
	fcmp("F<", func(a, b float32) bool { return a < b })
	fcmp("F>", func(a, b float32) bool { return a > b })
	fcmp("F<=", func(a, b float32) bool { return a <= b })
	fcmp("F>=", func(a, b float32) bool { return a >= b })
	fcmp("F<>", func(a, b float32) bool { return a != b })
	f0 := func(name string, f func(a float32) bool) {
		P(name, func(v *VM) { v.Push(flag(f(v.PopFloat()))) })
	}
	f0("F0=", func(a float32) bool { return a == 0 })
	f0("F0<", func(a float32) bool { return a < 0 })
	f0("F0>", func(a float32) bool { return a > 0 })
	f0("F0<>", func(a float32) bool { return a != 0 })
	// The F stack and memory words are the integer ones under other names.
	for _, name := range []string{"!", "@", "DUP", "2DUP", "SWAP", "DROP", "2DROP", "OVER", "ROT", "PICK"} {
		vm.alias("F"+name, name)
	}
	f1 := func(name string, f func(float64) float64) {
		P(name, func(v *VM) { v.PushFloat(float32(f(float64(v.PopFloat())))) })
	}
	f1("FSQRT", math.Sqrt)
	f1("FSIN", math.Sin)
	f1("FCOS", math.Cos)
	f1("FTAN", math.Atan) // The DLL registers FTAN with the code of FATAN.
	f1("FASIN", math.Asin)
	f1("FACOS", math.Acos)
	f1("FATAN", math.Atan)
	f1("FLN", math.Log)
	f1("FLOG", math.Log10)
	f1("FEXP", math.Exp)
	f1("FLOOR", math.Floor)
	f1("CEIL", math.Ceil)
	f1("FABS", math.Abs)
	fbin("FMOD", func(a, b float32) float32 { return float32(math.Mod(float64(a), float64(b))) })
}

// alias registers name as another native with the code of the visible native old.
func (vm *VM) alias(name, old string) {
	cfa := vm.findNFA(old) + 12
	code := vm.fetch(cfa)
	vm.header(name, code)
}

func (vm *VM) registerRandom() {
	P := vm.prim
	for k, sfx := range []string{"", "2"} {
		P("SEED"+sfx+"!", func(v *VM) { v.randomUsed(); v.rng[k].seed(v.Pop()) })
		P("FRAND"+sfx, func(v *VM) { v.randomUsed(); v.PushFloat(v.rng[k].frand()) })
		P("RAND-WITHIN"+sfx, func(v *VM) {
			v.randomUsed()
			hi, lo := v.Pop(), v.Pop()
			v.Push(v.rng[k].within(lo, hi))
		})
	}
}

// ran2 is the generator of SEED!, FRAND and RAND-WITHIN: Numerical Recipes (first edition)
// ran2 with M=714025, IA=1366, IC=150889 and a 97-entry shuffle table.
type ran2 struct {
	ir       [98]int64
	iy, idum int64
}

const (
	ranM  = 714025
	ranIA = 1366
	ranIC = 150889
)

func (r *ran2) seed(s int32) {
	x := int64(ranIC) - int64(s)
	if x < 0 {
		x = -x
	}
	idum := x % ranM
	for j := 1; j < 98; j++ {
		idum = (ranIA*idum + ranIC) % ranM
		r.ir[j] = idum
	}
	idum = (ranIA*idum + ranIC) % ranM
	r.iy, r.idum = idum, idum
}

func (r *ran2) frand() float32 {
	j := 1 + (97*r.iy)/ranM
	if j < 1 || j > 97 {
		j = 1
	}
	r.iy = r.ir[j]
	r.idum = (ranIA*r.idum + ranIC) % ranM
	r.ir[j] = r.idum
	return float32(float64(r.iy) / ranM)
}

func (r *ran2) within(lo, hi int32) int32 {
	return lo + int32(float64(r.frand())*float64(int64(hi)-int64(lo)+1))
}
