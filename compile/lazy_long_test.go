//go:build long

package compile

// The long tests compare lazy and eager loads of every corpus file.
func init() { lazyFiles = nil }
