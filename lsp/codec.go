package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sourcegraph/jsonrpc2"
)

// maxMessage bounds the size of a message the server reads: a document of maxText
// bytes, escaped as JSON, fits.
const maxMessage = 3*maxText + 1<<20

// maxHeader bounds the bytes of one header line.
const maxHeader = 1 << 10

// codec frames messages as the protocol does (a Content-Length header, a blank line,
// the JSON), as jsonrpc2.VSCodeObjectCodec does, but refuses a message larger than
// maxMessage or a header line longer than maxHeader before reading it.
type codec struct{}

var _ jsonrpc2.ObjectCodec = codec{}

func (codec) WriteObject(w io.Writer, obj any) error {
	return jsonrpc2.VSCodeObjectCodec{}.WriteObject(w, obj)
}

func (codec) ReadObject(r *bufio.Reader, v any) error {
	size := -1
	for {
		line, err := readHeader(r)
		if err != nil {
			return err
		}
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return fmt.Errorf("header %q is not NAME: VALUE", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return fmt.Errorf("bad Content-Length %q", value)
			}
			if n > maxMessage {
				return fmt.Errorf("message of %d bytes: at most %d are read", n, maxMessage)
			}
			size = n
		}
	}
	if size < 0 {
		return fmt.Errorf("no Content-Length header")
	}
	return json.NewDecoder(io.LimitReader(r, int64(size))).Decode(v)
}

// readHeader reads one header line, without its "\r\n" (a lone "\n" is taken too).
func readHeader(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		c, err := r.ReadByte()
		if err != nil {
			return "", err
		}
		if c == '\n' {
			return strings.TrimSuffix(b.String(), "\r"), nil
		}
		if b.Len() >= maxHeader {
			return "", fmt.Errorf("header line longer than %d bytes", maxHeader)
		}
		b.WriteByte(c)
	}
}
