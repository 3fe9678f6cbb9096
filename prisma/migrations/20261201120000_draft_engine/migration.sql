-- Draft engine: the pod as an aggregate with a change counter, timers as rows, one statement per pick.

-- seq: every change of a pod (picks, pause, resume, absent, preselect) advances it under the pod row
-- lock; an instance that knows seq k reads only what came after. next_deadline: the earliest pick
-- timer of the pod (null: none running), found by any instance's poller. completed_at: the pod's
-- last pick, so the pick that finishes the last pod can see (under the event row lock) that every
-- other pod is complete.
ALTER TABLE "pod" ADD COLUMN "seq" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "next_deadline" TIMESTAMPTZ(3),
  ADD COLUMN "completed_at" TIMESTAMPTZ(3);
ALTER TABLE "pick" ADD COLUMN "seq" INTEGER NOT NULL DEFAULT 0;
-- The seat that opened the pick's pack: the exactly-once keys below lead with the pod, so a pod's
-- picks land on its own index pages (keys led by a random pack id touched a new page per pack).
ALTER TABLE "pick" ADD COLUMN "opener" INTEGER;
UPDATE "pick" k SET "opener" = p.seat FROM "pack" p WHERE p.id = k.pack_id;
ALTER TABLE "pick" ALTER COLUMN "opener" SET NOT NULL;

-- Picks made before this migration: one seq each, in the order they were made.
UPDATE "pick" p SET "seq" = o.n
  FROM (SELECT id, row_number() OVER (PARTITION BY pod_id ORDER BY made_at, pack_number, pick_number, seat) AS n FROM "pick") o
  WHERE o.id = p.id;
UPDATE "pod" SET "seq" = COALESCE((SELECT max("seq") FROM "pick" WHERE "pick".pod_id = "pod".id), 0);
UPDATE "pod" SET "completed_at" = (SELECT max(made_at) FROM "pick" WHERE "pick".pod_id = "pod".id)
  WHERE EXISTS (SELECT 1 FROM "pick" WHERE "pick".pod_id = "pod".id)
    AND (SELECT count(*) FROM "pick" WHERE "pick".pod_id = "pod".id)
      = (SELECT count(*) FROM "pack_card" pc JOIN "pack" pk ON pk.id = pc.pack_id WHERE pk.pod_id = "pod".id);
-- Drafts running during the upgrade: due now, so the first poll computes their real deadlines.
UPDATE "pod" SET "next_deadline" = now()
  WHERE "completed_at" IS NULL AND "paused_at" IS NULL
    AND "event_id" IN (SELECT id FROM "event" WHERE state = 'drafting' AND pick_time_seconds > 0);

CREATE INDEX "pod_next_deadline_idx" ON "pod"("next_deadline");

-- A pick is its key (pod, pack number, seat, pick number): the random uuid id was a sixth index
-- entry per pick, on a random page each time (a full-page image in the WAL after every checkpoint).
ALTER TABLE "pick" DROP CONSTRAINT "pick_pkey";
ALTER TABLE "pick" DROP COLUMN "id";
DROP INDEX "pick_pod_id_pack_number_seat_pick_number_key";
ALTER TABLE "pick" ADD CONSTRAINT "pick_pkey" PRIMARY KEY ("pod_id", "pack_number", "seat", "pick_number");
-- A card position of a pack is taken once, and a pack gives each pick number once.
DROP INDEX "pick_pack_id_position_key";
DROP INDEX "pick_pack_id_pick_number_key";
CREATE UNIQUE INDEX "pick_pod_id_pack_number_opener_position_key" ON "pick"("pod_id", "pack_number", "opener", "position");
CREATE UNIQUE INDEX "pick_pod_id_pack_number_opener_pick_number_key" ON "pick"("pod_id", "pack_number", "opener", "pick_number");

