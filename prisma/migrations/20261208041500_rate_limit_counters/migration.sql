-- Per-client counters of every limit shared by the instances (registrations, the heavy public
-- routes, event creation, wrong join codes, failed sign-ins), kept by rate-limiter-flexible's
-- RateLimiterPostgres: one row per rule and client, "points" counted in the window that ends at
-- "expire" (epoch milliseconds; a block moves it). The library's own layout (key, points, expire),
-- made here rather than by the library at run time. TEXT keys: the library's varchar(255) would
-- turn a long username into an error.
-- UNLOGGED, as rate_limit_hit: a window's counters are worth nothing after a crash or a failover.
-- rate_limit_hit stays for the release before this one, which still counts in it while both run
-- during a rolling upgrade; a later release drops it.
CREATE UNLOGGED TABLE "rate_limit_counter" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limit_counter_pkey" PRIMARY KEY ("key")
);

-- Each instance's sweep deletes the rows whose expire has passed: a range of this index.
CREATE INDEX "rate_limit_counter_expire_idx" ON "rate_limit_counter"("expire");
