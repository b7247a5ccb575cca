package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"sync"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// This file is a client that speaks the protocol to a server over pipes, as an editor
// does: JSON-RPC 2.0 messages framed by Content-Length headers.

// message is any message on the wire.
type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *int             `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  json.RawMessage  `json:"result,omitempty"`
	Error   *json.RawMessage `json:"error,omitempty"`
}

type client struct {
	t    *testing.T
	w    *io.PipeWriter
	wmu  sync.Mutex
	mu   sync.Mutex
	next int
	wait map[int]chan message
	// diags receives every publishDiagnostics notification.
	diags  chan protocol.PublishDiagnosticsParams
	served chan error
}

// rwc joins the two pipe ends the server uses.
type rwc struct {
	io.Reader
	io.Writer
	closers []io.Closer
}

func (p rwc) Close() error {
	for _, c := range p.closers {
		c.Close()
	}
	return nil
}

// startServer starts a server on pipes and initializes it.
func startServer(t *testing.T, o Options) *client {
	t.Helper()
	cr, sw := io.Pipe() // server to client
	sr, cw := io.Pipe() // client to server
	c := &client{t: t, w: cw, wait: map[int]chan message{}, diags: make(chan protocol.PublishDiagnosticsParams, 1000), served: make(chan error, 1)}
	go func() {
		c.served <- Serve(context.Background(), rwc{sr, sw, []io.Closer{sr, sw}}, o)
	}()
	go c.read(bufio.NewReader(cr))
	t.Cleanup(func() {
		c.call("shutdown", nil, nil)
		c.notify("exit", nil)
		select {
		case <-c.served:
		case <-time.After(60 * time.Second):
			t.Error("the server did not stop after exit")
		}
		cw.Close()
		cr.Close()
	})
	var res protocol.InitializeResult
	if err := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &res); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "zoggo" {
		t.Fatalf("initialize: server info %+v", res.ServerInfo)
	}
	c.notify("initialized", map[string]any{})
	return c
}

// read routes the server's messages: answers to their callers, diagnostics to diags.
func (c *client) read(r *bufio.Reader) {
	tp := textproto.NewReader(r)
	for {
		h, err := tp.ReadMIMEHeader()
		if err != nil {
			return
		}
		n, err := strconv.Atoi(h.Get("Content-Length"))
		if err != nil || n <= 0 {
			c.t.Errorf("bad Content-Length header %q", h.Get("Content-Length"))
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("bad message %s: %v", body, err)
			return
		}
		switch {
		case m.Method == protocol.ServerTextDocumentPublishDiagnostics:
			var p protocol.PublishDiagnosticsParams
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Errorf("bad diagnostics %s: %v", m.Params, err)
				continue
			}
			c.diags <- p
		case m.ID != nil && m.Method == "":
			c.mu.Lock()
			ch := c.wait[*m.ID]
			delete(c.wait, *m.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

func (c *client) send(m message) {
	b, err := json.Marshal(m)
	if err != nil {
		c.t.Fatalf("marshal: %v", err)
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(b), b)
}

// call sends a request and decodes its result into result (when not nil). A server
// that does not answer within a minute fails the test.
func (c *client) call(method string, params, result any) error {
	p, _ := json.Marshal(params)
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan message, 1)
	c.wait[id] = ch
	c.mu.Unlock()
	c.send(message{JSONRPC: "2.0", ID: &id, Method: method, Params: p})
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, *m.Error)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-time.After(time.Minute):
		return fmt.Errorf("%s: no answer within a minute", method)
	}
}

func (c *client) notify(method string, params any) {
	p, _ := json.Marshal(params)
	c.send(message{JSONRPC: "2.0", Method: method, Params: p})
}

func (c *client) open(uri, text string) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "zrf", "version": 1, "text": text}})
}

func (c *client) close(uri string) {
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
}

// diagnostics waits for the diagnostics of uri, at most within bound.
func (c *client) diagnostics(uri string, bound time.Duration) (protocol.PublishDiagnosticsParams, bool) {
	deadline := time.After(bound)
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri {
				return p, true
			}
		case <-deadline:
			return protocol.PublishDiagnosticsParams{}, false
		}
	}
}

// at is the text document and position of a request.
func at(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri},
		"position": map[string]any{"line": line, "character": char}}
}
