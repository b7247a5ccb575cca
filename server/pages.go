package server

import (
	"embed"
	"io/fs"
	"net/http"
)

// web holds the pages: index.html (the lobby, at /), game.html (a game, at /g/{id}; the
// lobby page when there is none), live.html (the public games being played, at /live)
// and whatever they load, served under /static/.
//
//go:embed web
var web embed.FS

func (s *Server) pages(m *http.ServeMux) {
	files, _ := fs.Sub(web, "web")
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			b, err := fs.ReadFile(files, name)
			if err != nil {
				b, err = fs.ReadFile(files, "index.html")
			}
			if err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Header().Set("Referrer-Policy", "no-referrer")
			w.Write(b)
		}
	}
	m.HandleFunc("GET /{$}", page("index.html"))
	m.HandleFunc("GET /g/{id}", page("game.html"))
	m.HandleFunc("GET /live", page("live.html"))
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(files)))
}
