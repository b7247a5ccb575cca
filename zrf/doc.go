// Package zrf is the front of zoggo: it reads the text of rules files (.zrf) into a tree
// of lists, atoms and strings, follows their includes through an fs.FS, and expands
// their macros (define, $1 ... $n). Every node keeps its position in a FileSet and the
// chain of macro invocations that produced it, so that every later pass can report an
// error at file:line:col with the offending text and a caret under it (Error,
// ErrorList). It also decodes the code pages rules files are written in (Decode) and
// resolves the file names they give (ResolvePath).
//
// zrf knows the shape of the language, not its keywords: what (board ...) or (moves ...)
// mean is the compile package's business. The one exception is LoadLazy, which leaves
// the inside of the blocks of (moves ...) and (drops ...) lists for Expanded.Force to
// expand when a game's move code is compiled (lazy.go). It imports nothing of zoggo; participle is
// imported in read.go and nowhere else.
package zrf
