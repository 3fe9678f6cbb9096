-- League standings kept current (issue 31). The standings route computed every event of a league
-- from its rounds at each request (about a second for a national season). Now each league event's
-- results are computed once and kept here until something that moves them changes; the route
-- combines the kept results of the league's events, and its version (the ETag) is a hash of the
-- league's scoring and of the computation token of each of its events.
--
-- Staleness is recorded by triggers in the same transaction as the change, whatever wrote it (any
-- code path, any instance, an older release during a rolling upgrade, an archive import): a row
-- in league_event_stale for each league event whose matches, rounds, entries, teams or event row
-- changed. The route recomputes exactly those events, and deletes the marks it consumed in the
-- transaction that stores their new results. A whole-database restore copies these tables with
-- the rest, from the same snapshot.
--
-- UNLOGGED, the three of them: the rows are derived, and after a crash PostgreSQL empties every
-- unlogged table together, which leaves every event without results — computed again at the next
-- request, never stale. A standby promoted by a failover starts with them empty, too.

-- Each league event's result per credited entry (a team event credits each member with the team's
-- result). omwp is the event's OMW% as a double, 0–1, omwp_exact the same exactly ("num/den": the
-- league orders equal means exactly); place is the final placing (top cut first, then the Swiss ranks).
CREATE UNLOGGED TABLE "league_event_result" (
    "event_id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "profile_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "place" INTEGER NOT NULL,
    "match_points" INTEGER NOT NULL,
    "omwp" DOUBLE PRECISION NOT NULL,
    "omwp_exact" TEXT NOT NULL,
    "record" TEXT NOT NULL,
    CONSTRAINT "league_event_result_pkey" PRIMARY KEY ("event_id", "player_id")
);
-- A player's history in a league reads their rows of the league's events.
CREATE INDEX "league_event_result_profile_id_idx" ON "league_event_result"("profile_id");

-- One row per event whose results are in league_event_result: `token` is new at every
-- computation (never reused, also across a restore), `format` the code's version of the
-- computation (a release that computes differently recomputes every event).
CREATE UNLOGGED TABLE "league_event_result_head" (
    "event_id" UUID NOT NULL,
    "token" UUID NOT NULL,
    "format" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "league_event_result_head_pkey" PRIMARY KEY ("event_id")
);

