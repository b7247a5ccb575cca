-- Games on the live page and rematches. public is 1 for a game its creator listed for
-- anybody to watch. rematch_offer is the seat that offered a rematch after the end (-1:
-- none); rematch is the id of the game that rematch became, rematch_of the game a
-- rematch was offered in (set together, when the rematch is created).
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN rematch TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rematch_of TEXT NOT NULL DEFAULT '';

CREATE INDEX games_live ON games (created DESC, id DESC) WHERE public = 1 AND result = '';
