// Package pgtest starts throwaway PostgreSQL servers for tests, so that code written for
// PostgreSQL is tested against the real thing without any setup beyond an installed
// PostgreSQL (on Debian: apt-get install postgresql).
//
// Start returns the URL of a new, empty database. The first call in a test binary runs
// initdb in a temporary folder and starts the server; later calls reuse it and only
// create another database, so every test gets a database of its own. The server listens
// on 127.0.0.1 on a free port and on a unix socket in its folder, trusts every local
// connection (user postgres, no password) and runs without fsync, since its data is
// thrown away.
//
// The server is stopped, and its folder removed, when the last test using it ends; a test
// binary whose tests use it one after another can keep one server for all of them by
// calling Run from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Run(m)) }
//
// On Linux the server also dies with the test binary (parent-death signal), so a test
// binary that is killed does not leave a server behind.
//
// The programs (initdb and postgres) are looked up in $PGTEST_BIN when set, then in PATH,
// then in /usr/lib/postgresql/*/bin (Debian, Ubuntu; the newest version first) and a few
// other usual places. When they are missing, Start skips the test with a message, unless
// the environment variable CI is "true": then it fails it. PostgreSQL refuses to run as
// root, so when the tests run as root the server runs as the user postgres, or nobody
// when there is no such user; its folder is made theirs.
package pgtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The server shared by the tests of one binary.
var (
	mu      sync.Mutex
	srv     *server // the running server, nil when none
	failed  error   // why the last start failed; later calls fail at once
	users   int     // tests that got a database from srv and have not ended
	held    bool    // Run keeps srv until the tests end
	created int     // databases created, to name the next one
)

// Start returns a postgres:// URL for a new, empty database on the test binary's
// throwaway server, starting the server if needed. The database is for tb alone; the
// server stops when the last test using it ends (or when Run returns). When PostgreSQL
// is not installed, Start skips tb, or fails it when CI is "true".
func Start(tb testing.TB) string {
	tb.Helper()
	mu.Lock()
	defer mu.Unlock()
	if srv == nil {
		if failed != nil {
			tb.Fatalf("pgtest: %v", failed)
		}
		bin, err := findBin()
		if err != nil {
			if os.Getenv("CI") == "true" {
				tb.Fatalf("pgtest: %v (CI=true, so this fails instead of skipping)", err)
			}
			tb.Skipf("pgtest: %v; skipping (install PostgreSQL to run this test)", err)
		}
		s, err := start(bin)
		if err != nil {
			failed = err
			tb.Fatalf("pgtest: %v", err)
		}
		srv = s
	}
	users++
	tb.Cleanup(release)
	created++
	name := fmt.Sprintf("test%d", created)
	if err := srv.exec("CREATE DATABASE " + name); err != nil {
		tb.Fatalf("pgtest: create database %s: %v", name, err)
	}
	return srv.url(name)
}

// Run runs the tests of m and keeps the server that Start starts alive until they are
// done, then stops it and returns m.Run's exit code. Call it from TestMain.
func Run(m *testing.M) int {
	mu.Lock()
	held = true
	mu.Unlock()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		held = false
		if srv != nil {
			srv.stop()
			srv = nil
		}
	}()
	return m.Run()
}

// release ends one test's use of the server and stops it when nobody needs it.
func release() {
	mu.Lock()
	defer mu.Unlock()
	users--
	if users == 0 && !held && srv != nil {
		srv.stop()
		srv = nil
	}
}

