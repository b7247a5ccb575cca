// Package games holds the rules files written for zoggo, embedded in the binary so that a
// bare zoggo serve offers them on a fresh machine.
package games

import "embed"

// FS holds every .zrf file of this folder, at its root.
//
//go:embed *.zrf
var FS embed.FS
