-- Late entry after round 1 (src/tournament/rules/late-entry.ts): the first Swiss round a player
-- is paired in. Null = from round 1 (everyone registered before round 1 was paired); k > 1 = they
-- entered after round k - 1 was paired and have a match loss for each of rounds 1..k-1 (1: the
-- organizer's late entry after round 1, whose round 1 was undone since).
-- Expand only: a nullable column the previous release never reads.
ALTER TABLE "event_player" ADD COLUMN "first_round" INTEGER;
ALTER TABLE "event_player" ADD CONSTRAINT "event_player_first_round_check" CHECK ("first_round" IS NULL OR "first_round" >= 1);
