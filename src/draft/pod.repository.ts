import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PgPool } from '../common/database/pg-pool';
import type { Tx } from '../events/events.repository';
import { asEventState, type EventState } from '../events/rules/event-lifecycle';
import type { PickSource, PodPick, PodRows, PodSeat } from './pod-state';

/** What the pick statement answered for one pod (podium_commit_pods, src/draft/sql/podium_commit_pods.sql). */
export interface CommitOutcome {
  status: 'ok' | 'stale' | 'state' | 'auth' | 'paused' | 'no-pod';
  /** The pod's seq after the statement (the current one when stale). */
  seq: number;
  /** The event's state (after the statement: the next state when this commit finished the draft). */
  eventState: EventState | null;
}

export interface CommitPicks {
  podId: string;
  eventId: string;
  /** The seq the caller's state was built from. */
  seq: number;
  /** Players whose picks these are, with their token hashes: checked to still be theirs. */
  auth: { playerId: string; tokenHash: string }[];
  picks: PodPick[];
  madeAt: Date;
  nextDeadline: Date | null;
  podComplete: boolean;
}

/**
 * podium_commit_pods' parameters by name (src/draft/sql/podium_commit_pods.sql has what each
 * means). Per-pod arrays are indexed by the pod's 1-based position in `p_pods`; auth and pick rows
 * name their pod by that index.
 */
export interface CommitPodsArguments {
  p_pods: string[];
  p_events: string[];
  p_seqs: number[];
  p_made_at: Date[];
  p_next_deadlines: (Date | null)[];
  p_completes: boolean[];
  p_auth_pods: number[];
  p_players: string[];
  p_token_hashes: string[];
  p_pick_pods: number[];
  p_pack_numbers: number[];
  p_pick_numbers: number[];
  p_seats: number[];
  p_pack_ids: string[];
  p_openers: number[];
  p_positions: number[];
  p_card_ids: string[];
  p_sources: string[];
  p_finish_state: string;
}

/**
 * Each parameter's SQL type, in the function's order: the call names its arguments
 * (`p_pods => $1::uuid[]`), so an order mistake cannot pass a pod id as an event id; the
 * definition test checks these names and types against the database's function.
 */
export const COMMIT_PODS_PARAMETERS: Readonly<Record<keyof CommitPodsArguments, string>> = {
  p_pods: 'uuid[]',
  p_events: 'uuid[]',
  p_seqs: 'integer[]',
  p_made_at: 'timestamp with time zone[]',
  p_next_deadlines: 'timestamp with time zone[]',
  p_completes: 'boolean[]',
  p_auth_pods: 'integer[]',
  p_players: 'uuid[]',
  p_token_hashes: 'text[]',
  p_pick_pods: 'integer[]',
  p_pack_numbers: 'integer[]',
  p_pick_numbers: 'integer[]',
  p_seats: 'integer[]',
  p_pack_ids: 'uuid[]',
  p_openers: 'integer[]',
  p_positions: 'integer[]',
  p_card_ids: 'text[]',
  p_sources: 'text[]',
  p_finish_state: 'text',
};

const COMMIT_PODS_NAMES = Object.keys(COMMIT_PODS_PARAMETERS) as (keyof CommitPodsArguments)[];
const COMMIT_PODS_SQL = `SELECT status, seq, event_state FROM podium_commit_pods(${COMMIT_PODS_NAMES.map((name, i) => `${name} => $${i + 1}::${COMMIT_PODS_PARAMETERS[name]}`).join(', ')})`;

