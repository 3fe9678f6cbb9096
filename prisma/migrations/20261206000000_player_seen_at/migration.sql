-- When the player's phone was last heard from (its live stream's heartbeats, or its polling while the
-- stream is down): the organizer's draft panel tells an offline seat from a slow one.
-- Expand only: a nullable column the previous release never reads.
ALTER TABLE "event_player" ADD COLUMN "seen_at" TIMESTAMPTZ(3);