-- The pick statement: one round trip commits a batch of picks of one pod (a player's pick, the
-- timeout picks and the bot picks they set off) after checking, under the pod row lock, that the
-- caller's view of the pod is current (seq), the event is drafting and every player's token is
-- still theirs. It stores the pod's next deadline, marks the pod complete with its last pick and,
-- when that was the last open pod, moves the event on (under the event row lock: two pods finishing
-- at once cannot both miss each other), and notifies every instance. Status: ok | stale (seq is
-- the current one) | state (event_state says which) | auth | paused | no-pod.
CREATE FUNCTION podium_commit_picks(
  p_pod uuid, p_event uuid, p_seq integer,
  p_players uuid[], p_token_hashes text[],
  p_pack_numbers integer[], p_pick_numbers integer[], p_seats integer[], p_pack_ids uuid[],
  p_openers integer[], p_positions integer[], p_card_ids text[], p_sources text[],
  p_made_at timestamptz, p_next_deadline timestamptz, p_pod_complete boolean, p_finish_state text
) RETURNS TABLE (status text, seq integer, event_state text)
LANGUAGE plpgsql AS $$
DECLARE
  v_seq integer;
  v_paused timestamptz;
  v_state text;
  v_new integer;
BEGIN
  SELECT pod.seq, pod.paused_at INTO v_seq, v_paused FROM pod WHERE pod.id = p_pod FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-pod'::text, 0, NULL::text;
    RETURN;
  END IF;
  IF v_seq <> p_seq THEN
    RETURN QUERY SELECT 'stale'::text, v_seq, NULL::text;
    RETURN;
  END IF;
  SELECT event.state INTO v_state FROM event WHERE event.id = p_event;
  IF v_state IS DISTINCT FROM 'drafting' THEN
    RETURN QUERY SELECT 'state'::text, v_seq, v_state;
    RETURN;
  END IF;
  IF cardinality(p_players) > 0 AND (
    SELECT count(*) FROM event_player ep JOIN unnest(p_players, p_token_hashes) AS a(id, h) ON ep.id = a.id AND ep.token_hash = a.h
  ) <> cardinality(p_players) THEN
    RETURN QUERY SELECT 'auth'::text, v_seq, v_state;
    RETURN;
  END IF;
  IF cardinality(p_seats) = 0 THEN
    UPDATE pod SET next_deadline = p_next_deadline WHERE pod.id = p_pod;
    RETURN QUERY SELECT 'ok'::text, v_seq, v_state;
    RETURN;
  END IF;
  IF v_paused IS NOT NULL THEN
    RETURN QUERY SELECT 'paused'::text, v_seq, v_state;
    RETURN;
  END IF;
  v_new := v_seq + 1;
  INSERT INTO pick (pod_id, pack_number, pick_number, seat, pack_id, opener, position, card_id, source, made_at, seq)
    SELECT p_pod, a.pn, a.pk, a.s, a.pid, a.o, a.pos, a.c, a.src, p_made_at, v_new
    FROM unnest(p_pack_numbers, p_pick_numbers, p_seats, p_pack_ids, p_openers, p_positions, p_card_ids, p_sources) AS a(pn, pk, s, pid, o, pos, c, src);
  UPDATE pod SET seq = v_new, next_deadline = p_next_deadline,
    completed_at = CASE WHEN p_pod_complete THEN p_made_at ELSE pod.completed_at END
    WHERE pod.id = p_pod;
  IF p_pod_complete THEN
    -- Each statement of this function sees what committed before it: once this lock is ours, a pod
    -- that finished in another transaction is seen as complete.
    PERFORM 1 FROM event WHERE event.id = p_event FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM pod WHERE pod.event_id = p_event AND pod.completed_at IS NULL) THEN
      UPDATE event SET state = p_finish_state, updated_at = p_made_at WHERE event.id = p_event AND event.state = 'drafting';
      IF FOUND THEN v_state := p_finish_state; END IF;
    END IF;
  END IF;
  RETURN QUERY SELECT 'ok'::text, v_new, v_state;
END
$$;
