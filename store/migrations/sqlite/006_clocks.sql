-- Clocks: a game's time control as the server spells it ('' for none), and with each
-- turn the milliseconds every seat had left after it, in seat order, comma-separated
-- ('' in games without a clock).
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '';
ALTER TABLE turns ADD COLUMN clocks TEXT NOT NULL DEFAULT '';
