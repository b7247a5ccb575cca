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
	"path/filepath"
	"runtime"
	"slices"
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
	var bots, botLevel, createRate, streams, streamsPerClient int
	var botTime time.Duration
	var allowBotGames bool
	var hosts, engineFlags, watch []string
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

Bots think on the server, on --bots threads at once over all games (by default one less
than the number of CPUs, which is the most): the bots of all games take turns on them, so that one bot's long
think does not hold up another game's. No bot thinks longer than --bot-time on a turn
(a bot asked for a longer clock is refused), nor deeper than --bot-level. Games without
a person in them are refused unless --allow-bot-games is given.

--engine NAME=uci:COMMAND[:OPTION=VALUE...] or NAME=gtp:COMMAND lets seats be played
by an external engine, as zoggo run's --players takes them: a seat whose bot is
engine:NAME (the lobby lists the engines where they can play) is played by it.
Only engines named so can be seated. Each of its turns starts the engine, tells it the
game, asks for its move and ends it; a move the rules do not allow ends the game as its
loss.

The server listens on 127.0.0.1 only, unless --addr says otherwise: anyone who can reach
the address can start games, a few a minute each (--create-rate). It answers only for
the Host names localhost and the address it listens on (every address of the machine
for 0.0.0.0); --host adds names, such as the one a proxy forwards. Requests that change
something must be JSON from the server's own pages or from a program, never from
another site's page. --streams and --streams-per-client bound the open event streams.

--watch PATH serves a rules file (or the files of a folder) and loads it again whenever
it changes, for authors: the open page of a game under it shows the new version's errors
at once (file:line:col and the offending text, as zoggo check prints them), or offers to
restart the game under the new rules, from the start or replaying the turns played while
they stay legal. A restart makes a new game with the same seats and links (the old
game keeps its turns and ends, naming the new one). Only the rules file itself is
watched, not the files it includes.`,
		Example: `  zoggo serve                              the built-in games on http://127.0.0.1:8080/
  zoggo serve ~/zillions/Rules --open      every rules file under a folder, in a browser
  zoggo serve games/chess.zrf --addr 127.0.0.1:9000 --bots 2 --db memory
  zoggo serve --watch mygame.zrf           reload mygame.zrf whenever it is saved
  zoggo serve --db ./club.db               games kept in a SQLite file of your choice
  zoggo serve --engine 'sf=uci:/usr/games/fairy-stockfish:Skill Level=0' --engine 'gnugo=gtp:gnugo --mode gtp'
                                           seats may be played by bot "engine:sf" or "engine:gnugo"
  zoggo serve --db postgres://zoggo@db.example/zoggo --addr 0.0.0.0:8080`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if bots < 0 || bots > runtime.NumCPU() {
				return fmt.Errorf("--bots must be between 0 and %d, the number of CPUs", runtime.NumCPU())
			}
			if botTime < 0 || botLevel < 0 || createRate < 0 || streams < 0 || streamsPerClient < 0 {
				return fmt.Errorf("--bot-time, --bot-level, --create-rate, --streams and --streams-per-client may not be negative")
			}
			engs := map[string]string{}
			for _, e := range engineFlags {
				name, spec, ok := strings.Cut(e, "=")
				if !ok || name == "" || strings.ContainsAny(name, ": ,") ||
					!strings.HasPrefix(spec, "uci:") && !strings.HasPrefix(spec, "gtp:") {
					return fmt.Errorf("--engine %q: expected NAME=uci:COMMAND or NAME=gtp:COMMAND, the name without colons, commas or spaces", e)
				}
				engs[name] = spec
			}
			for _, w := range watch {
				if !slices.ContainsFunc(args, func(a string) bool { return filepath.Clean(a) == filepath.Clean(w) }) {
					args = append(args, filepath.Clean(w))
				}
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
			cr := float64(createRate)
			if createRate == 0 {
				cr = -1
			}
			srv := server.New(server.Options{Store: st, Catalogue: cat, Bots: bots, Rate: rate,
				BotTime: botTime, BotLevel: botLevel, AllowBotGames: allowBotGames, CreateRate: cr,
				MaxStreams: streams, MaxStreamsPerClient: streamsPerClient,
				Addr: ln.Addr().String(), Hosts: hosts, Engines: engs, Holder: holderName(addr)})
			defer srv.Close()
			for _, w := range watch {
				n, err := srv.Watch(filepath.ToSlash(filepath.Clean(w)))
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "zoggo serve: watching %d rules files of %s\n", n, w)
			}
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
			// The bots stop at once, without storing the turns they thought on, and the
			// event streams end; then the requests under way finish.
			srv.Close()
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
	cmd.Flags().IntVar(&bots, "bots", 0, "threads bots think on at once over all games (0: one less than the number of CPUs; at most their number)")
	cmd.Flags().DurationVar(&botTime, "bot-time", 10*time.Second, "the longest a bot thinks on a turn")
	cmd.Flags().IntVar(&botLevel, "bot-level", 6, "the highest level of a search or mcts bot")
	cmd.Flags().BoolVar(&allowBotGames, "allow-bot-games", false, "let anybody start games of bots only (and resume those stored)")
	cmd.Flags().IntVar(&createRate, "create-rate", 20, "games each client address may start a minute (0: no limit)")
	cmd.Flags().IntVar(&streams, "streams", 1000, "event streams open at once over all clients")
	cmd.Flags().IntVar(&streamsPerClient, "streams-per-client", 16, "event streams open at once from one client address")
	cmd.Flags().StringSliceVar(&hosts, "host", nil, "another name the server answers for in the Host header (repeat or separate with commas)")
	cmd.Flags().StringArrayVar(&engineFlags, "engine", nil, "NAME=uci:COMMAND[:OPTION=VALUE...] or NAME=gtp:COMMAND: an external engine seats may name as bot engine:NAME (repeat for more)")
	cmd.Flags().StringArrayVar(&watch, "watch", nil, "a rules file (or folder) to serve and load again when it changes; open game pages show its errors or offer to restart (repeat for more)")
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
