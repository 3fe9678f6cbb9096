-- The round clock an organizer controls: minutes added to the whole round, the moment it was
-- paused (NULL while it runs) and the time spent in earlier pauses; a judge's extension per table.
ALTER TABLE "round" ADD COLUMN "extra_minutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "round" ADD COLUMN "paused_at" TIMESTAMPTZ(3);
ALTER TABLE "round" ADD COLUMN "paused_ms" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "match" ADD COLUMN "extra_minutes" INTEGER NOT NULL DEFAULT 0;
