// Package render draws a game and a position for people: as text (Text, Board), as an SVG
// picture (SVG), and from the Windows bitmaps of the rules (DecodeBMP), which the SVG
// embeds as PNG. Every picture is built from what the rules declare: the pixel rectangles
// of the positions and the grids they come from, the names and notations of the pieces
// and players, and the image files the rules name.
//
// The package owns the drawing and only the drawing: the game model and the state it reads
// belong to engine, and it never changes them. It may import engine and zrf (for the text
// encoding and the file names of the rules) and nothing else of zoggo. engine, eval and
// notation never import it: a notation.Divergence carries the state before the line, and
// the command line draws it.
//
// The drawings accept any game, however odd its board, and cells and stocks that do not
// fit it; they never panic, and the same position always gives the same output. Image
// files that cannot be read or decoded are not errors: the picture is drawn without them,
// and SVG returns a note for each. Nothing here is on a hot path.
package render
