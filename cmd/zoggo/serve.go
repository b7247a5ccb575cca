package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/zoggo/zoggo/server"
	"github.com/zoggo/zoggo/store"
	"github.com/zoggo/zoggo/store/memstore"
)

func newServe() *cobra.Command {
	var addr, db string
	var open bool
	var bots int
	var rate float64
	cmd := &cobra.Command{
		Use:   "serve [PATH...]",
		Short: "Serve games to play in a browser, against people or bots",
		Long: `serve starts a game server: a lobby page to start games, a page per game, and the
JSON API the pages use (docs/api.md). Open the address it prints in a browser, pick a
game and who plays each side (you, a friend with their own link, or a bot), and play.

PATHs are rules files, or folders searched for *.zrf files (in any case) at any depth;
the bitmaps beside the rules draw the boards. With no PATH, serve offers the games built
into zoggo. Files that do not load are listed in the lobby with their error.

Every turn is stored before it is acknowledged, so a game survives a restart of the
server: open its link again. --db says where: a SQLite file (by default zoggo.db in
~/.local/share/zoggo, or $XDG_DATA_HOME/zoggo), a PostgreSQL URL (several servers may
share one database), or memory (games are lost when the server stops).

Bots think on the server, --bots of them at once over all games (the number of CPUs by
default). The server listens on 127.0.0.1 only, unless --addr says otherwise: anyone who
can reach the address can start games.`,
		Example: `  zoggo serve                              the built-in games on http://127.0.0.1:8080/
  zoggo serve ~/zillions/Rules --open      every rules file under a folder, in a browser
  zoggo serve games/chess.zrf --addr 127.0.0.1:9000 --bots 2 --db memory
  zoggo serve --db ./club.db               games kept in a SQLite file of your choice
  zoggo serve --db postgres://zoggo@db.example/zoggo --addr 0.0.0.0:8080`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if bots < 0 || bots > 1024 {
				return fmt.Errorf("--bots must be between 0 and 1024")
			}
			cat, err := server.LoadCatalogue(args)
			if err != nil {
				return err
			}
			st, where, err := openStore(cmd.Context(), db)
			if err != nil {
				return err
			}
			defer st.Close()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			srv := server.New(server.Options{Store: st, Catalogue: cat, Bots: bots, Rate: rate, Holder: holderName(addr)})
			defer srv.Close()
			go func() {
				if n, err := srv.Resume(context.Background()); err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "zoggo serve: resuming games:", err)
				} else if n > 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "zoggo serve: %d games of bots go on\n", n)
				}
			}()
			hs := srv.HTTPServer(addr)
			url := "http://" + ln.Addr().String() + "/"
			fmt.Fprintf(cmd.OutOrStdout(), "zoggo serve: %s\ngames are kept %s\n", url, where)
			if n := cat.Failed(); n > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "zoggo serve: %d rules files did not load; the lobby lists why\n", n)
			}
			if open {
				if err := openBrowser(url); err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "zoggo serve: cannot open a browser:", err)
				}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			done := make(chan error, 1)
			go func() { done <- hs.Serve(ln) }()
			select {
			case err := <-done:
				return err
			case <-ctx.Done():
			}
			fmt.Fprintln(cmd.OutOrStdout(), "zoggo serve: stopping")
			sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			if err := <-done; !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	cmd.Flags().StringVar(&db, "db", "", "where games are kept: a SQLite file, a postgres:// URL or memory (default: "+store.DefaultPath()+")")
	cmd.Flags().BoolVar(&open, "open", false, "open the lobby in a browser")
	cmd.Flags().IntVar(&bots, "bots", 0, "bots thinking at once over all games (0: the number of CPUs)")
	cmd.Flags().Float64Var(&rate, "rate", 0, "requests per second each client address may make on average, in bursts of up to 4 seconds' worth (0: 50; negative: no limit, for a proxy that limits)")
	return cmd
}

// holderName names the server in the leases of its store: its host's name and the
// port of addr, so that a server started again where it was takes back its bot games at
// once (no two servers listen on one port of one host); "" (a random name) when the port
// is picked at random or the host has no name.
func holderName(addr string) string {
	host, err := os.Hostname()
	_, port, perr := net.SplitHostPort(addr)
	if err != nil || perr != nil || host == "" || port == "" || port == "0" {
		return ""
	}
	return host + ":" + port
}

// openStore opens the store a --db value names, and says where games are kept.
func openStore(ctx context.Context, dsn string) (store.Store, string, error) {
	switch {
	case dsn == "memory":
		return memstore.New(), "in memory (lost when the server stops)", nil
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		st, err := store.Open(ctx, dsn)
		return st, "in the PostgreSQL database of --db", err
	}
	where := dsn
	if where == "" {
		where = store.DefaultPath()
	}
	st, err := store.Open(ctx, dsn)
	return st, "in " + where, err
}

// openBrowser opens url in the desktop's browser.
func openBrowser(url string) error {
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		c = exec.Command("open", url)
	case "windows":
		c = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		c = exec.Command("xdg-open", url)
	}
	if err := c.Start(); err != nil {
		return err
	}
	go c.Wait()
	return nil
}
