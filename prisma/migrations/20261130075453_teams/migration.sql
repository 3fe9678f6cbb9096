-- AlterTable
ALTER TABLE "event" ADD COLUMN     "pooled_team_sealed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "team_size" INTEGER;

-- AlterTable
ALTER TABLE "event_player" ADD COLUMN     "pool_share" JSONB,
ADD COLUMN     "team_id" UUID;

-- CreateTable
CREATE TABLE "team" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "dropped_after_round" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "team_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "team_event_id_number_key" ON "team"("event_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "team_event_id_name_key_key" ON "team"("event_id", "name_key");

-- CreateIndex
CREATE INDEX "event_player_team_id_idx" ON "event_player"("team_id");

-- AddForeignKey
ALTER TABLE "event_player" ADD CONSTRAINT "event_player_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "team"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team" ADD CONSTRAINT "team_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

