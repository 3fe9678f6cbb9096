-- CreateTable
CREATE TABLE "card_set" (
    "id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "code_key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "current_version_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "card_set_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "set_version" (
    "id" UUID NOT NULL,
    "set_id" UUID NOT NULL,
    "data_version" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "booster_layout" JSONB NOT NULL,
    "card_count" INTEGER NOT NULL,
    "source_format" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "set_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "card" (
    "id" UUID NOT NULL,
    "version_id" UUID NOT NULL,
    "card_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "rarity" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "attributes" JSONB NOT NULL,
    "printings" JSONB NOT NULL,

    CONSTRAINT "card_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_set_current_version_id_key" ON "card_set"("current_version_id");

-- CreateIndex
CREATE UNIQUE INDEX "card_set_game_code_key_key" ON "card_set"("game", "code_key");

-- CreateIndex
CREATE UNIQUE INDEX "set_version_set_id_data_version_key" ON "set_version"("set_id", "data_version");

-- CreateIndex
CREATE INDEX "card_version_id_number_idx" ON "card"("version_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "card_version_id_card_id_key" ON "card"("version_id", "card_id");

-- AddForeignKey
ALTER TABLE "card_set" ADD CONSTRAINT "card_set_current_version_id_fkey" FOREIGN KEY ("current_version_id") REFERENCES "set_version"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "set_version" ADD CONSTRAINT "set_version_set_id_fkey" FOREIGN KEY ("set_id") REFERENCES "card_set"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card" ADD CONSTRAINT "card_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "set_version"("id") ON DELETE CASCADE ON UPDATE CASCADE;

