//go:build unix

package forth

import (
	"runtime"
	"syscall"
)

// newMemory returns n bytes of zeros for vm's memory, mapped from the operating system:
// its pages read as zero without being written, and only the pages the Forth writes take
// room, where memory from the Go heap would be cleared whole for each VM (16 MiB for the
// few hundred KiB a game uses). The mapping is released when vm is collected. No slice of
// the memory outlives the VM: every reader copies what it returns. Any failure to map
// falls back to the heap.
func newMemory(vm *VM, n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n)
	}
	runtime.AddCleanup(vm, func(b []byte) { syscall.Munmap(b) }, b)
	return b
}
