package lsp

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure a server.
type Options struct {
	// Debounce is how long the server waits after the last edit of a document before it
	// checks it (0: DefaultDebounce). A request about the document checks it at once.
	Debounce time.Duration
	// Wait bounds how long a request waits for the check of the text it asks about
	// (0: DefaultWait); past it the request is answered from the last finished check.
	Wait time.Duration
	// Version is the version the server gives in its answer to initialize.
	Version string
}

// The defaults of Options.
const (
	DefaultDebounce = 300 * time.Millisecond
	DefaultWait     = 30 * time.Second
)

// maxDocuments bounds the documents a client may keep open at once, and maxText the
// size of one.
const (
	maxDocuments = 1000
	maxText      = 64 << 20
)

// Serve speaks the Language Server Protocol on rwc (JSON-RPC 2.0 messages framed by
// Content-Length headers, as editors send them on a server's standard input and
// output) until the client sends exit, rwc ends or ctx is done.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, o Options) error {
	if o.Debounce <= 0 {
		o.Debounce = DefaultDebounce
	}
	if o.Wait <= 0 {
		o.Wait = DefaultWait
	}
	s := &server{opts: o, docs: map[string]*document{}, slots: make(chan struct{}, runtime.GOMAXPROCS(0))}
	s.h = s.handler()
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(rwc, codec{}), jsonrpc2.HandlerWithError(s.handle))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.close()
	return nil
}

// server is the state of one connection: the documents open in the editor.
type server struct {
	opts Options
	h    *protocol.Handler

	mu       sync.Mutex
	conn     *jsonrpc2.Conn
	docs     map[string]*document // by URI
	closed   bool
	shutdown bool
	running  sync.WaitGroup
	slots    chan struct{} // a token for each check running
}

// document is a document open in the editor.
type document struct {
	uri     string
	version int32
	text    string
	cur     *check    // the check of the current text, started or not
	last    *analysis // the last check that finished
	timer   *time.Timer
}

// check is one run of analyze on one version of a document's text.
type check struct {
	once sync.Once
	done chan struct{}
	a    *analysis
}

// handle answers one message, as glsp's own server does, on the connection it came by.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		// A bug of the server answers this request with an error; the server goes on.
		if r := recover(); r != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	gc := glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) { conn.Notify(ctx, method, params) },
		Call:   func(method string, params, result any) { conn.Call(ctx, method, params, result) },
	}
	if req.Params != nil {
		gc.Params = *req.Params
	}
	if req.Method == protocol.MethodExit {
		return nil, conn.Close()
	}
	r, validMethod, validParams, err := s.h.Handle(&gc)
	switch {
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: fmt.Sprintf("method not supported: %s", req.Method)}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

func (s *server) handler() *protocol.Handler {
	return &protocol.Handler{
		Initialize:  s.initialize,
		Initialized: func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown: func(*glsp.Context) error {
			s.mu.Lock()
			s.shutdown = true
			s.mu.Unlock()
			return nil
		},
		SetTrace:                   func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:              func(*glsp.Context, *protocol.CancelParams) error { return nil },
		TextDocumentDidOpen:        s.didOpen,
		TextDocumentDidChange:      s.didChange,
		TextDocumentDidClose:       s.didClose,
		TextDocumentDidSave:        func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentHover:          s.hover,
		TextDocumentDefinition:     s.definition,
		TextDocumentReferences:     s.references,
		TextDocumentDocumentSymbol: s.documentSymbol,
		TextDocumentCompletion:     s.completion,
		TextDocumentFormatting:     s.formatting,
		TextDocumentCodeAction:     s.codeAction,
	}
}

func (s *server) initialize(_ *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	sync := protocol.TextDocumentSyncKindFull
	yes := true
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    &sync,
			},
			HoverProvider:              true,
			DefinitionProvider:         true,
			ReferencesProvider:         true,
			DocumentSymbolProvider:     true,
			DocumentFormattingProvider: true,
			CodeActionProvider: protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix},
			},
			CompletionProvider: &protocol.CompletionOptions{TriggerCharacters: []string{"("}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "zoggo", Version: &version},
	}, nil
}

func (s *server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	return s.setText(p.TextDocument.URI, p.TextDocument.Version, p.TextDocument.Text, true)
}

