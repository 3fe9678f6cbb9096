-- Registration: capacity, waitlist, check-in and imported players' claim codes. Expand only: the
-- new columns are nullable or have a default, so the previous release keeps working (it sees every
-- entry as registered and knows no capacity).
ALTER TABLE "event" ADD COLUMN "capacity" INTEGER;

ALTER TABLE "event_player" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'registered';
ALTER TABLE "event_player" ADD COLUMN "checked_in_at" TIMESTAMPTZ(3);
ALTER TABLE "event_player" ADD COLUMN "claim_code" TEXT;
ALTER TABLE "event_player" ADD COLUMN "claimed_at" TIMESTAMPTZ(3);

-- A claim code names one entry of its event (NULLs, the self-registered players, never clash).
CREATE UNIQUE INDEX "event_player_event_id_claim_code_key" ON "event_player" ("event_id", "claim_code");
