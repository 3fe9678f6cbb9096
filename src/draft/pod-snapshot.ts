import type { Tx } from '../events/events.repository';
import { DomainError } from '../common/errors/domain-error';
import { deriveDraftState, type DraftPick, type DraftState } from './rules/draft-state';

export interface SnapshotSeat {
  seat: number;
  playerId: string | null;
  name: string;
  /** A bot seat, or a player the organizer marked absent: a bot picks. */
  botPicks: boolean;
  bot: boolean;
  /** Team events: the player's team; null for a bot seat or in a solo event. */
  teamId: string | null;
}

export interface SnapshotPack {
  id: string;
  packNumber: number;
  opener: number;
  purpose: string;
  cards: string[];
}

export interface SnapshotPick extends DraftPick {
  id: string;
  packId: string;
  position: number;
  source: string;
  madeAt: Date;
}

/** Everything about one pod at one moment, with the draft state derived from its picks. */
export interface PodSnapshot {
  pod: { id: string; eventId: string; number: number; seatCount: number; pausedAt: Date | null; resumedAt: Date | null; createdAt: Date };
  seats: SnapshotSeat[];
  packs: SnapshotPack[];
  picks: SnapshotPick[];
  packSizes: number[];
  state: DraftState;
  /** The pack opened at `opener` in round `packNumber`. */
  pack(packNumber: number, opener: number): SnapshotPack;
}

/**
 * A pod's packs never change once opened, so they are read from the database once per process
 * and kept (bounded; the oldest pods are forgotten first). Picks are always read fresh.
 */
const PACK_CACHE_LIMIT = 2000;
const packCache = new Map<string, SnapshotPack[]>();

async function podPacks(tx: Tx, podId: string): Promise<SnapshotPack[]> {
  const cached = packCache.get(podId);
  if (cached) return cached;
  const rows = await tx.pack.findMany({ where: { podId }, include: { cards: { orderBy: { position: 'asc' } } } });
  const packs = rows.map((p) => ({ id: p.id, packNumber: p.packNumber, opener: p.seat!, purpose: p.purpose, cards: p.cards.map((c) => c.cardId) }));
  // Only a committed, complete set of packs is cached: a pod is created with all its packs in one transaction.
  if (packs.length > 0) {
    if (packCache.size >= PACK_CACHE_LIMIT) packCache.delete(packCache.keys().next().value!);
    packCache.set(podId, packs);
  }
  return packs;
}

/**
 * Loads a pod and derives its draft state from the picks (design: the state is the set of picks).
 * @param lock take the pod row lock (SELECT … FOR UPDATE) first: every pick of a pod is serialized.
 * @throws DomainError POD_NOT_FOUND
 */
export async function loadPod(tx: Tx, podId: string, lock: boolean): Promise<PodSnapshot> {
  if (lock) await tx.$queryRaw`SELECT id FROM "pod" WHERE id = ${podId}::uuid FOR UPDATE`;
  const pod = await tx.pod.findUnique({
    relationLoadStrategy: 'join', // one query (LATERAL joins) instead of one per relation: this runs on every pick
    where: { id: podId },
    include: {
      seats: { include: { player: { select: { id: true, name: true, absent: true, teamId: true } } }, orderBy: { seat: 'asc' } },
      picks: true,
    },
  });
  if (!pod) throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
  const n = pod.seatCount;
  const packs = await podPacks(tx, podId);
  const rounds = Math.max(0, ...packs.map((p) => p.packNumber));
  const grid: SnapshotPack[][] = Array.from({ length: rounds }, () => new Array<SnapshotPack>(n));
  for (const p of packs) grid[p.packNumber - 1][p.opener] = p;
  const picks: SnapshotPick[] = pod.picks.map((p) => ({
    id: p.id,
    packNumber: p.packNumber,
    pickNumber: p.pickNumber,
    seat: p.seat,
    cardId: p.cardId,
    packId: p.packId,
    position: p.position,
    source: p.source,
    madeAt: p.madeAt,
  }));
  return snapshotOf(
    { id: pod.id, eventId: pod.eventId, number: pod.number, seatCount: n, pausedAt: pod.pausedAt, resumedAt: pod.resumedAt, createdAt: pod.createdAt },
    pod.seats.map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      name: s.player?.name ?? 'Bot',
      bot: s.playerId === null,
      botPicks: s.playerId === null || (s.player?.absent ?? false),
      teamId: s.player?.teamId ?? null,
    })),
    packs,
    grid,
    picks,
  );
}

/** The same pod with more picks made (in this transaction): re-derived in memory, no query. */
export function withPicks(snap: PodSnapshot, added: SnapshotPick[]): PodSnapshot {
  const rounds = snap.packSizes.length;
  const grid: SnapshotPack[][] = Array.from({ length: rounds }, (_, r) => Array.from({ length: snap.pod.seatCount }, (_, o) => snap.pack(r + 1, o)));
  return snapshotOf(snap.pod, snap.seats, snap.packs, grid, [...snap.picks, ...added]);
}

function snapshotOf(pod: PodSnapshot['pod'], seats: SnapshotSeat[], packs: SnapshotPack[], grid: SnapshotPack[][], picks: SnapshotPick[]): PodSnapshot {
  const packSizes = grid.map((round) => round[0].cards.length);
  const state = deriveDraftState({ seats: pod.seatCount, packSizes, packs: grid.map((round) => round.map((p) => p.cards)), picks });
  return { pod, seats, packs, picks, packSizes, state, pack: (packNumber, opener) => grid[packNumber - 1][opener] };
}
