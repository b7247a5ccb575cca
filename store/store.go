// Package store keeps the games of the game server: every game, its seats and every turn
// played, committed before the server acknowledges a move, and the text of the rules each
// game was started under (by content hash), so that a game always resumes against the
// rules it was played under. Two implementations share one schema and its versioned
// migrations: SQLite in pure Go (the default, a file) and PostgreSQL (pgx), which lets
// several servers share games.
//
// The store knows nothing of rules: a turn is kept as its index among the legal turns of
// its position (the order the run-time generates them in is fixed for given rules) and
// its text in ZSG notation, which the server checks when it replays a game.
//
// Open picks the database from its argument. On SQLite, a write that returned nil is on
// the disk: the file is in WAL mode with synchronous=FULL (the log is fsynced at every
// commit; fullfsync on macOS), so it survives the server being killed (SIGKILL) and the
// machine losing power. Writes of one process are serialized on one connection whose
// transactions begin IMMEDIATE, so concurrent writers wait for each other instead of
// failing with SQLITE_BUSY; other processes are waited for up to 10 seconds (busy
// timeout). Foreign keys are enforced. On PostgreSQL, the turns of a game change under a
// lock on its row, so that two servers sharing a database can never both store a ply.
//
// Times are kept to the microsecond and come back in UTC.
package store

import (
	"context"
	"errors"
	"time"
)

// Errors of the store. Implementations wrap them; test with errors.Is.
var (
	// ErrNotFound: no game with that id, or no rules with that hash.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a turn was appended at a ply that is no longer the next one (another
	// request or another server got there first). Nothing was stored.
	ErrConflict = errors.New("conflict: the game has moved on")
)

// Game is a stored game.
type Game struct {
	ID        string // random, url-safe, chosen by the caller
	RulesHash string // hex SHA-256 of the rules file's bytes (see PutRules)
	RulesName string // the rules file as the server's catalogue names it, e.g. "games/chess.zrf"
	Variant   string // the title of the game or variant played
	Seats     []Seat // one per player of the game, in the game's player order
	// ViewToken is the hash of the spectators' secret (read-only link).
	ViewToken string
	Created   time.Time
	// Result is empty while the game goes on; otherwise how it ended, as shown to people
	// (e.g. "White wins (checkmate)", "draw agreed", "Black resigned").
	Result string
	// DrawOffer is the seat that offered a draw, or -1, and DrawOfferPly the number of
	// turns played when it did. The offer stands while every turn after DrawOfferPly is
	// the offering seat's own; the server decides that when it replays the game, so a
	// turn never has to clear it. CreateGame stores no offer, whatever these say, and
	// sets them to -1 and 0.
	DrawOffer    int
	DrawOfferPly int
	// Start is the position the game starts from when it is not its rules' setup: the
	// player to move on the first line, then a (board-setup ...) form; "" for the rules'
	// own start. The server reads it; the store keeps it as given.
	Start string
	// Public lists the game on the live page, for anybody to watch without a secret.
	Public bool
	// RematchOffer is the seat that offered a rematch after the end, or -1; Rematch is
	// the id of the rematch made of this game ("" while there is none), and RematchOf
	// the game this one is the rematch of. CreateGame stores no offer (it sets
	// RematchOffer to -1) nor Rematch; a game created with RematchOf sets that game's
	// Rematch in the same transaction.
	RematchOffer int
	Rematch      string
	RematchOf    string
	// Clock is the game's time control as the server spells it (e.g. "fischer 300+3"),
	// "" for a game without a clock. The store keeps it and does not read it.
	Clock string
}

// Seat is who plays one player of a game.
type Seat struct {
	Kind  string // "human" (a person with the seat's link), "bot" or "random" (dice, played by the server)
	Bot   string // for a bot: its spelling as ai.Parse takes it, e.g. "search:1", "mcts:2", "random"
	Token string // for a human: the hash of the seat's secret; never the secret itself
}

// Turn is one stored turn of a game.
type Turn struct {
	Ply   int    // 0 for the first turn of the game
	Index int    // its index among the legal turns of the position it was made in
	Text  string // its parts in ZSG notation, one per line, for checking and for people
	At    time.Time
	// Clocks are the milliseconds each seat had left on its clock after the turn, in
	// seat order; nil in a game without a clock. None is negative.
	Clocks []int64
}

