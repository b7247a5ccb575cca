-- A draw offer survives a restart: the seat that offered (-1: none) and the turns played
-- when it did.
ALTER TABLE games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN draw_offer_ply INTEGER NOT NULL DEFAULT 0;
