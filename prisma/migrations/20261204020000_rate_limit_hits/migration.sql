-- Per-client counters of the limits that must hold across instances (event creation per
-- organizer token, wrong join codes per client address): one row per counted client, updated by
-- one upsert per counted request, deleted once its window and its block have passed.
-- UNLOGGED: a minute's counters are worth nothing after a crash or a failover (they start again
-- from zero), and a counted request's commit then waits for no WAL flush.
CREATE UNLOGGED TABLE "rate_limit_hit" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "window_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_hit_pkey" PRIMARY KEY ("key")
);

-- The sweep deletes rows whose expires_at has passed: a range of this index, not a scan.
CREATE INDEX "rate_limit_hit_expires_at_idx" ON "rate_limit_hit"("expires_at");
