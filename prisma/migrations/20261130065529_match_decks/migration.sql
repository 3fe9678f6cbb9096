-- CreateTable
CREATE TABLE "match_deck" (
    "match_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "main" JSONB NOT NULL,
    "sideboard" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "match_deck_pkey" PRIMARY KEY ("match_id","player_id")
);

-- AddForeignKey
ALTER TABLE "match_deck" ADD CONSTRAINT "match_deck_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

