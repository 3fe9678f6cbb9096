-- AlterTable
ALTER TABLE "event_player" ADD COLUMN     "dropped_after_round" INTEGER;

-- CreateTable
CREATE TABLE "round" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "minutes" INTEGER NOT NULL,

    CONSTRAINT "round_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match" (
    "id" UUID NOT NULL,
    "round_id" UUID NOT NULL,
    "table" INTEGER NOT NULL,
    "player_a_id" UUID NOT NULL,
    "player_b_id" UUID,
    "rematch" BOOLEAN NOT NULL DEFAULT false,
    "wins_a" INTEGER,
    "wins_b" INTEGER,
    "draws" INTEGER,
    "report_a" JSONB,
    "report_b" JSONB,
    "disputed" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "result_change" (
    "id" UUID NOT NULL,
    "match_id" UUID NOT NULL,
    "wins_a" INTEGER NOT NULL,
    "wins_b" INTEGER NOT NULL,
    "draws" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "result_change_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "round_event_id_number_key" ON "round"("event_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "match_round_id_table_key" ON "match"("round_id", "table");

-- CreateIndex
CREATE INDEX "result_change_match_id_idx" ON "result_change"("match_id");

-- AddForeignKey
ALTER TABLE "round" ADD CONSTRAINT "round_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match" ADD CONSTRAINT "match_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "result_change" ADD CONSTRAINT "result_change_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