/** The statement's arguments for several pods' commits (pods must be distinct). */
export function commitPodsArguments(commits: readonly CommitPicks[], finishState: string): CommitPodsArguments {
  const args: CommitPodsArguments = {
    p_pods: commits.map((c) => c.podId),
    p_events: commits.map((c) => c.eventId),
    p_seqs: commits.map((c) => c.seq),
    p_made_at: commits.map((c) => c.madeAt),
    p_next_deadlines: commits.map((c) => c.nextDeadline),
    p_completes: commits.map((c) => c.podComplete),
    p_auth_pods: [],
    p_players: [],
    p_token_hashes: [],
    p_pick_pods: [],
    p_pack_numbers: [],
    p_pick_numbers: [],
    p_seats: [],
    p_pack_ids: [],
    p_openers: [],
    p_positions: [],
    p_card_ids: [],
    p_sources: [],
    p_finish_state: finishState,
  };
  commits.forEach((c, i) => {
    for (const a of c.auth) {
      args.p_auth_pods.push(i + 1);
      args.p_players.push(a.playerId);
      args.p_token_hashes.push(a.tokenHash);
    }
    for (const p of c.picks) {
      args.p_pick_pods.push(i + 1);
      args.p_pack_numbers.push(p.packNumber);
      args.p_pick_numbers.push(p.pickNumber);
      args.p_seats.push(p.seat);
      args.p_pack_ids.push(p.packId);
      args.p_openers.push(p.opener);
      args.p_positions.push(p.position);
      args.p_card_ids.push(p.cardId);
      args.p_sources.push(p.source);
    }
  });
  return args;
}

interface PodRow {
  id: string;
  event_id: string;
  number: number;
  seat_count: number;
  seq: number;
  paused_at: Date | null;
  resumed_at: Date | null;
  created_at: Date;
  next_deadline: Date | null;
}

interface PickRow {
  pack_number: number;
  pick_number: number;
  seat: number;
  card_id: string;
  source: PickSource;
  made_at: Date;
  seq: number;
  pack_id: string;
  opener: number;
  position: number;
}

const POD_COLUMNS = 'id, event_id, number, seat_count, seq, paused_at, resumed_at, created_at, next_deadline';
const PICK_COLUMNS = 'pack_number, pick_number, seat, card_id, source, made_at, seq, pack_id, opener, position';

const toPick = (r: PickRow): PodPick => ({
  packNumber: r.pack_number,
  pickNumber: r.pick_number,
  seat: r.seat,
  cardId: r.card_id,
  source: r.source,
  madeAt: r.made_at,
  seq: r.seq,
  packId: r.pack_id,
  opener: r.opener,
  position: r.position,
});

/** The player a token hash belongs to, with their seat (null: not seated). */
export interface TokenHolder {
  playerId: string;
  eventId: string;
  seat: { podId: string; seat: number } | null;
}

/**
 * Every statement of the draft's hot path, as plain SQL through `pg` (Prisma's row mapping was
 * most of a pick's cost). Reads of a whole pod run in one REPEATABLE READ transaction, so the
 * pod's seq and its picks agree; picks are one statement for several pods (podium_commit_pods).
 */
@Injectable()
export class PodRepository {
  constructor(private readonly pg: PgPool) {}

  /**
   * The pod with its seats, packs (cards in opened order), picks and preselects, at one moment.
   * @returns null when there is no such pod.
   */
  async load(podId: string, packsKnown = false): Promise<(Omit<PodRows, 'packs'> & { packs: PodRows['packs'] | null }) | null> {
    return this.readConsistent(async (c) => {
      const [pod] = (await c.query<PodRow>(`SELECT ${POD_COLUMNS} FROM pod WHERE id = $1`, [podId])).rows;
      if (!pod) return null;
      const seats = await this.seats(c, podId);
      const packs = packsKnown
        ? null
        : (
            await c.query<{ id: string; pack_number: number; seat: number; purpose: string; cards: string[] }>(
              `SELECT pk.id, pk.pack_number, pk.seat, pk.purpose, array_agg(pc.card_id ORDER BY pc.position) AS cards
                 FROM pack pk JOIN pack_card pc ON pc.pack_id = pk.id WHERE pk.pod_id = $1 GROUP BY pk.id`,
              [podId],
            )
          ).rows.map((p) => ({ id: p.id, packNumber: p.pack_number, opener: p.seat, purpose: p.purpose, cards: p.cards }));
      const picks = (await c.query<PickRow>(`SELECT ${PICK_COLUMNS} FROM pick WHERE pod_id = $1`, [podId])).rows.map(toPick);
      const preselects = await this.preselects(c, podId);
      return { pod: podOf(pod), seats, packs, picks, preselects };
    });
  }

