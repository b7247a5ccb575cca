package server

// This file holds what every request passes before its handler: the Host it names, where
// a request that changes something comes from (Origin, Content-Type), the secret in the
// URL only for the event stream, headers that keep the pages out of other sites' frames,
// and the logging of internal errors, whose text never goes to the client.

import (
	"crypto/rand"
	"encoding/hex"
	"log"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// hosts are the names and addresses a server answers for in the Host header.
type hosts struct {
	names map[string]bool // lower case, without port
	anyIP bool            // every IP address of this machine

	mu     sync.Mutex
	ips    []net.IP  // the machine's addresses, when anyIP
	listed time.Time // when ips was listed
}

// newHosts returns the hosts of a server listening on addr, with extra names: the
// localhost names and loopback addresses, the address listened on (each address of the
// machine when it is unspecified, 0.0.0.0 or ::) and the names given.
func newHosts(addr string, extra []string) *hosts {
	h := &hosts{names: map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
			h.anyIP = true
		} else {
			h.names[strings.ToLower(host)] = true
		}
	} else if addr != "" && err != nil {
		h.names[strings.ToLower(addr)] = true
	}
	for _, n := range extra {
		if host, _, err := net.SplitHostPort(n); err == nil {
			n = host
		}
		h.names[strings.ToLower(strings.Trim(n, "[]"))] = true
	}
	return h
}

// allows reports whether the server answers for host (a Host header: a name or address,
// with or without a port).
func (h *hosts) allows(host string) bool {
	if name, _, err := net.SplitHostPort(host); err == nil {
		host = name
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	if host == "" {
		return false
	}
	if h.names[host] || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	return h.anyIP && slices.ContainsFunc(h.machineIPs(), ip.Equal)
}

// machineIPs returns the addresses of the machine's interfaces, listed again once a
// minute at most (an address may come and go).
func (h *hosts) machineIPs() []net.IP {
	h.mu.Lock()
	defer h.mu.Unlock()
	if time.Since(h.listed) > time.Minute {
		var ips []net.IP
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range addrs {
				if n, ok := a.(*net.IPNet); ok {
					ips = append(ips, n.IP)
				}
			}
		}
		h.ips, h.listed = ips, time.Now()
	}
	return h.ips
}

// safeMethod reports whether a method only reads.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// guard checks where a request comes from, before any handler runs.
func (s *Server) guard(r *http.Request) error {
	if !s.hosts.allows(r.Host) {
		// A page of another site whose name was made to point here (DNS rebinding)
		// names its own host.
		return errf(http.StatusMisdirectedRequest, "forbidden", "this server does not answer for the host %q (zoggo serve --host adds names)", r.Host)
	}
	if r.URL.Query().Has("t") && !(r.Method == http.MethodGet && isEventStream(r.URL.Path)) {
		return errf(http.StatusBadRequest, "bad_request", "a secret in the URL (?t=) is taken only by the event stream: send it as Authorization: Bearer SECRET")
	}
	if safeMethod(r.Method) {
		return nil
	}
	// A request that changes something comes from this server's own pages, or from a
	// program (which sends no Origin); a browser always sends Origin with it.
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || o == "null" || (u.Scheme != "http" && u.Scheme != "https") || !strings.EqualFold(u.Host, r.Host) {
			return errf(http.StatusForbidden, "forbidden", "a request from the page of another site (Origin %q) may not change anything here", o)
		}
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return errf(http.StatusForbidden, "forbidden", "a request from the page of another site may not change anything here")
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return errf(http.StatusUnsupportedMediaType, "bad_request", "the body must be JSON, sent with Content-Type: application/json")
	}
	return nil
}

// isEventStream reports whether path is that of a game's event stream.
func isEventStream(path string) bool {
	rest, ok := strings.CutPrefix(path, "/api/games/")
	if !ok {
		return false
	}
	id, ok := strings.CutSuffix(rest, "/events")
	return ok && id != "" && !strings.Contains(id, "/")
}

// setSafetyHeaders sets the headers every answer carries: no sniffing of types, and no
// page of this server inside a frame of another (where a click could be stolen).
func setSafetyHeaders(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
}

// logWriter is the ResponseWriter handlers get: writeErr logs an internal error through
// it, once, and answers only a reference to the log.
type logWriter struct {
	http.ResponseWriter
	logf func(string, ...any)
}

// Unwrap lets http.ResponseController reach the connection (for event streams).
func (w *logWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logInternal logs err, which the client will not see, and returns the reference that
// finds it in the log.
func logInternal(w http.ResponseWriter, err error) string {
	var b [4]byte
	rand.Read(b[:])
	ref := hex.EncodeToString(b[:])
	if lw, ok := w.(*logWriter); ok {
		lw.logf("internal error %s: %v", ref, err)
	} else {
		log.Printf("internal error %s: %v", ref, err)
	}
	return ref
}

// allowed returns the methods that path takes under the routes of m, in a fixed order.
func allowed(m *http.ServeMux, r *http.Request) []string {
	var out []string
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		rr := *r
		rr.Method = method
		if _, pat := m.Handler(&rr); pat != "" && pat != "/api/" {
			out = append(out, method)
		}
	}
	return out
}
