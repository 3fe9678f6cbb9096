-- CreateTable
CREATE TABLE "deck" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "hero" TEXT,
    "main" JSONB NOT NULL,
    "sideboard" JSONB NOT NULL,
    "legal" BOOLEAN NOT NULL,
    "violations" JSONB NOT NULL,
    "submitted_by" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "deck_player_id_key" ON "deck"("player_id");

-- CreateIndex
CREATE INDEX "deck_event_id_idx" ON "deck"("event_id");

-- AddForeignKey
ALTER TABLE "deck" ADD CONSTRAINT "deck_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "event_player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

