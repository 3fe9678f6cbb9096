-- The audit trail (issue "Staff accounts, stores and an audit trail"): every change of an event's
-- state, registration, seats, pairings, results, penalties, decks registered by staff and league
-- entries, with who made it. Written in the transaction of the change it records. Only the event is
-- a foreign key (its deletion takes its history along, and the event archive carries the rows);
-- the match, league, store and actor ids are kept as they were when the entry was written: a match
-- of an undone round is gone, its history is not.
CREATE TABLE "audit_entry" (
    "id" UUID NOT NULL,
    "store_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "league_id" UUID,
    "match_id" UUID,
    "actor_kind" TEXT NOT NULL,
    "actor_account_id" UUID,
    "actor_player_id" UUID,
    "actor_name" TEXT NOT NULL,
    "actor_role" TEXT,
    "action" TEXT NOT NULL,
    "subject" JSONB NOT NULL DEFAULT '{}',
    "before" JSONB,
    "after" JSONB,
    "reason" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL,
    -- The order of writing: entries of one transaction share their instant (and a fixed clock all of them).
    "seq" BIGSERIAL NOT NULL,
    CONSTRAINT "audit_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "audit_entry_actor_kind_check" CHECK ("actor_kind" IN ('staff', 'player', 'system')),
    CONSTRAINT "audit_entry_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "audit_entry_event_id_at_seq_idx" ON "audit_entry"("event_id", "at", "seq");

-- A result's history names the staff member who entered or corrected it (it said only "organizer").
ALTER TABLE "result_change" ADD COLUMN "actor_name" TEXT, ADD COLUMN "actor_role" TEXT, ADD COLUMN "reason" TEXT;
