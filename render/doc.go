// Package render draws a board and a position for people, from the geometry and the
// bitmaps of the rules: as text (Text, and Board for any cells), and as an SVG picture
// (SVG) that shows the rules' own Windows bitmaps, decoded by DecodeBMP and embedded as
// PNG, when their files can be read. Every picture is built from what the rules declare:
// the pixel rectangles of the positions and the grids they come from, the names and
// notations of the pieces and players, and the image files the rules name. A piece
// without a bitmap is drawn in the look its name and the kind of game call for
// (pieces.go): chess glyphs (the Cburnett set embedded from pieces/, under CC BY-SA 3.0,
// its licence beside it), draughts men and kings, stones, pits, dice, shogi tiles, or a
// disc with its letter.
//
// The package owns the drawing and only the drawing: the game model and the state it reads
// belong to engine, and it never changes them. It may import engine and zrf (for the code
// page of the rules' text and for finding the files they name) and nothing else of zoggo.
// engine, eval and notation never import it: a notation.Divergence carries the state
// before the line, and the command line draws it.
//
// The drawings accept any game, however odd its board, and Board accepts cells and stocks
// that do not fit the game; they never panic, and the same position always gives the same
// output. Image files that cannot be read or decoded are not errors: the picture is drawn
// without them, and SVG returns a note for each. Nothing here is on a hot path.
package render
