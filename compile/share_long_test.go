//go:build long

package compile

// The long tests compare the shared and the own code of every corpus file.
func init() { shareFiles = nil }
