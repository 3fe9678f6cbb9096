-- CreateTable
CREATE TABLE "league" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "season_start" DATE NOT NULL,
    "season_end" DATE NOT NULL,
    "scoring" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "league_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "league_event" (
    "league_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,

    CONSTRAINT "league_event_pkey" PRIMARY KEY ("league_id","event_id")
);

-- AddForeignKey
ALTER TABLE "league_event" ADD CONSTRAINT "league_event_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "league"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "league_event" ADD CONSTRAINT "league_event_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE;

