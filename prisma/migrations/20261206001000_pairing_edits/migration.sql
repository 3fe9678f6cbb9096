-- Pairing edits (docs/rules.md "Pairing corrections"): a player's fixed table, and the record of
-- every organizer's swap or re-pair of a round (who, when, the pairings before and after).
-- Expand only: a nullable column and a new table the previous release never reads.
ALTER TABLE "event_player" ADD COLUMN "fixed_table" INTEGER;

CREATE TABLE "pairing_edit" (
  "id" UUID NOT NULL,
  "round_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "source" TEXT NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL,
  "before" JSONB NOT NULL,
  "after" JSONB NOT NULL,
  CONSTRAINT "pairing_edit_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "pairing_edit_kind_check" CHECK ("kind" IN ('swap', 'repair')),
  CONSTRAINT "pairing_edit_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "round"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "pairing_edit_round_id_idx" ON "pairing_edit" ("round_id");

-- The organizer's seat swaps before picking (docs/rules.md "Seat swaps"), in order: the verifier
-- seats the pods from the seed, then applies these to find the seats as played.
CREATE TABLE "seat_swap" (
  "id" UUID NOT NULL,
  "event_id" UUID NOT NULL,
  "player_a_id" UUID NOT NULL,
  "player_b_id" UUID NOT NULL,
  "at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "seat_swap_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "seat_swap_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "seat_swap_player_a_id_fkey" FOREIGN KEY ("player_a_id") REFERENCES "event_player"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "seat_swap_player_b_id_fkey" FOREIGN KEY ("player_b_id") REFERENCES "event_player"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "seat_swap_event_id_idx" ON "seat_swap" ("event_id");
