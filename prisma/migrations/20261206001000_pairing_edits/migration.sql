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
