-- The first schema. Times are Unix microseconds (UTC); seats are JSON text.
CREATE TABLE rules (
	hash    TEXT PRIMARY KEY,  -- hex SHA-256 of content
	content BYTEA NOT NULL
);

CREATE TABLE games (
	id         TEXT PRIMARY KEY,
	rules_hash TEXT NOT NULL REFERENCES rules (hash),
	rules_name TEXT NOT NULL,
	variant    TEXT NOT NULL,
	seats      TEXT NOT NULL,
	view_token TEXT NOT NULL,
	created    BIGINT NOT NULL,
	result     TEXT NOT NULL DEFAULT ''
);

CREATE INDEX games_by_created ON games (created DESC, id DESC);

CREATE TABLE turns (
	game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
	ply     INTEGER NOT NULL CHECK (ply >= 0),
	idx     INTEGER NOT NULL,
	text    TEXT NOT NULL,
	at      BIGINT NOT NULL,
	PRIMARY KEY (game_id, ply)
);
