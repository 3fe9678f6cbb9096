-- Who holds a pick timer's claim: the PostgreSQL backend pid of the claiming instance's presence
-- connection, and the deadline the claim set. Another instance may take the claim over at once
-- when that backend is gone from pg_stat_activity (the instance died) instead of waiting for the
-- claim to lapse. Expand only: both columns are nullable and the previous release ignores them.
ALTER TABLE "pod" ADD COLUMN "claimed_by" INTEGER;
ALTER TABLE "pod" ADD COLUMN "claimed_until" TIMESTAMPTZ(3);

-- The sweep for drafts left drafting with every pod complete reads only drafting events.
CREATE INDEX "event_drafting_idx" ON "event" ("id") WHERE "state" = 'drafting';
