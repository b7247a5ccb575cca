package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestLSPCommand speaks to zoggo lsp on its standard input and output: it answers
// initialize, checks a file opened with an error in it, and stops at exit.
func TestLSPCommand(t *testing.T) {
	path, err := filepath.Abs("../../games/taacoca.zrf")
	if err != nil {
		t.Fatal(err)
	}
	uri := "file://" + filepath.ToSlash(path)
	var in bytes.Buffer
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":%q,"languageId":"zrf","version":1,"text":"(game (title \"x\") (players A) (board (grid (dimensions (\"a/b\" (0 1))) (directions (n 1)))) (piece (name P) (moves ((nn) add))))"}}}`, uri),
		fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":%q}}}`, uri),
		`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	var out, errOut bytes.Buffer
	root := newRoot()
	root.SetArgs([]string{"lsp", "--stdio", "--debounce", "1"})
	root.SetIn(&in)
	root.SetOut(&out)
	root.SetErr(&errOut)
	if err := root.Execute(); err != nil {
		t.Fatalf("zoggo lsp: %v\n%s", err, errOut.String())
	}
	got := out.String()
	for _, want := range []string{`"id":1,"result":{"capabilities"`, `"name":"zoggo"`, `"documentFormattingProvider":true`,
		`"id":2,"result":[{"name":"x"`, `"id":3,"result":null`} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %s:\n%s", want, got)
		}
	}
	if !strings.Contains(got, `textDocument/publishDiagnostics`) || !strings.Contains(got, `unknown instruction (nn ...)`) {
		t.Errorf("no diagnostic of the unknown direction nn:\n%s", got)
	}
}
