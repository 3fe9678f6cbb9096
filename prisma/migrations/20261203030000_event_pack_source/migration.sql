-- Where the event's boosters come from: 'generated' (opened by Podium from the seed) or 'physical'
-- (real boosters opened at the table: Podium seats pods and runs rounds; decks are registered as
-- lists, not checked against a pool).
ALTER TABLE "event" ADD COLUMN "pack_source" TEXT NOT NULL DEFAULT 'generated';
ALTER TABLE "event" ADD CONSTRAINT "event_pack_source_check" CHECK ("pack_source" IN ('generated', 'physical'));
