-- League standings in one SQL statement over the stored matches: the yardstick the league section
-- of `npm run bench` times the standings route against (src/cli/bench-league.ts), and that
-- test/medium/league-baseline.medium-spec.ts checks against the route, so that the yardstick
-- computes what the route computes.
--
-- The same rules, written as set operations:
-- - each event's Swiss standings (src/tournament/rules/standings.ts, MTR 3.1 and Appendix C):
--   match points 3/1/0; a bye a 2-0 win (3 match points, 6 game points, 2 games) with no
--   opponent; a late entry's missed round a 0-2 loss with no opponent; MW% and GW% floored at
--   0.33 (0.33 with nothing played); OMW% / OGW% the mean over each match with an opponent (0.33
--   with none); only decided Swiss matches count; an entry dropped before round 1 leaves the
--   standings; the Swiss rank orders match points, OMW%, GW%, OGW%, then the registration number;
-- - the league's standings (src/leagues/rules/league-standings.ts): per profile, league points
--   (the event's match points, or placingPoints[place - 1] in placing mode, plus the participation
--   points), events attended, match points, mean OMW% (compared exactly); the name of the latest
--   event (by creation, then id); ranked by points, events, match points, OMW%, then profile id; a
--   cancelled event counts in no league (src/leagues/rules/league-policy.ts).
--
-- Exact as the rules are: every percentage is an integer numerator over a common denominator —
-- MW% over L = lcm(100, 3·1, 3·2, …, 3·R) for events of at most R Swiss rounds, GW% over G built
-- the same way from the most games anyone played, OMW% and OGW% over K·L and K·G with
-- K = lcm(1, …, R) (a mean of at most R opponents), and a profile's mean OMW% as a numeric
-- quotient with 20 decimals, whose rounding is the same for equal values.
--
-- Scope: events of single players whose placing is their Swiss rank — no top cut, no team events
-- (the league of the bench, and most store leagues). The route handles both besides.
--
-- $1: the league's id. One row per profile, by rank: rank, profile_id, name, points, events,
-- match_points, omwp (0–1, a double).
WITH scoring AS (
  SELECT l.scoring ->> 'mode' AS mode,
         ARRAY(SELECT p.points::int FROM jsonb_array_elements_text(coalesce(l.scoring -> 'placingPoints', '[]')) WITH ORDINALITY AS p(points, i) ORDER BY p.i) AS placing,
         coalesce((l.scoring ->> 'participationPoints')::int, 0) AS participation
    FROM league l
   WHERE l.id = $1
),
events AS (
  SELECT e.id, e.created_at
    FROM league_event le JOIN event e ON e.id = le.event_id
   WHERE le.league_id = $1 AND e.state <> 'cancelled'
),
entries AS (
  SELECT p.id, p.event_id, p.profile_id, p.name, p.number, p.dropped_after_round, greatest(coalesce(p.first_round, 1) - 1, 0) AS missed
    FROM event_player p JOIN events ev ON ev.id = p.event_id
   WHERE p.status = 'registered'
),
-- The one pass over the matches: every decided Swiss match from each of its sides (a bye, with
-- no player B, from player A's only).
sides AS (
  SELECT CASE WHEN side.a THEN m.player_a_id ELSE m.player_b_id END AS player,
         CASE WHEN side.a THEN m.player_b_id ELSE m.player_a_id END AS opponent,
         CASE WHEN side.a THEN m.wins_a ELSE m.wins_b END AS won,
         CASE WHEN side.a THEN m.wins_b ELSE m.wins_a END AS lost,
         m.draws
    FROM events ev
    JOIN round r ON r.event_id = ev.id AND r.kind = 'swiss'
    JOIN match m ON m.round_id = r.id AND m.wins_a IS NOT NULL
    CROSS JOIN (VALUES (true), (false)) AS side(a)
   WHERE side.a OR m.player_b_id IS NOT NULL
),
tallies AS (
  SELECT s.player,
         sum(CASE WHEN s.opponent IS NULL OR s.won > s.lost THEN 3 WHEN s.won = s.lost THEN 1 ELSE 0 END) AS mp,
         sum(CASE WHEN s.opponent IS NULL THEN 6 ELSE 3 * s.won + s.draws END) AS gp,
         count(*) AS rounds,
         sum(CASE WHEN s.opponent IS NULL THEN 2 ELSE s.won + s.lost + s.draws END) AS games
    FROM sides s
   GROUP BY s.player
),
played AS (
  SELECT e.*,
         coalesce(t.mp, 0)::int AS mp,
         coalesce(t.gp, 0)::int AS gp,
         (coalesce(t.rounds, 0) + e.missed)::int AS rounds,
         (coalesce(t.games, 0) + 2 * e.missed)::int AS games
    FROM entries e LEFT JOIN tallies t ON t.player = e.id
),
bounds AS MATERIALIZED (
  SELECT max(rounds) AS rounds, max(games) AS games FROM played
),
-- The common denominators (see the top): L for MW%, G for GW%, K for means of opponents.
denominators AS (
  WITH RECURSIVE grow(n, l, g, k) AS (
    SELECT 1, 300::bigint, 300::bigint, 1::bigint
    UNION ALL
    SELECT grow.n + 1,
           CASE WHEN grow.n + 1 <= b.rounds THEN lcm(grow.l, 3 * (grow.n + 1)) ELSE grow.l END,
           CASE WHEN grow.n + 1 <= b.games THEN lcm(grow.g, 3 * (grow.n + 1)) ELSE grow.g END,
           CASE WHEN grow.n + 1 <= b.rounds THEN lcm(grow.k, grow.n + 1) ELSE grow.k END
      FROM grow CROSS JOIN bounds b
     WHERE grow.n < greatest(b.rounds, b.games)
  )
  SELECT l, g, k FROM grow ORDER BY n DESC LIMIT 1
),
own AS (
  SELECT p.*,
         CASE WHEN p.rounds > 0 AND 100 * p.mp >= 99 * p.rounds THEN p.mp * (d.l / (3 * p.rounds)) ELSE 33 * (d.l / 100) END AS mwp,
         CASE WHEN p.games > 0 AND 100 * p.gp >= 99 * p.games THEN p.gp * (d.g / (3 * p.games)) ELSE 33 * (d.g / 100) END AS gwp
    FROM played p CROSS JOIN denominators d
),
opponents AS (
  SELECT s.player, sum(o.mwp) AS omwp_sum, sum(o.gwp) AS ogwp_sum, count(*) AS n
    FROM sides s JOIN own o ON o.id = s.opponent
   GROUP BY s.player
),
event_results AS (
  SELECT o.event_id, o.profile_id, o.name, o.mp, x.omwp,
         row_number() OVER (PARTITION BY o.event_id ORDER BY o.mp DESC, x.omwp DESC, o.gwp DESC, x.ogwp DESC, o.number) AS place
    FROM own o
    CROSS JOIN denominators d
    LEFT JOIN opponents y ON y.player = o.id
    CROSS JOIN LATERAL (
      SELECT coalesce(y.omwp_sum * (d.k / y.n), 33 * (d.k * d.l / 100)) AS omwp,
             coalesce(y.ogwp_sum * (d.k / y.n), 33 * (d.k * d.g / 100)) AS ogwp
    ) AS x
   WHERE o.dropped_after_round IS DISTINCT FROM 0
),
season AS (
  SELECT r.profile_id,
         (array_agg(r.name ORDER BY ev.created_at DESC, ev.id DESC))[1] AS name,
         sum(CASE WHEN sc.mode = 'placing' THEN coalesce(sc.placing[r.place], 0) ELSE r.mp END + sc.participation)::int AS points,
         count(*)::int AS events,
         sum(r.mp)::int AS match_points,
         sum(r.omwp)::numeric(1000, 20) / count(*) AS omwp
    FROM event_results r JOIN events ev ON ev.id = r.event_id CROSS JOIN scoring sc
   GROUP BY r.profile_id
)
SELECT row_number() OVER (ORDER BY s.points DESC, s.events DESC, s.match_points DESC, s.omwp DESC, s.profile_id)::int AS rank,
       s.profile_id, s.name, s.points, s.events, s.match_points, (s.omwp / (d.k * d.l))::float8 AS omwp
  FROM season s CROSS JOIN denominators d
 ORDER BY rank;