-- Marks: "this league event's results may have moved". Insert-only for the writers (no row
-- another writer could be waiting on: result entry never queues behind anything here), deleted by
-- the computation that consumed them. Several marks of one event are one.
CREATE UNLOGGED TABLE "league_event_stale" (
    "id" BIGSERIAL NOT NULL,
    "event_id" UUID NOT NULL,
    "marked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "league_event_stale_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "league_event_stale_event_id_idx" ON "league_event_stale"("event_id");

-- The triggers ask "is this event in a league?" by event.
CREATE INDEX "league_event_event_id_idx" ON "league_event"("event_id");

-- Marks the events among `events` that are in a league. Only league events are marked (others
-- would pile up marks nobody consumes); an event added to a league is marked when it is added.
-- That leaves one race: a change committed while the event is being added, by a transaction that
-- did not yet see it in a league. Hence the lock: every writer holds it shared until it commits,
-- adding an event to a league takes it exclusively (podium_league_event_added) — so either the
-- writer sees the league entry and marks the event, or the entry is added (and the event marked)
-- after the writer committed. One key for the whole database: a per-event key would take one lock
-- slot per event of a bulk statement; adding an event to a league is rare and waits only for the
-- writers in flight.
CREATE FUNCTION podium_league_results_touched(events UUID[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('podium:league-results'));
  INSERT INTO league_event_stale (event_id)
    SELECT DISTINCT e FROM unnest(events) AS e
     WHERE EXISTS (SELECT 1 FROM league_event le WHERE le.event_id = e);
END
$$;

-- Rows inserted or deleted: one call per statement (a pairing inserts a round's matches at once;
-- a bulk load is one call, not one per row).
CREATE FUNCTION podium_league_results_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  events UUID[];
BEGIN
  IF TG_TABLE_NAME = 'match' THEN
    SELECT array_agg(DISTINCT r.event_id) INTO events FROM changed_rows m JOIN round r ON r.id = m.round_id;
  ELSE
    SELECT array_agg(DISTINCT c.event_id) INTO events FROM changed_rows c;
  END IF;
  IF events IS NOT NULL THEN
    PERFORM podium_league_results_touched(events);
  END IF;
  RETURN NULL;
END
$$;

-- A row updated in a column the results read (each trigger below lists them, and fires only when
-- one of them really changed: a heartbeat or a round's clock moves no result).
CREATE FUNCTION podium_league_results_row_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  events UUID[];
BEGIN
  IF TG_TABLE_NAME = 'match' THEN
    SELECT array_agg(DISTINCT r.event_id) INTO events FROM round r WHERE r.id IN (OLD.round_id, NEW.round_id);
  ELSIF TG_TABLE_NAME = 'event' THEN
    events := ARRAY[NEW.id];
  ELSE
    events := ARRAY[OLD.event_id, NEW.event_id];
  END IF;
  IF events IS NOT NULL THEN
    PERFORM podium_league_results_touched(events);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER league_results_match_inserted AFTER INSERT ON "match"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_match_deleted AFTER DELETE ON "match"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_match_updated AFTER UPDATE OF "round_id", "player_a_id", "player_b_id", "slot", "wins_a", "wins_b", "draws" ON "match"
  FOR EACH ROW
  WHEN ((OLD."round_id", OLD."player_a_id", OLD."player_b_id", OLD."slot", OLD."wins_a", OLD."wins_b", OLD."draws")
        IS DISTINCT FROM (NEW."round_id", NEW."player_a_id", NEW."player_b_id", NEW."slot", NEW."wins_a", NEW."wins_b", NEW."draws"))
  EXECUTE FUNCTION podium_league_results_row_updated();

CREATE TRIGGER league_results_round_inserted AFTER INSERT ON "round"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_round_deleted AFTER DELETE ON "round"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_round_updated AFTER UPDATE OF "event_id", "number", "kind", "bracket" ON "round"
  FOR EACH ROW
  WHEN ((OLD."event_id", OLD."number", OLD."kind", OLD."bracket") IS DISTINCT FROM (NEW."event_id", NEW."number", NEW."kind", NEW."bracket"))
  EXECUTE FUNCTION podium_league_results_row_updated();

CREATE TRIGGER league_results_player_inserted AFTER INSERT ON "event_player"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_player_deleted AFTER DELETE ON "event_player"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_player_updated
  AFTER UPDATE OF "event_id", "profile_id", "name", "number", "status", "dropped_after_round", "first_round", "team_id" ON "event_player"
  FOR EACH ROW
  WHEN ((OLD."event_id", OLD."profile_id", OLD."name", OLD."number", OLD."status", OLD."dropped_after_round", OLD."first_round", OLD."team_id")
        IS DISTINCT FROM (NEW."event_id", NEW."profile_id", NEW."name", NEW."number", NEW."status", NEW."dropped_after_round", NEW."first_round", NEW."team_id"))
  EXECUTE FUNCTION podium_league_results_row_updated();

CREATE TRIGGER league_results_team_inserted AFTER INSERT ON "team"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_team_deleted AFTER DELETE ON "team"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_rows_changed();
CREATE TRIGGER league_results_team_updated AFTER UPDATE OF "event_id", "name", "number", "dropped_after_round" ON "team"
  FOR EACH ROW
  WHEN ((OLD."event_id", OLD."name", OLD."number", OLD."dropped_after_round") IS DISTINCT FROM (NEW."event_id", NEW."name", NEW."number", NEW."dropped_after_round"))
  EXECUTE FUNCTION podium_league_results_row_updated();

-- The event row: a cancelled event counts in no league; created_at orders the season (the name a
-- profile used last); team_size says whose results (teams or players) the event has.
CREATE TRIGGER league_results_event_updated AFTER UPDATE OF "state", "created_at", "team_size" ON "event"
  FOR EACH ROW
  WHEN ((OLD."state", OLD."created_at", OLD."team_size") IS DISTINCT FROM (NEW."state", NEW."created_at", NEW."team_size"))
  EXECUTE FUNCTION podium_league_results_row_updated();

-- A deleted event takes its kept results along (an archive import with replace deletes the event
-- and inserts it again: it is then marked by its rows' inserts).
CREATE FUNCTION podium_league_results_event_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM league_event_result r USING changed_rows d WHERE r.event_id = d.id;
  DELETE FROM league_event_result_head h USING changed_rows d WHERE h.event_id = d.id;
  DELETE FROM league_event_stale s USING changed_rows d WHERE s.event_id = d.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER league_results_event_deleted AFTER DELETE ON "event"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_results_event_deleted();

-- An event added to a league: marked, since its rows changed unmarked while it was in none (see
-- podium_league_results_touched for the lock). Removing one needs no mark: the league's version
-- hashes its set of events.
CREATE FUNCTION podium_league_event_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('podium:league-results'));
  INSERT INTO league_event_stale (event_id) SELECT DISTINCT a.event_id FROM changed_rows a;
  RETURN NULL;
END
$$;
CREATE TRIGGER league_results_league_event_added AFTER INSERT ON "league_event"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION podium_league_event_added();
