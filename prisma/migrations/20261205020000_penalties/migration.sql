-- Penalties on a match (src/tournament/rules/penalties.ts): a warning, a game loss or a match loss
-- given to one side of a match (a player, or a team in a team event: the match's competitor id),
-- with the organizer's reason. Expand only: a new table the previous release never reads.
CREATE TABLE "penalty" (
  "id" UUID NOT NULL,
  "event_id" UUID NOT NULL,
  "match_id" UUID NOT NULL,
  "player_id" UUID NOT NULL,
  "kind" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "given_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "penalty_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "penalty_kind_check" CHECK ("kind" IN ('warning', 'gameLoss', 'matchLoss')),
  CONSTRAINT "penalty_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "penalty_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "match"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "penalty_event_id_idx" ON "penalty" ("event_id");
CREATE INDEX "penalty_match_id_idx" ON "penalty" ("match_id");
