package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// This file holds the Store both databases share: the SQL is written once, with $1, $2…
// parameters, which SQLite and PostgreSQL both take, and runs on a backend.

// A backend is a database: SQLite or PostgreSQL.
type backend interface {
	// tx runs f in a transaction and commits it when f returns nil. A write transaction
	// holds the database's write lock from its start (SQLite) so that it cannot fail
	// half way for want of it; a read transaction sees one snapshot.
	tx(ctx context.Context, write bool, f func(q querier) error) error
	// forUpdate is what follows a SELECT to lock the rows it reads until the
	// transaction ends ("" where write transactions are serialized anyway).
	forUpdate() string
	// isUnique reports whether err is the violation of a primary key or unique key.
	isUnique(err error) bool
	// now is an SQL expression of the database's clock in Unix microseconds.
	now() string
	// notify tells the other servers on the database that game id changed, when the
	// transaction of q commits (nothing on SQLite).
	notify(ctx context.Context, q querier, id string) error
	close() error
}

// A querier runs statements in a transaction.
type querier interface {
	exec(ctx context.Context, sql string, args ...any) (rowsAffected int64, err error)
	query(ctx context.Context, sql string, args ...any) (rows, error)
}

// rows is what both databases' result sets have in common.
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// one reads the first row that sql returns into dest and reports whether there was one.
func one(ctx context.Context, q querier, sql string, args []any, dest ...any) (bool, error) {
	r, err := q.query(ctx, sql, args...)
	if err != nil {
		return false, err
	}
	defer r.Close()
	if !r.Next() {
		return false, r.Err()
	}
	if err := r.Scan(dest...); err != nil {
		return false, err
	}
	return true, nil
}

// db is the Store on a backend.
type db struct {
	b backend
}

// seatJSON is how a seat is written in the games' seats column.
type seatJSON struct {
	Kind  string `json:"kind"`
	Bot   string `json:"bot,omitempty"`
	Token string `json:"token,omitempty"`
}

// micro returns t as stored: Unix microseconds.
func micro(t time.Time) int64 { return t.UnixMicro() }

// fromMicro returns a stored time.
func fromMicro(us int64) time.Time { return time.UnixMicro(us).UTC() }

// PutRules stores content under hash, which must be its hex SHA-256.
func (d *db) PutRules(ctx context.Context, hash string, content []byte) error {
	sum := sha256.Sum256(content)
	if want := hex.EncodeToString(sum[:]); hash != want {
		return fmt.Errorf("put rules: hash %q is not the SHA-256 of the content (%s)", hash, want)
	}
	if content == nil {
		content = []byte{} // The column is NOT NULL; empty rules are still rules.
	}
	return d.b.tx(ctx, true, func(q querier) error {
		_, err := q.exec(ctx, `INSERT INTO rules (hash, content) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING`, hash, content)
		return err
	})
}

