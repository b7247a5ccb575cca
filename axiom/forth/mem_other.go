//go:build !unix

package forth

// newMemory returns n bytes of zeros for vm's memory.
func newMemory(vm *VM, n int) []byte { return make([]byte, n) }