  /** The pod's change counter; null when there is no such pod. */
  async seqOf(podId: string): Promise<number | null> {
    const [row] = await this.pg.query<{ seq: number }>('SELECT seq FROM pod WHERE id = $1', [podId]);
    return row ? row.seq : null;
  }

  /** What changed since `seq`: the pod row, seats (absent flags), picks committed after `seq`, preselects. */
  async since(podId: string, seq: number): Promise<{ pod: PodRows['pod']; seats: PodSeat[]; picks: PodPick[]; preselects: PodRows['preselects'] } | null> {
    return this.readConsistent(async (c) => {
      const [pod] = (await c.query<PodRow>(`SELECT ${POD_COLUMNS} FROM pod WHERE id = $1`, [podId])).rows;
      if (!pod) return null;
      const seats = await this.seats(c, podId);
      const picks = (await c.query<PickRow>(`SELECT ${PICK_COLUMNS} FROM pick WHERE pod_id = $1 AND seq > $2`, [podId, seq])).rows.map(toPick);
      return { pod: podOf(pod), seats, picks, preselects: await this.preselects(c, podId) };
    });
  }

  /**
   * One round trip for several pods (podium_commit_pods): each pod's batch of picks, its next
   * deadline and completion, judged pod by pod; one transaction, one WAL flush. Pods must be
   * distinct. The caller notifies after commit.
   * @returns one outcome per entry of `commits`, in order.
   */
  async commitPods(commits: readonly CommitPicks[], finishState: string): Promise<CommitOutcome[]> {
    const args = commitPodsArguments(commits, finishState);
    const rows = await this.pg.query<{ status: CommitOutcome['status']; seq: number; event_state: string | null }>(
      COMMIT_PODS_SQL,
      COMMIT_PODS_NAMES.map((name) => args[name]),
    );
    return rows.map((row) => ({ status: row.status, seq: row.seq, eventState: row.event_state === null ? null : asEventState(row.event_state) }));
  }

  /**
   * A change of the pod other than picks (pause, resume, absent, preselect): in one transaction
   * with the pod row locked, `work` runs and the pod's seq advances (the caller notifies).
   * @param expectedSeq refuse (return null, nothing changed) when the pod moved on since.
   * @returns the new seq, or null when `expectedSeq` did not match.
   */
  async change(podId: string, expectedSeq: number | null, work: (c: PoolClient) => Promise<unknown>): Promise<number | null> {
    return this.pg.transaction(async (c) => {
      const [pod] = (await c.query<{ seq: number }>('SELECT seq FROM pod WHERE id = $1 FOR UPDATE', [podId])).rows;
      if (!pod || (expectedSeq !== null && pod.seq !== expectedSeq)) return null;
      await work(c);
      const seq = pod.seq + 1;
      await c.query('UPDATE pod SET seq = $2 WHERE id = $1', [podId, seq]);
      return seq;
    });
  }

