//go:build long

package forth

// indexPrograms is the number of random programs of TestIndexChangesNothing.
const indexPrograms = 400
