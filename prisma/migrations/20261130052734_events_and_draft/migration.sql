-- CreateTable
CREATE TABLE "player_profile" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "member_number" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "player_profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "packs" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "seed_commitment" TEXT NOT NULL,
    "seed_revealed_at" TIMESTAMPTZ(3),
    "pick_time_seconds" INTEGER NOT NULL,
    "fill_with_bots" BOOLEAN NOT NULL,
    "keep_hero_slot" BOOLEAN NOT NULL,
    "join_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_player" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "profile_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "absent" BOOLEAN NOT NULL DEFAULT false,
    "late_entry" BOOLEAN NOT NULL DEFAULT false,
    "registered_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pod" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "seat_count" INTEGER NOT NULL,
    "paused_at" TIMESTAMPTZ(3),
    "resumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seat" (
    "pod_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "player_id" UUID,

    CONSTRAINT "seat_pkey" PRIMARY KEY ("pod_id","seat")
);

-- CreateTable
CREATE TABLE "pack" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "pod_id" UUID,
    "seat" INTEGER,
    "player_id" UUID,
    "pack_number" INTEGER NOT NULL,
    "set_code" TEXT NOT NULL,
    "version_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,

    CONSTRAINT "pack_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pack_card" (
    "pack_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "card_id" TEXT NOT NULL,

    CONSTRAINT "pack_card_pkey" PRIMARY KEY ("pack_id","position")
);

-- CreateTable
CREATE TABLE "pick" (
    "id" UUID NOT NULL,
    "pod_id" UUID NOT NULL,
    "pack_number" INTEGER NOT NULL,
    "pick_number" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "pack_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "card_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "made_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pick_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "preselect" (
    "pod_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "pack_number" INTEGER NOT NULL,
    "pick_number" INTEGER NOT NULL,
    "card_id" TEXT NOT NULL,

    CONSTRAINT "preselect_pkey" PRIMARY KEY ("pod_id","seat","pack_number","pick_number")
);

-- CreateIndex
CREATE UNIQUE INDEX "player_profile_member_number_key" ON "player_profile"("member_number");

-- CreateIndex
CREATE UNIQUE INDEX "event_player_token_hash_key" ON "event_player"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "event_player_event_id_number_key" ON "event_player"("event_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "event_player_event_id_profile_id_key" ON "event_player"("event_id", "profile_id");

-- CreateIndex
CREATE UNIQUE INDEX "pod_event_id_number_key" ON "pod"("event_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "seat_player_id_key" ON "seat"("player_id");

-- CreateIndex
CREATE UNIQUE INDEX "pack_event_id_purpose_key" ON "pack"("event_id", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "pack_pod_id_pack_number_seat_key" ON "pack"("pod_id", "pack_number", "seat");

-- CreateIndex
CREATE UNIQUE INDEX "pick_pod_id_pack_number_seat_pick_number_key" ON "pick"("pod_id", "pack_number", "seat", "pick_number");

-- CreateIndex
CREATE UNIQUE INDEX "pick_pack_id_position_key" ON "pick"("pack_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "pick_pack_id_pick_number_key" ON "pick"("pack_id", "pick_number");

-- AddForeignKey
ALTER TABLE "event_player" ADD CONSTRAINT "event_player_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_player" ADD CONSTRAINT "event_player_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "player_profile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pod" ADD CONSTRAINT "pod_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat" ADD CONSTRAINT "seat_pod_id_fkey" FOREIGN KEY ("pod_id") REFERENCES "pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seat" ADD CONSTRAINT "seat_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "event_player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack" ADD CONSTRAINT "pack_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack" ADD CONSTRAINT "pack_pod_id_fkey" FOREIGN KEY ("pod_id") REFERENCES "pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack" ADD CONSTRAINT "pack_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "event_player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pack_card" ADD CONSTRAINT "pack_card_pack_id_fkey" FOREIGN KEY ("pack_id") REFERENCES "pack"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pick" ADD CONSTRAINT "pick_pod_id_fkey" FOREIGN KEY ("pod_id") REFERENCES "pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pick" ADD CONSTRAINT "pick_pack_id_fkey" FOREIGN KEY ("pack_id") REFERENCES "pack"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "preselect" ADD CONSTRAINT "preselect_pod_id_fkey" FOREIGN KEY ("pod_id") REFERENCES "pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

