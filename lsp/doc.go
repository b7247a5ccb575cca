// Package lsp is zoggo's language server: it speaks the Language Server Protocol to an
// editor (Serve, over any stream; zoggo lsp uses standard input and output) about the
// rules files (.zrf) open in it, plain ZRF and the zoggo-1 dialect, and the files they
// include.
//
// It checks the text being typed, unsaved, as zoggo check checks a file on disk
// (zrf.Load, compile.Compile, File.Check, eval.CheckForth), a short while after the
// last edit (Options.Debounce), and publishes every error and warning at its place,
// with the macro chain as related information. Includes are read relative to the
// document's folder on disk, with the text of the other open documents in place of
// their files. Beside that check it reads the document and its includes as written
// (analyze.go) to find the names they define and where each atom is written
// (index.go): hover, definition, references, document symbols and completion are
// answered from there; hover shows at a macro call what the check expanded it to.
// Formatting (Format) re-indents lines by the lists they are in and changes nothing
// else, so comments stay and the text reads back to the same tree; the code actions
// replace a name by its "did you mean".
//
// The protocol's types and the dispatch of its methods come from glsp's protocol_3_16
// package, and the JSON-RPC 2.0 connection (Content-Length framing) from
// sourcegraph/jsonrpc2, on which glsp itself is built; glsp's own server is not used,
// so that Serve runs on any stream and writes no log.
//
// Error policy: nothing the editor sends makes the server panic or grow without bound:
// documents are bounded in number and size, every answer in length, and a request
// waits for the check of the text it asks about at most Options.Wait. A panic in a
// check is reported as a diagnostic, not raised.
package lsp
