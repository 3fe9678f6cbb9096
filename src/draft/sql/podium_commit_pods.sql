-- podium_commit_pods: the group commit of the draft's pick path, as the database runs it today.
-- Defined by the migration prisma/migrations/20261203050000_commit_pods/migration.sql; kept here,
-- readable beside its caller (src/draft/pod.repository.ts), and checked against the database by
-- test/medium/commit-pods-definition.medium-spec.ts: change it only with a new migration that
-- replaces the function, then copy its definition here.
--
-- One statement (one transaction, one WAL flush) commits the queued picks of several pods. Per pod
-- i (1-based, the order of p_pods): p_events[i], p_seqs[i] (the seq the caller's state was built
-- from), p_made_at[i], p_next_deadlines[i], p_completes[i]. Tokens and picks name their pod by
-- that index (p_auth_pods, p_pick_pods). One row per pod comes back, in p_pods order: status
-- 'ok' | 'stale' | 'state' | 'auth' | 'paused' | 'no-pod', the pod's seq after the statement, and
-- its event's state (the finished state when this statement finished the draft).
--
-- Which side owns which check (docs/architecture.md, "The life of a pick"):
-- - TypeScript alone (PodDraft, from the pod's state in memory): the card is in the pack the seat
--   holds now, the pack has arrived, the pick number, the seat is the caller's, bots' and
--   timeouts' choices. Nothing else can change these between the check and the commit: every
--   change of a pod's picks goes through this statement, which refuses a stale seq.
-- - This function alone: the seq (another instance or request committed first: 'stale'), the
--   event still drafting ('state': an organizer finished or cancelled it), the player tokens still
--   the seats' ('auth': a token was replaced or the player dropped), the pod not paused ('paused'),
--   and whether the whole draft is finished (the other pods' completion is only known here).
--   TypeScript checks state and pause too, on its cached copy, to answer at once without a round
--   trip; the function's answer is the one that counts, since only it sees what committed last.
-- Deadlock-free between concurrent calls: every pod row is locked first, in id order, and event
-- rows (a pod that completes its draft) only after all pod rows, in id order too.
CREATE FUNCTION podium_commit_pods(
  p_pods uuid[], p_events uuid[], p_seqs integer[], p_made_at timestamptz[], p_next_deadlines timestamptz[], p_completes boolean[],
  p_auth_pods integer[], p_players uuid[], p_token_hashes text[],
  p_pick_pods integer[], p_pack_numbers integer[], p_pick_numbers integer[], p_seats integer[], p_pack_ids uuid[],
  p_openers integer[], p_positions integer[], p_card_ids text[], p_sources text[],
  p_finish_state text
) RETURNS TABLE (pod_id uuid, status text, seq integer, event_state text)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := cardinality(p_pods);
  v_status text[] := array_fill(NULL::text, ARRAY[n]);
  v_seq integer[] := array_fill(0, ARRAY[n]);
  v_state text[] := array_fill(NULL::text, ARRAY[n]);
  v_finishing uuid[] := '{}';
  v_event uuid;
  r record;
  i integer;
BEGIN
  -- Lock order: pods by id.
  PERFORM 1 FROM pod WHERE pod.id = ANY(p_pods) ORDER BY pod.id FOR UPDATE;
  FOR r IN
    SELECT u.ord::integer AS i, pod.seq AS cur, pod.paused_at, event.state AS ev_state
      FROM unnest(p_pods) WITH ORDINALITY AS u(id, ord)
      JOIN pod ON pod.id = u.id
      LEFT JOIN event ON event.id = p_events[u.ord]
  LOOP
    i := r.i;
    v_seq[i] := r.cur;
    v_state[i] := r.ev_state;
    IF r.cur <> p_seqs[i] THEN
      v_status[i] := 'stale';
    ELSIF r.ev_state IS DISTINCT FROM 'drafting' THEN
      v_status[i] := 'state';
    ELSIF (SELECT count(*) FROM unnest(p_auth_pods, p_players, p_token_hashes) AS a(k, id, h) WHERE a.k = i)
       <> (SELECT count(*) FROM unnest(p_auth_pods, p_players, p_token_hashes) AS a(k, id, h) JOIN event_player ep ON ep.id = a.id AND ep.token_hash = a.h WHERE a.k = i) THEN
      v_status[i] := 'auth';
    ELSIF NOT (i = ANY(p_pick_pods)) THEN
      UPDATE pod SET next_deadline = p_next_deadlines[i] WHERE pod.id = p_pods[i];
      v_status[i] := 'ok';
    ELSIF r.paused_at IS NOT NULL THEN
      v_status[i] := 'paused';
    ELSE
      v_seq[i] := r.cur + 1;
      INSERT INTO pick (pod_id, pack_number, pick_number, seat, pack_id, opener, position, card_id, source, made_at, seq)
        SELECT p_pods[i], a.pn, a.pk, a.s, a.pid, a.o, a.pos, a.c, a.src, p_made_at[i], v_seq[i]
        FROM unnest(p_pick_pods, p_pack_numbers, p_pick_numbers, p_seats, p_pack_ids, p_openers, p_positions, p_card_ids, p_sources) AS a(k, pn, pk, s, pid, o, pos, c, src)
        WHERE a.k = i;
      UPDATE pod SET seq = v_seq[i], next_deadline = p_next_deadlines[i],
        completed_at = CASE WHEN p_completes[i] THEN p_made_at[i] ELSE pod.completed_at END
        WHERE pod.id = p_pods[i];
      v_status[i] := 'ok';
      IF p_completes[i] AND NOT (p_events[i] = ANY(v_finishing)) THEN
        v_finishing := v_finishing || p_events[i];
      END IF;
    END IF;
  END LOOP;
  -- Drafts this statement may have finished, events locked by id after every pod row. Each
  -- statement here sees what committed before it: once the event's lock is ours, a pod that
  -- finished in another transaction is seen as complete (so two pods finishing at once in two
  -- transactions cannot both miss the other).
  FOR v_event IN SELECT e FROM unnest(v_finishing) AS e ORDER BY e LOOP
    PERFORM 1 FROM event WHERE event.id = v_event FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM pod WHERE pod.event_id = v_event AND pod.completed_at IS NULL) THEN
      UPDATE event SET state = p_finish_state, updated_at = p_made_at[array_position(p_events, v_event)]
        WHERE event.id = v_event AND event.state = 'drafting';
      IF FOUND THEN
        FOR i IN 1..n LOOP
          IF p_events[i] = v_event THEN v_state[i] := p_finish_state; END IF;
        END LOOP;
      END IF;
    END IF;
  END LOOP;
  RETURN QUERY SELECT u.id, coalesce(v_status[u.ord], 'no-pod'), v_seq[u.ord], v_state[u.ord]
    FROM unnest(p_pods) WITH ORDINALITY AS u(id, ord) ORDER BY u.ord;
END
$$;
