-- A game may start from a position other than its rules' setup (the position editor):
-- the player to move on the first line, then a (board-setup ...) form; '' for the
-- rules' own start.
ALTER TABLE games ADD COLUMN start TEXT NOT NULL DEFAULT '';