  /**
   * A change of several pods at once (a seat swap across pods): one transaction, every pod row
   * locked in id order, `work` runs, each pod's seq advances (the caller notifies).
   * @returns the pods' new seqs by pod id.
   */
  async changePods(podIds: readonly string[], work: (c: PoolClient) => Promise<unknown>): Promise<Map<string, number>> {
    const ids = [...new Set(podIds)].sort();
    return this.pg.transaction(async (c) => {
      const rows = (await c.query<{ id: string; seq: number }>('SELECT id, seq FROM pod WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids])).rows;
      await work(c);
      const seqs = new Map<string, number>();
      for (const row of rows) {
        await c.query('UPDATE pod SET seq = $2 WHERE id = $1', [row.id, row.seq + 1]);
        seqs.set(row.id, row.seq + 1);
      }
      return seqs;
    });
  }

  /** For `changePods`: the seats of these players with their picks so far, read under the pods' locks. */
  static async seatsToSwap(c: PoolClient, playerIds: readonly string[]): Promise<{ podId: string; seat: number; playerId: string; absent: boolean; picks: number }[]> {
    const rows = (
      await c.query<{ pod_id: string; seat: number; player_id: string; absent: boolean; picks: string }>(
        `SELECT s.pod_id, s.seat, s.player_id, p.absent, (SELECT count(*) FROM pick k WHERE k.pod_id = s.pod_id AND k.seat = s.seat) AS picks
           FROM seat s JOIN event_player p ON p.id = s.player_id WHERE s.player_id = ANY($1::uuid[])`,
        [playerIds],
      )
    ).rows;
    return rows.map((r) => ({ podId: r.pod_id, seat: r.seat, playerId: r.player_id, absent: r.absent, picks: Number(r.picks) }));
  }

  /** For `changePods`: the team of every seat of the pod, in seat order (null: a bot or a player without a team). */
  static async seatTeams(c: PoolClient, podId: string): Promise<(string | null)[]> {
    const rows = (
      await c.query<{ team_id: string | null }>('SELECT p.team_id FROM seat s LEFT JOIN event_player p ON p.id = s.player_id WHERE s.pod_id = $1 ORDER BY s.seat', [podId])
    ).rows;
    return rows.map((r) => r.team_id);
  }

  /**
   * For `changePods`: the two players trade seats (recorded in seat_swap for the verifier); the packs their seats open follow the seat (a
   * pack names the player at its opening seat) and the seats' preselects are cleared (they were the
   * other player's choice).
   */
  static async swapSeats(
    c: PoolClient,
    eventId: string,
    a: { podId: string; seat: number; playerId: string },
    b: { podId: string; seat: number; playerId: string },
    at: Date,
  ): Promise<void> {
    await c.query('INSERT INTO seat_swap (id, event_id, player_a_id, player_b_id, at) VALUES ($1, $2, $3, $4, $5)', [randomUUID(), eventId, a.playerId, b.playerId, at]);
    await c.query('UPDATE seat SET player_id = NULL WHERE player_id = ANY($1::uuid[])', [[a.playerId, b.playerId]]);
    await c.query('UPDATE seat SET player_id = $3 WHERE pod_id = $1 AND seat = $2', [a.podId, a.seat, b.playerId]);
    await c.query('UPDATE seat SET player_id = $3 WHERE pod_id = $1 AND seat = $2', [b.podId, b.seat, a.playerId]);
    await c.query('UPDATE pack SET player_id = $3 WHERE pod_id = $1 AND seat = $2', [a.podId, a.seat, b.playerId]);
    await c.query('UPDATE pack SET player_id = $3 WHERE pod_id = $1 AND seat = $2', [b.podId, b.seat, a.playerId]);
    await c.query('DELETE FROM preselect WHERE (pod_id = $1 AND seat = $2) OR (pod_id = $3 AND seat = $4)', [a.podId, a.seat, b.podId, b.seat]);
  }

  /**
   * Statements for `change`: pause (no timer runs while paused) and resume. A resume makes the pod
   * due at once, in the same transaction: its real deadline (and any bot pick) is stored right
   * after, and if this process dies before that, the poller of any instance does it.
   */
  static setPaused(c: PoolClient, podId: string, paused: boolean, now: Date): Promise<unknown> {
    return paused
      ? c.query('UPDATE pod SET paused_at = $2, next_deadline = NULL WHERE id = $1 AND paused_at IS NULL', [podId, now])
      : c.query('UPDATE pod SET paused_at = NULL, resumed_at = $2, next_deadline = $2 WHERE id = $1 AND paused_at IS NOT NULL', [podId, now]);
  }

  /** A player marked absent (or back): their pod is due at once, so bots take over even if this process dies now (see setPaused). */
  static async setAbsent(c: PoolClient, podId: string, playerId: string, absent: boolean, now: Date): Promise<void> {
    await c.query('UPDATE event_player SET absent = $2 WHERE id = $1', [playerId, absent]);
    await c.query('UPDATE pod SET next_deadline = $2 WHERE id = $1 AND paused_at IS NULL AND completed_at IS NULL', [podId, now]);
  }

  static preselect(c: PoolClient, podId: string, key: { seat: number; packNumber: number; pickNumber: number }, cardId: string): Promise<unknown> {
    return c.query(
      `INSERT INTO preselect (pod_id, seat, pack_number, pick_number, card_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (pod_id, seat, pack_number, pick_number) DO UPDATE SET card_id = EXCLUDED.card_id`,
      [podId, key.seat, key.packNumber, key.pickNumber, cardId],
    );
  }

  /**
   * The player a token hash belongs to, with their seat if seated: one indexed statement (the
   * pick path's lookup on a cache miss, e.g. every seat's first pick).
   */
  async playersByToken(tokenHashes: readonly string[]): Promise<(TokenHolder | null)[]> {
    const rows = await this.pg.query<{ token_hash: string; id: string; event_id: string; pod_id: string | null; seat: number | null }>(
      'SELECT p.token_hash, p.id, p.event_id, s.pod_id, s.seat FROM event_player p LEFT JOIN seat s ON s.player_id = p.id WHERE p.token_hash = ANY($1::text[])',
      [tokenHashes],
    );
    const byHash = new Map(
      rows.map((row) => [row.token_hash, { playerId: row.id, eventId: row.event_id, seat: row.pod_id === null ? null : { podId: row.pod_id, seat: row.seat! } }]),
    );
    return tokenHashes.map((hash) => byHash.get(hash) ?? null);
  }

  /** Which of these players still hold these token hashes (a reissue replaces the hash). */
  async validTokens(auth: { playerId: string; tokenHash: string }[]): Promise<Set<string>> {
    if (auth.length === 0) return new Set();
    const rows = await this.pg.query<{ id: string }>('SELECT ep.id FROM unnest($1::uuid[], $2::text[]) AS a(id, h) JOIN event_player ep ON ep.id = a.id AND ep.token_hash = a.h', [
      auth.map((a) => a.playerId),
      auth.map((a) => a.tokenHash),
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** The seat of a player (seats move only by the organizer's swap before their first picks); null: not seated. */
  async seatOf(playerId: string): Promise<{ podId: string; seat: number } | null> {
    const [row] = await this.pg.query<{ pod_id: string; seat: number }>('SELECT pod_id, seat FROM seat WHERE player_id = $1', [playerId]);
    return row ? { podId: row.pod_id, seat: row.seat } : null;
  }

  /**
   * An event's pods with their seats only (no packs, picks or clocks): what a draft with real
   * boosters at the table has.
   */
  async seating(eventId: string): Promise<{ id: string; number: number; seats: PodSeat[] }[]> {
    const rows = await this.pg.query<{ id: string; number: number; seat: number; player_id: string | null; name: string | null; absent: boolean | null; team_id: string | null }>(
      `SELECT d.id, d.number, s.seat, s.player_id, p.name, p.absent, p.team_id
         FROM pod d JOIN seat s ON s.pod_id = d.id LEFT JOIN event_player p ON p.id = s.player_id
        WHERE d.event_id = $1 ORDER BY d.number, s.seat`,
      [eventId],
    );
    const pods = new Map<string, { id: string; number: number; seats: PodSeat[] }>();
    for (const r of rows) {
      let pod = pods.get(r.id);
      if (!pod) pods.set(r.id, (pod = { id: r.id, number: r.number, seats: [] }));
      pod.seats.push({ seat: r.seat, playerId: r.player_id, name: r.name ?? 'Bot', bot: r.player_id === null, absent: r.absent ?? false, teamId: r.team_id });
    }
    return [...pods.values()];
  }

  /**
   * The players' phones were heard from at `at` (live stream open or heartbeat, polling). One
   * statement for a batch; a stored later time is kept (instances' clocks and batches interleave).
   */
  async markSeen(playerIds: readonly string[], at: Date): Promise<void> {
    if (playerIds.length === 0) return;
    await this.pg.query('UPDATE event_player SET seen_at = $2 WHERE id = ANY($1::uuid[]) AND (seen_at IS NULL OR seen_at < $2)', [playerIds, at]);
  }

  /** When each player of the event was last heard from (players never heard from are left out). */
  async lastSeen(eventId: string): Promise<Map<string, Date>> {
    const rows = await this.pg.query<{ id: string; seen_at: Date }>('SELECT id, seen_at FROM event_player WHERE event_id = $1 AND seen_at IS NOT NULL', [eventId]);
    return new Map(rows.map((r) => [r.id, r.seen_at]));
  }

  async podIds(eventId: string): Promise<string[]> {
    return (await this.pg.query<{ id: string }>('SELECT id FROM pod WHERE event_id = $1 ORDER BY number', [eventId])).map((r) => r.id);
  }

  /**
   * Claims pods with a timer due at `now`, earliest first: their deadline moves to `until` (so no
   * other instance takes them meanwhile, and they are due again if this one dies) and the claim
   * names its holder, `claimer` (the backend pid of the instance's presence connection; null: lapse
   * by time only). A pod whose claim is held by a backend that no longer exists (its instance died
   * mid-claim) is claimed again at once, not when the claim lapses. Rows another transaction holds
   * are skipped (SKIP LOCKED) and found by a later poll.
   */
  async claimDue(now: Date, until: Date, limit: number, claimer: number | null = null): Promise<string[]> {
    const rows = await this.pg.query<{ id: string }>(
      `UPDATE pod SET next_deadline = $2, claimed_by = $4, claimed_until = $2 WHERE id IN (
         SELECT id FROM pod
          WHERE next_deadline <= $1
             OR (next_deadline <= $2 AND next_deadline = claimed_until AND claimed_by IS DISTINCT FROM $4
                 AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = pod.claimed_by))
          ORDER BY next_deadline LIMIT $3 FOR UPDATE SKIP LOCKED
       ) RETURNING id`,
      [now, until, limit, claimer],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Drafts whose every pod is complete but whose event is still drafting (a path that completed
   * the last pod without moving the event on) move to `finishState`, each once: the state test
   * under the row lock makes a second instance's update a no-op.
   * @returns the ids of the events moved now.
   */
  async finishCompleteDrafts(finishState: string, at: Date): Promise<string[]> {
    const rows = await this.pg.query<{ id: string }>(
      `UPDATE event e SET state = $1, updated_at = $2
        WHERE e.state = 'drafting' AND e.pack_source = 'generated'
          AND EXISTS (SELECT 1 FROM pod WHERE pod.event_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM pod WHERE pod.event_id = e.id AND pod.completed_at IS NULL)
        RETURNING e.id`,
      [finishState, at],
    );
    return rows.map((r) => r.id);
  }

  /** No timer runs for the pod (its event is no longer drafting). */
  async clearDeadline(podId: string): Promise<void> {
    await this.pg.query('UPDATE pod SET next_deadline = NULL WHERE id = $1', [podId]);
  }

  /** Draft start (in the start transaction, through Prisma): a pod and its seats. */
  async createPod(tx: Tx, pod: { id: string; eventId: string; number: number; seatCount: number; createdAt: Date }, playerIds: (string | null)[]): Promise<void> {
    await tx.pod.create({ data: pod });
    await tx.seat.createMany({ data: playerIds.map((playerId, seat) => ({ podId: pod.id, seat, playerId })) });
  }

  /**
   * Right after a draft's start committed: each pod still at the seq the start left it starts its
   * pick clocks at `now` (resumed_at) with the deadline its state computed from that, and advances
   * its seq, so a state read before is caught up. A pod that already took a pick keeps its clocks.
   * @returns the ids of the pods changed.
   */
  async openClocks(now: Date, pods: { id: string; seq: number; nextDeadline: Date | null }[]): Promise<string[]> {
    if (pods.length === 0) return [];
    const rows = await this.pg.query<{ id: string }>(
      `UPDATE pod SET resumed_at = $1, seq = pod.seq + 1, next_deadline = v.next_deadline
         FROM unnest($2::uuid[], $3::int[], $4::timestamptz[]) AS v(id, seq, next_deadline)
        WHERE pod.id = v.id AND pod.seq = v.seq
        RETURNING pod.id`,
      [now, pods.map((p) => p.id), pods.map((p) => p.seq), pods.map((p) => p.nextDeadline)],
    );
    return rows.map((r) => r.id);
  }

  /** Draft start: the bot picks made at once (bot seats open their packs), the pod's seq and first deadline. */
  async startPicks(tx: Tx, podId: string, picks: PodPick[], nextDeadline: Date | null, completedAt: Date | null): Promise<void> {
    if (picks.length > 0) {
      await tx.pick.createMany({
        data: picks.map((p) => ({
          podId,
          packNumber: p.packNumber,
          pickNumber: p.pickNumber,
          seat: p.seat,
          packId: p.packId,
          opener: p.opener,
          position: p.position,
          cardId: p.cardId,
          source: p.source,
          madeAt: p.madeAt,
          seq: 1,
        })),
      });
    }
    await tx.pod.update({ where: { id: podId }, data: { seq: picks.length > 0 ? 1 : 0, nextDeadline, completedAt } });
  }

  private async seats(c: PoolClient, podId: string): Promise<PodSeat[]> {
    const rows = (
      await c.query<{ seat: number; player_id: string | null; name: string | null; absent: boolean | null; team_id: string | null }>(
        'SELECT s.seat, s.player_id, p.name, p.absent, p.team_id FROM seat s LEFT JOIN event_player p ON p.id = s.player_id WHERE s.pod_id = $1 ORDER BY s.seat',
        [podId],
      )
    ).rows;
    return rows.map((s) => ({ seat: s.seat, playerId: s.player_id, name: s.name ?? 'Bot', bot: s.player_id === null, absent: s.absent ?? false, teamId: s.team_id }));
  }

  private async preselects(c: PoolClient, podId: string): Promise<PodRows['preselects']> {
    const rows = (
      await c.query<{ seat: number; pack_number: number; pick_number: number; card_id: string }>(
        'SELECT seat, pack_number, pick_number, card_id FROM preselect WHERE pod_id = $1',
        [podId],
      )
    ).rows;
    return rows.map((r) => ({ seat: r.seat, packNumber: r.pack_number, pickNumber: r.pick_number, cardId: r.card_id }));
  }

  /** Reads of one moment: a REPEATABLE READ read-only transaction. */
  private readConsistent<T>(work: (c: PoolClient) => Promise<T>): Promise<T> {
    return this.pg.transaction(work, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }
}

function podOf(r: PodRow): PodRows['pod'] {
  return {
    id: r.id,
    eventId: r.event_id,
    number: r.number,
    seatCount: r.seat_count,
    seq: r.seq,
    pausedAt: r.paused_at,
    resumedAt: r.resumed_at,
    createdAt: r.created_at,
    nextDeadline: r.next_deadline,
  };
}