func (s *server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	s.mu.Unlock()
	if d == nil {
		return fmt.Errorf("document %s is not open", p.TextDocument.URI)
	}
	text := d.text
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			l := newLines(text)
			start, end := l.offset(c.Range.Start), l.offset(c.Range.End)
			if end < start {
				return fmt.Errorf("change range ends before it starts")
			}
			text = text[:start] + c.Text + text[end:]
		}
		if len(text) > maxText {
			return fmt.Errorf("document too large: more than %d bytes", maxText)
		}
	}
	return s.setText(p.TextDocument.URI, p.TextDocument.Version, text, false)
}

func (s *server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d != nil {
		if d.timer != nil {
			d.timer.Stop()
		}
		delete(s.docs, p.TextDocument.URI)
	}
	s.mu.Unlock()
	s.publish(protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

// setText takes a new text of a document and schedules its check after the debounce.
func (s *server) setText(uri string, version int32, text string, open bool) error {
	if len(text) > maxText {
		return fmt.Errorf("document too large: more than %d bytes", maxText)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil {
		if len(s.docs) >= maxDocuments {
			return fmt.Errorf("too many open documents: at most %d", maxDocuments)
		}
		d = &document{uri: uri}
		s.docs[uri] = d
	}
	d.version, d.text = version, text
	s.schedule(d)
	// The open documents that include this one are checked again with its new text.
	for u, o := range s.docs {
		if u != uri && o.last != nil && o.last.reads(uri) {
			s.schedule(o)
		}
	}
	return nil
}

// schedule makes a new check of d's text, to start after the debounce. The caller
// holds s.mu.
func (s *server) schedule(d *document) {
	c := &check{done: make(chan struct{})}
	d.cur = c
	if d.timer != nil {
		d.timer.Stop()
	}
	d.timer = time.AfterFunc(s.opts.Debounce, func() { s.start(d, c) })
}

// start runs check c of document d, once, unless the server is closed, and publishes
// its diagnostics if d's text has not changed since.
func (s *server) start(d *document, c *check) {
	c.once.Do(func() {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			close(c.done)
			return
		}
		uri, version, text := d.uri, d.version, d.text
		if d.cur != c {
			// A newer text came before this check started: it has its own.
			s.mu.Unlock()
			close(c.done)
			return
		}
		open := map[string]string{}
		for u, o := range s.docs {
			if p := pathOf(u); p != "" && u != uri {
				open[p] = o.text
			}
		}
		s.running.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.running.Done()
			// At most as many checks run at once as there are processors; a check
			// whose text was replaced while it waited is not run.
			s.slots <- struct{}{}
			defer func() { <-s.slots }()
			s.mu.Lock()
			stale := d.cur != c || s.closed
			s.mu.Unlock()
			if stale {
				close(c.done)
				return
			}
			a := analyze(uri, version, text, open)
			c.a = a
			s.mu.Lock()
			current := d.cur == c && s.docs[uri] == d
			if current {
				d.last = a
			}
			s.mu.Unlock()
			// The diagnostics go out before any answer that waited for this check.
			if current {
				v := protocol.UInteger(version)
				s.publish(protocol.PublishDiagnosticsParams{URI: uri, Version: &v, Diagnostics: a.diagnostics()})
			}
			close(c.done)
		}()
	})
}

// analysis returns the check of the document's current text, starting it now if it
// waits for its debounce, within the Wait bound; past that, or when the document is
// not open, the last finished check (or nil).
func (s *server) analysis(uri string) *analysis {
	s.mu.Lock()
	d := s.docs[uri]
	var c *check
	if d != nil {
		c = d.cur
	}
	s.mu.Unlock()
	if d == nil {
		return nil
	}
	if c != nil {
		s.start(d, c)
		select {
		case <-c.done:
			if c.a != nil {
				return c.a
			}
		case <-time.After(s.opts.Wait):
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return d.last
}

// text returns the current text of a document.
func (s *server) text(uri string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil {
		return "", false
	}
	return d.text, true
}

// publish sends diagnostics to the client.
func (s *server) publish(p protocol.PublishDiagnosticsParams) {
	s.mu.Lock()
	conn := s.conn
	closed := s.closed
	s.mu.Unlock()
	if conn == nil || closed {
		return
	}
	conn.Notify(context.Background(), protocol.ServerTextDocumentPublishDiagnostics, p)
}

// close stops the timers and waits for the checks under way.
func (s *server) close() {
	s.mu.Lock()
	s.closed = true
	for _, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
	}
	s.mu.Unlock()
	s.running.Wait()
}
