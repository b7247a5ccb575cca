package server

// This file holds the rules' bitmaps as the pages get them: each picture is decoded and
// encoded as PNG once per rules file, kept, and served by an address named by its
// content (GET /api/bitmap/{hash}), which browsers may cache for good. The board SVG and
// the stock refer to those addresses instead of carrying the pictures in every answer.

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"image/png"
	"io/fs"
	"net/http"
	"net/url"
	"sync"

	"github.com/zoggo/zoggo/render"
	"github.com/zoggo/zoggo/zrf"
)

// maxPictureFile bounds the size of a bitmap file the server decodes (a 4096 x 4096
// bitmap of 24 bits is 48 MiB).
const maxPictureFile = 64 << 20

// pictures are the rules' bitmaps encoded as PNG, by where they come from and by hash.
type pictures struct {
	mu     sync.Mutex
	bySrc  map[pictureSrc]*picture
	byHash map[string]*picture
}

// pictureSrc names a picture: an image file of the rules of a hash, keyed or not (pure
// green transparent, as for pieces).
type pictureSrc struct {
	rules string
	name  string
	key   bool
}

// picture is one bitmap, encoded once.
type picture struct {
	once sync.Once
	png  []byte
	hash string // hex SHA-256 of png
	w, h int
	err  error
}

// get returns the picture of src, read from the rules' files fsys (in folder dir) and
// encoded the first time it is asked for.
func (ps *pictures) get(src pictureSrc, fsys fs.FS, dir string) *picture {
	ps.mu.Lock()
	if ps.bySrc == nil {
		ps.bySrc, ps.byHash = map[pictureSrc]*picture{}, map[string]*picture{}
	}
	p, ok := ps.bySrc[src]
	if !ok {
		p = &picture{}
		ps.bySrc[src] = p
	}
	ps.mu.Unlock()
	p.once.Do(func() {
		p.png, p.w, p.h, p.err = encodePicture(fsys, dir, src.name, src.key)
		if p.err == nil {
			h := sha256.Sum256(p.png)
			p.hash = hex.EncodeToString(h[:])
			ps.mu.Lock()
			ps.byHash[p.hash] = p
			ps.mu.Unlock()
		}
	})
	return p
}

// encodePicture reads image file name of the rules in folder dir of fsys and encodes it
// as PNG.
func encodePicture(fsys fs.FS, dir, name string, key bool) ([]byte, int, int, error) {
	if fsys == nil {
		return nil, 0, 0, zrf.ErrNoFile
	}
	file, err := zrf.ResolvePath(fsys, dir, name)
	if err != nil {
		return nil, 0, 0, err
	}
	if fi, err := fs.Stat(fsys, file); err != nil {
		return nil, 0, 0, err
	} else if fi.Size() > maxPictureFile {
		return nil, 0, 0, fmt.Errorf("larger than %d MiB", maxPictureFile>>20)
	}
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, 0, 0, err
	}
	img, err := render.DecodeBMP(data, key)
	if err != nil {
		return nil, 0, 0, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, 0, 0, err
	}
	return buf.Bytes(), img.Rect.Dx(), img.Rect.Dy(), nil
}

// pictureURL returns the address of a picture: its hash, and where it comes from, so
// that a server that has not made it yet (another behind the same address, or this one
// restarted) can make it again and check it is the same.
func pictureURL(src pictureSrc, p *picture) string {
	q := url.Values{"rules": {src.rules}, "file": {src.name}}
	if src.key {
		q.Set("key", "1")
	}
	return "/api/bitmap/" + p.hash + "?" + q.Encode()
}

// imageURL returns the function render.SVGOptions.ImageURL of the rules of hash rules,
// whose files are in folder dir of fsys: pictures by address, or inline (as data URIs)
// when inline is set, for an SVG shown as an image, which may load nothing.
func (ps *pictures) imageURL(rules string, fsys fs.FS, dir string, inline bool) func(string, bool) (string, int, int, error) {
	return func(name string, key bool) (string, int, int, error) {
		src := pictureSrc{rules, name, key}
		p := ps.get(src, fsys, dir)
		if p.err != nil {
			return "", 0, 0, p.err
		}
		if inline {
			return "data:image/png;base64," + base64.StdEncoding.EncodeToString(p.png), p.w, p.h, nil
		}
		return pictureURL(src, p), p.w, p.h, nil
	}
}

func (s *Server) handleBitmap(w http.ResponseWriter, r *http.Request) {
	hash := r.PathValue("hash")
	s.pics.mu.Lock()
	p := s.pics.byHash[hash]
	s.pics.mu.Unlock()
	if p == nil {
		q := r.URL.Query()
		// Only a file of the rules' folder is looked at, so that the pictures kept are
		// bounded by the catalogue.
		e, ok := s.cat.hashed(q.Get("rules"))
		name := q.Get("file")
		if ok && len(name) <= 1000 {
			if file, err := zrf.ResolvePath(e.fsys, e.dir(), name); err == nil {
				if _, err := fs.Stat(e.fsys, file); err == nil {
					p = s.pics.get(pictureSrc{e.hash, name, q.Get("key") == "1"}, e.fsys, e.dir())
				}
			}
		}
	}
	if p == nil || p.err != nil || p.hash != hash {
		writeErr(w, errf(http.StatusNotFound, "not_found", "no bitmap %q", hash))
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("ETag", `"`+p.hash+`"`)
	if r.Header.Get("If-None-Match") == `"`+p.hash+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(p.png)
}
