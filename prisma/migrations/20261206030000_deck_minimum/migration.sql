-- A lower main-deck minimum for one player (docs/rules.md "A lower minimum for one player"): the
-- organizer's answer to a pool that cannot reach 30 cards with any hero. Expand only: null keeps
-- the game's minimum, so the previous release keeps working.
ALTER TABLE "event_player" ADD COLUMN "min_main_deck" INTEGER;