// findBin returns the folder holding initdb and postgres.
func findBin() (string, error) {
	has := func(dir string) bool {
		for _, p := range []string{"initdb", "postgres"} {
			if st, err := os.Stat(filepath.Join(dir, p)); err != nil || st.IsDir() {
				return false
			}
		}
		return true
	}
	if dir := os.Getenv("PGTEST_BIN"); dir != "" {
		if !has(dir) {
			return "", fmt.Errorf("PGTEST_BIN=%q holds no initdb and postgres", dir)
		}
		return dir, nil
	}
	var dirs []string
	if p, err := exec.LookPath("initdb"); err == nil {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			dirs = append(dirs, filepath.Dir(r))
		}
		dirs = append(dirs, filepath.Dir(p))
	}
	versioned, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(versioned, func(i, j int) bool { return versionOf(versioned[i]) > versionOf(versioned[j]) })
	dirs = append(dirs, versioned...)
	more, _ := filepath.Glob("/usr/pgsql-*/bin")
	dirs = append(dirs, more...)
	dirs = append(dirs, "/usr/local/pgsql/bin", "/opt/homebrew/bin", "/usr/local/bin")
	for _, d := range dirs {
		if has(d) {
			return d, nil
		}
	}
	return "", errors.New("PostgreSQL's initdb and postgres not found in PATH nor in /usr/lib/postgresql/*/bin")
}

// versionOf returns the major version in a path like /usr/lib/postgresql/15/bin.
func versionOf(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// A server is a running throwaway PostgreSQL.
type server struct {
	dir  string // its folder: data/ and the unix socket
	port int
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has ended
	log  *limitedBuffer
}

// start runs initdb in a new temporary folder and starts postgres on it.
func start(bin string) (*server, error) {
	cred, err := runAs()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("give %s to the postgres user: %v", dir, err)
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	initdb.Dir = dir
	initdb.Env = env(dir)
	initdb.SysProcAttr = procAttr(cred)
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	// A free port may be taken by someone else before postgres binds it: try a few.
	for attempt := 0; ; attempt++ {
		s, err := launch(bin, dir, cred)
		if err == nil {
			return s, nil
		}
		if attempt == 2 {
			os.RemoveAll(dir)
			return nil, err
		}
	}
}

// launch starts postgres on the initialized folder dir and waits until it takes
// connections.
func launch(bin, dir string, cred *credential) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, port: port, done: make(chan struct{}), log: &limitedBuffer{max: 64 << 10}}
	s.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", filepath.Join(dir, "data"),
		"-h", "127.0.0.1", "-p", strconv.Itoa(port), "-k", dir,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=200")
	s.cmd.Dir = dir
	s.cmd.Env = env(dir)
	s.cmd.Stdout = s.log
	s.cmd.Stderr = s.log
	s.cmd.SysProcAttr = procAttr(cred)
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start postgres: %v", err)
	}
	go func() {
		s.cmd.Wait()
		close(s.done)
	}()
	// Wait until it answers, at most a minute (a loaded machine is slow, never that slow).
	deadline := time.Now().Add(time.Minute)
	for {
		err := s.exec("SELECT 1")
		if err == nil {
			return s, nil
		}
		select {
		case <-s.done:
			return nil, fmt.Errorf("postgres ended: %v\n%s", s.cmd.ProcessState, s.log.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.kill()
			return nil, fmt.Errorf("postgres does not answer after a minute: %v\n%s", err, s.log.String())
		}
	}
}

// url returns the URL of database name on s.
func (s *server) url(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, name)
}

// exec runs one statement in the database postgres.
func (s *server) exec(sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, s.url("postgres")+"&connect_timeout=5")
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	_, err = c.Exec(ctx, sql)
	return err
}

// stop shuts s down (fast shutdown: clients are disconnected) and removes its folder.
func (s *server) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		s.kill()
	}
	os.RemoveAll(s.dir)
}

// kill ends s at once.
func (s *server) kill() {
	s.cmd.Process.Kill()
	<-s.done
}

// env returns the environment of PostgreSQL's programs: a known locale, and a home of its
// own (root's may be closed to the user it runs as).
func env(dir string) []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C", "LANG=C", "TZ=UTC"}
}

// freePort returns a TCP port of 127.0.0.1 that nobody listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// A limitedBuffer keeps the first max bytes written to it, for error messages.
type limitedBuffer struct {
	mu  sync.Mutex
	b   bytes.Buffer
	max int
}

func (lb *limitedBuffer) Write(p []byte) (int, error) {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	if room := lb.max - lb.b.Len(); room > 0 {
		lb.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (lb *limitedBuffer) String() string {
	lb.mu.Lock()
	defer lb.mu.Unlock()
	return strings.TrimSpace(lb.b.String())
}
