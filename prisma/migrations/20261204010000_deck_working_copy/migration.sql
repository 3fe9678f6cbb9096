-- A player's working copy: an illegal submission kept beside their registered legal deck, which
-- stays in "deck". Expand-only: a new table; the previous release neither reads nor writes it.
CREATE TABLE "deck_working_copy" (
    "player_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "hero" TEXT,
    "main" JSONB NOT NULL,
    "sideboard" JSONB NOT NULL,
    "violations" JSONB NOT NULL,
    "submitted_by" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deck_working_copy_pkey" PRIMARY KEY ("player_id")
);

-- CreateIndex
CREATE INDEX "deck_working_copy_event_id_idx" ON "deck_working_copy"("event_id");

-- AddForeignKey
ALTER TABLE "deck_working_copy" ADD CONSTRAINT "deck_working_copy_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "event_player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
