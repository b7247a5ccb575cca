package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Open opens the store that dsn names, creating its schema or bringing it up to date:
//
//   - "" is the default SQLite file, DefaultPath(), whose folder is created if needed;
//   - a URL starting with postgres:// or postgresql:// is a PostgreSQL database, in the
//     syntax pgx takes (e.g. "postgres://user:secret@host:5432/zoggo?sslmode=disable");
//   - anything else is the path of a SQLite file, created if missing.
//
// A database whose schema is newer than this program knows is refused.
func Open(ctx context.Context, dsn string) (Store, error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return openPostgres(ctx, dsn)
	}
	path := dsn
	if path == "" {
		path = DefaultPath()
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("create the folder of the games: %w", err)
		}
	}
	return openSQLite(ctx, path)
}

// DefaultPath returns the SQLite file that Open(ctx, "") uses: zoggo/zoggo.db in
// $XDG_DATA_HOME, else in ~/.local/share, and on macOS and Windows in the user's
// configuration folder (os.UserConfigDir). When no home folder is known, it is
// zoggo.db in the current folder.
func DefaultPath() string {
	const name = "zoggo.db"
	switch runtime.GOOS {
	case "darwin", "ios", "windows", "plan9":
		if dir, err := os.UserConfigDir(); err == nil {
			return filepath.Join(dir, "zoggo", name)
		}
	default:
		if dir := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(dir) {
			return filepath.Join(dir, "zoggo", name)
		}
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "zoggo", name)
		}
	}
	return name
}