// Rules returns the content stored under hash.
func (d *db) Rules(ctx context.Context, hash string) ([]byte, error) {
	var content []byte
	err := d.b.tx(ctx, false, func(q querier) error {
		ok, err := one(ctx, q, `SELECT content FROM rules WHERE hash = $1`, []any{hash}, &content)
		if err == nil && !ok {
			err = fmt.Errorf("rules %q: %w", hash, ErrNotFound)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if content == nil {
		content = []byte{}
	}
	return content, nil
}

// CreateGame stores g and its turns. Its rules must be stored; a zero g.Created is set
// to now.
func (d *db) CreateGame(ctx context.Context, g *Game, turns ...Turn) error {
	if g == nil || g.ID == "" {
		return errors.New("create game: no game id")
	}
	for i, t := range turns {
		if t.Ply != i {
			return fmt.Errorf("create game %q: turn %d for ply %d: %w", g.ID, i, t.Ply, ErrConflict)
		}
	}
	seats := make([]seatJSON, len(g.Seats))
	for i, s := range g.Seats {
		seats[i] = seatJSON(s)
	}
	js, err := json.Marshal(seats)
	if err != nil {
		return fmt.Errorf("create game %q: %v", g.ID, err)
	}
	created := g.Created
	if created.IsZero() {
		created = time.Now()
	}
	err = d.b.tx(ctx, true, func(q querier) error {
		var one1 int
		ok, err := one(ctx, q, `SELECT 1 FROM rules WHERE hash = $1`, []any{g.RulesHash}, &one1)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("create game %q: rules %q: %w", g.ID, g.RulesHash, ErrNotFound)
		}
		_, err = q.exec(ctx, `INSERT INTO games (id, rules_hash, rules_name, variant, seats, view_token, created, result, start, public, rematch_of, clock)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
			g.ID, g.RulesHash, g.RulesName, g.Variant, string(js), g.ViewToken, micro(created), g.Result, g.Start, boolInt(g.Public), g.RematchOf, g.Clock)
		if d.b.isUnique(err) {
			return fmt.Errorf("create game %q: the id is taken: %w", g.ID, ErrConflict)
		}
		if err != nil {
			return err
		}
		if err := d.linkRematch(ctx, q, g); err != nil {
			return err
		}
		now := time.Now()
		for _, t := range turns {
			at := t.At
			if at.IsZero() {
				at = now
			}
			clocks, err := clocksText(t.Clocks)
			if err != nil {
				return fmt.Errorf("create game %q: turn %d: %v", g.ID, t.Ply, err)
			}
			if _, err := q.exec(ctx, `INSERT INTO turns (game_id, ply, idx, text, at, clocks) VALUES ($1, $2, $3, $4, $5, $6)`,
				g.ID, int64(t.Ply), int64(t.Index), t.Text, micro(at), clocks); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && g.Created.IsZero() {
		g.Created = fromMicro(micro(created))
	}
	if err == nil {
		g.DrawOffer, g.DrawOfferPly = -1, 0
		g.RematchOffer, g.Rematch = -1, ""
	}
	return err
}

// linkRematch makes g the rematch of g.RematchOf, when it is one, unless that game has
// one already.
func (d *db) linkRematch(ctx context.Context, q querier, g *Game) error {
	if g.RematchOf == "" {
		return nil
	}
	if err := d.lockGame(ctx, q, g.RematchOf); err != nil {
		return fmt.Errorf("create game %q as a rematch: %w", g.ID, err)
	}
	n, err := q.exec(ctx, `UPDATE games SET rematch = $1, rematch_offer = -1 WHERE id = $2 AND rematch = ''`, g.ID, g.RematchOf)
	if err == nil && n == 0 {
		err = fmt.Errorf("create game %q: game %q has a rematch already: %w", g.ID, g.RematchOf, ErrConflict)
	}
	if err != nil {
		return err
	}
	return d.b.notify(ctx, q, g.RematchOf)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// gameColumns are the columns scanGame reads, in its order.
const gameColumns = `id, rules_hash, rules_name, variant, seats, view_token, created, result, draw_offer, draw_offer_ply, start, public, rematch_offer, rematch, rematch_of, clock`

// scanGame reads a game from the columns gameColumns names.
func scanGame(r rows) (*Game, error) {
	var g Game
	var seats string
	var created, offer, offerPly, public, rematchOffer int64
	if err := r.Scan(&g.ID, &g.RulesHash, &g.RulesName, &g.Variant, &seats, &g.ViewToken, &created, &g.Result, &offer, &offerPly,
		&g.Start, &public, &rematchOffer, &g.Rematch, &g.RematchOf, &g.Clock); err != nil {
		return nil, err
	}
	g.DrawOffer, g.DrawOfferPly = int(offer), int(offerPly)
	g.Public, g.RematchOffer = public != 0, int(rematchOffer)
	var js []seatJSON
	if err := json.Unmarshal([]byte(seats), &js); err != nil {
		return nil, fmt.Errorf("game %q: bad seats %q: %v", g.ID, seats, err)
	}
	g.Seats = make([]Seat, len(js))
	for i, s := range js {
		g.Seats[i] = Seat(s)
	}
	g.Created = fromMicro(created)
	return &g, nil
}

// Game returns game id and its turns.
func (d *db) Game(ctx context.Context, id string) (*Game, []Turn, error) {
	var g *Game
	var turns []Turn
	err := d.b.tx(ctx, false, func(q querier) error {
		r, err := q.query(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id)
		if err != nil {
			return err
		}
		if r.Next() {
			g, err = scanGame(r)
		} else {
			err = r.Err()
		}
		r.Close()
		if err != nil {
			return err
		}
		if g == nil {
			return fmt.Errorf("game %q: %w", id, ErrNotFound)
		}
		turns, err = d.turns(ctx, q, id)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return g, turns, nil
}

// turns returns the turns of game id in order.
func (d *db) turns(ctx context.Context, q querier, id string) ([]Turn, error) {
	r, err := q.query(ctx, `SELECT ply, idx, text, at, clocks FROM turns WHERE game_id = $1 ORDER BY ply`, id)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	turns := []Turn{}
	for r.Next() {
		var t Turn
		var at int64
		var clocks string
		if err := r.Scan(&t.Ply, &t.Index, &t.Text, &at, &clocks); err != nil {
			return nil, err
		}
		t.At = fromMicro(at)
		if t.Clocks, err = parseClocks(clocks); err != nil {
			return nil, fmt.Errorf("game %q turn %d: %v", id, t.Ply, err)
		}
		turns = append(turns, t)
	}
	return turns, r.Err()
}

// ListGames returns the limit most recent games.
func (d *db) ListGames(ctx context.Context, limit int) ([]*Game, error) {
	return d.list(ctx, ``, limit)
}

// ListLive returns the limit most recent public games going on.
func (d *db) ListLive(ctx context.Context, limit int) ([]*Game, error) {
	return d.list(ctx, ` WHERE public = 1 AND result = ''`, limit)
}

// list returns the limit most recent games that where (a WHERE clause, or "") selects.
func (d *db) list(ctx context.Context, where string, limit int) ([]*Game, error) {
	games := []*Game{}
	if limit <= 0 {
		return games, nil
	}
	err := d.b.tx(ctx, false, func(q querier) error {
		r, err := q.query(ctx, `SELECT `+gameColumns+` FROM games`+where+` ORDER BY created DESC, id DESC LIMIT $1`, int64(limit))
		if err != nil {
			return err
		}
		defer r.Close()
		for r.Next() {
			g, err := scanGame(r)
			if err != nil {
				return err
			}
			games = append(games, g)
		}
		return r.Err()
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// lockGame checks that game id exists and, on PostgreSQL, locks it until the transaction
// ends, so that the turns of a game change one transaction at a time.
func (d *db) lockGame(ctx context.Context, q querier, id string) error {
	var one1 int
	ok, err := one(ctx, q, `SELECT 1 FROM games WHERE id = $1`+d.b.forUpdate(), []any{id}, &one1)
	if err == nil && !ok {
		err = fmt.Errorf("game %q: %w", id, ErrNotFound)
	}
	return err
}

// AppendTurn stores t as the next turn of game id.
func (d *db) AppendTurn(ctx context.Context, id string, t Turn) error {
	at := t.At
	if at.IsZero() {
		at = time.Now()
	}
	clocks, err := clocksText(t.Clocks)
	if err != nil {
		return fmt.Errorf("game %q turn %d: %v", id, t.Ply, err)
	}
	return d.b.tx(ctx, true, func(q querier) error {
		if err := d.lockGame(ctx, q, id); err != nil {
			return err
		}
		var n int64
		if _, err := one(ctx, q, `SELECT count(*) FROM turns WHERE game_id = $1`, []any{id}, &n); err != nil {
			return err
		}
		if int64(t.Ply) != n {
			return fmt.Errorf("game %q: turn for ply %d, but %d turns are stored: %w", id, t.Ply, n, ErrConflict)
		}
		_, err := q.exec(ctx, `INSERT INTO turns (game_id, ply, idx, text, at, clocks) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, int64(t.Ply), int64(t.Index), t.Text, micro(at), clocks)
		if d.b.isUnique(err) {
			return fmt.Errorf("game %q: ply %d is stored already: %w", id, t.Ply, ErrConflict)
		}
		if err != nil {
			return err
		}
		return d.b.notify(ctx, q, id)
	})
}

// TruncateTurns removes the turns of game id from ply on.
func (d *db) TruncateTurns(ctx context.Context, id string, ply int) error {
	if ply < 0 {
		return fmt.Errorf("game %q: truncate at ply %d", id, ply)
	}
	return d.b.tx(ctx, true, func(q querier) error {
		if err := d.lockGame(ctx, q, id); err != nil {
			return err
		}
		n, err := q.exec(ctx, `DELETE FROM turns WHERE game_id = $1 AND ply >= $2`, id, int64(ply))
		if err != nil || n == 0 {
			return err
		}
		return d.b.notify(ctx, q, id)
	})
}

// SetResult records the result of game id.
func (d *db) SetResult(ctx context.Context, id string, result string) error {
	return d.b.tx(ctx, true, func(q querier) error {
		n, err := q.exec(ctx, `UPDATE games SET result = $1 WHERE id = $2`, result, id)
		if err == nil && n == 0 {
			err = fmt.Errorf("game %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return err
		}
		return d.b.notify(ctx, q, id)
	})
}

// SetDrawOffer records a draw offer of game id, or its end with seat -1.
func (d *db) SetDrawOffer(ctx context.Context, id string, seat, ply int) error {
	if seat < 0 {
		seat, ply = -1, 0
	}
	return d.b.tx(ctx, true, func(q querier) error {
		n, err := q.exec(ctx, `UPDATE games SET draw_offer = $1, draw_offer_ply = $2 WHERE id = $3`, int64(seat), int64(ply), id)
		if err == nil && n == 0 {
			err = fmt.Errorf("game %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return err
		}
		return d.b.notify(ctx, q, id)
	})
}

// SetRematchOffer records a rematch offer of game id, or its end with seat -1.
func (d *db) SetRematchOffer(ctx context.Context, id string, seat int) error {
	seat = max(seat, -1)
	return d.b.tx(ctx, true, func(q querier) error {
		n, err := q.exec(ctx, `UPDATE games SET rematch_offer = $1 WHERE id = $2`, int64(seat), id)
		if err == nil && n == 0 {
			err = fmt.Errorf("game %q: %w", id, ErrNotFound)
		}
		if err != nil {
			return err
		}
		return d.b.notify(ctx, q, id)
	})
}

// maxClocks bounds the clocks of one turn read back (a game has at most that many seats).
const maxClocks = 64

// clocksText returns a turn's clocks as stored: milliseconds, comma-separated.
func clocksText(clocks []int64) (string, error) {
	if len(clocks) > maxClocks {
		return "", fmt.Errorf("%d clocks; at most %d", len(clocks), maxClocks)
	}
	var b []byte
	for i, c := range clocks {
		if c < 0 {
			return "", fmt.Errorf("clock %d is negative (%d ms)", i, c)
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, c, 10)
	}
	return string(b), nil
}

// parseClocks reads a turn's clocks as clocksText wrote them; "" is none.
func parseClocks(text string) ([]int64, error) {
	if text == "" {
		return nil, nil
	}
	if n := strings.Count(text, ",") + 1; n > maxClocks {
		return nil, fmt.Errorf("bad clocks: %d of them; at most %d", n, maxClocks)
	}
	var out []int64
	for _, f := range strings.Split(text, ",") {
		c, err := strconv.ParseInt(f, 10, 64)
		if err != nil || c < 0 {
			return nil, fmt.Errorf("bad clocks %q", text)
		}
		out = append(out, c)
	}
	return out, nil
}

// Close closes the database.
func (d *db) Close() error { return d.b.close() }
