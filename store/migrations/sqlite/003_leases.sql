-- A game whose bots play is played by one server at a time: the holder of its lease,
-- until expires (Unix microseconds by the database's clock). The holder renews it while
-- its bots play and deletes it when they stop; a lease past its time is anybody's, which
-- is how another server takes over the games of one that died.
CREATE TABLE leases (
	game_id TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
	holder  TEXT NOT NULL,
	expires BIGINT NOT NULL
);

CREATE INDEX leases_by_holder ON leases (holder);
CREATE INDEX leases_by_expires ON leases (expires);