// Store keeps games. Every method is safe for concurrent use, and every write is
// committed (durable) when it returns nil.
type Store interface {
	// PutRules stores the bytes of a rules file under their hash (hex SHA-256, lower
	// case; any other hash is an error); storing the same bytes again is not an error.
	PutRules(ctx context.Context, hash string, content []byte) error
	// Rules returns the bytes stored under hash, or ErrNotFound.
	Rules(ctx context.Context, hash string) ([]byte, error)

	// CreateGame stores a new game with the given turns (none for a new game, the turns
	// of a saved game continued), in one transaction: all of it or nothing. Its rules
	// must be stored (else ErrNotFound); an id already taken is ErrConflict, and so is a
	// turn whose Ply is not its index; a zero Created or At is set to now. With
	// g.RematchOf set, that game's Rematch becomes g.ID in the same transaction: a game
	// that has a rematch already is ErrConflict, one that does not exist ErrNotFound.
	CreateGame(ctx context.Context, g *Game, turns ...Turn) error
	// Game returns a game and its turns in order, or ErrNotFound.
	Game(ctx context.Context, id string) (*Game, []Turn, error)
	// ListGames returns the most recent games first, at most limit of them, without
	// their turns.
	ListGames(ctx context.Context, limit int) ([]*Game, error)
	// ListLive returns the public games without a result, the most recent first, at
	// most limit of them, without their turns.
	ListLive(ctx context.Context, limit int) ([]*Game, error)

	// AppendTurn stores turn t of game id; t.Ply must be the number of turns stored so far,
	// else ErrConflict and nothing is stored. A zero t.At is set to now. ErrNotFound when
	// there is no such game.
	AppendTurn(ctx context.Context, id string, t Turn) error
	// TruncateTurns removes the turns from ply on (undo); removing none is not an error.
	// ErrNotFound when there is no such game.
	TruncateTurns(ctx context.Context, id string, ply int) error
	// SetResult records how the game ended ("" reopens it, after an undo). ErrNotFound
	// when there is no such game.
	SetResult(ctx context.Context, id string, result string) error
	// SetDrawOffer records that seat offered a draw when ply turns had been played, or
	// with seat -1 that no draw is offered. ErrNotFound when there is no such game.
	SetDrawOffer(ctx context.Context, id string, seat, ply int) error
	// SetRematchOffer records that seat offered a rematch of game id, or with seat -1
	// that none is offered. ErrNotFound when there is no such game.
	SetRematchOffer(ctx context.Context, id string, seat int) error

	// Leases: the bots of a game are played by one server at a time, the holder of the
	// game's lease (a name each server picks for itself). A lease lasts ttl from when it
	// was taken or last renewed, by the database's clock; past that it is anybody's.
	//
	// TakeLease makes holder the holder of game id's lease for ttl from now when nobody
	// holds it, holder does already, or its holder let it expire, and reports whether
	// holder holds it now. ErrNotFound when there is no such game.
	TakeLease(ctx context.Context, id, holder string, ttl time.Duration) (bool, error)
	// RenewLeases makes every lease holder holds last ttl from now and returns their
	// games: a lease missing from the list was taken by another holder after it expired.
	RenewLeases(ctx context.Context, holder string, ttl time.Duration) ([]string, error)
	// ReleaseLease gives up holder's lease of game id, or every lease of holder when id
	// is ""; releasing a lease holder does not hold is not an error.
	ReleaseLease(ctx context.Context, id, holder string) error
	// ExpiredLeases returns at most limit games whose lease has expired, the longest
	// expired first: their holder stopped (or died) without releasing them.
	ExpiredLeases(ctx context.Context, limit int) ([]string, error)

	Close() error
}

// Watcher is a Store that tells of the changes other servers make to the games of a
// database they share: PostgreSQL's store is one (LISTEN/NOTIFY). SQLite's is not: a
// SQLite file is meant for one server, and a second server on the same file learns of
// another's moves only when it reads the game for a request.
type Watcher interface {
	// Watch calls changed with the id of every game whose turns, result or draw offer
	// were changed through another Store on the database, until ctx ends, and then
	// returns ctx's error. changed("") means that any game may have changed: Watch calls
	// it once it listens, and again each time it has listened anew after losing its
	// connection, since changes made meanwhile went unheard. Calls come one at a time
	// from one goroutine; changed must not wait for long.
	Watch(ctx context.Context, changed func(id string)) error
}
