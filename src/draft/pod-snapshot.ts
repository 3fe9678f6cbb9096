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
 * Loads a pod and derives its draft state from the picks (design: the state is the set of picks).
 * @param lock take the pod row lock (SELECT … FOR UPDATE) first: every pick of a pod is serialized.
 * @throws DomainError POD_NOT_FOUND
 */
export async function loadPod(tx: Tx, podId: string, lock: boolean): Promise<PodSnapshot> {
  if (lock) await tx.$queryRaw`SELECT id FROM "pod" WHERE id = ${podId}::uuid FOR UPDATE`;
  const pod = await tx.pod.findUnique({
    where: { id: podId },
    include: {
      seats: { include: { player: { select: { id: true, name: true, absent: true } } }, orderBy: { seat: 'asc' } },
      packs: { include: { cards: { orderBy: { position: 'asc' } } } },
      picks: true,
    },
  });
  if (!pod) throw new DomainError('POD_NOT_FOUND', `No pod ${podId}`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
  const n = pod.seatCount;
  const rounds = Math.max(0, ...pod.packs.map((p) => p.packNumber));
  const grid: SnapshotPack[][] = Array.from({ length: rounds }, () => new Array<SnapshotPack>(n));
  const packs: SnapshotPack[] = pod.packs.map((p) => ({ id: p.id, packNumber: p.packNumber, opener: p.seat!, purpose: p.purpose, cards: p.cards.map((c) => c.cardId) }));
  for (const p of packs) grid[p.packNumber - 1][p.opener] = p;
  const packSizes = grid.map((round) => round[0].cards.length);
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
  const state = deriveDraftState({ seats: n, packSizes, packs: grid.map((round) => round.map((p) => p.cards)), picks });
  return {
    pod: { id: pod.id, eventId: pod.eventId, number: pod.number, seatCount: n, pausedAt: pod.pausedAt, resumedAt: pod.resumedAt, createdAt: pod.createdAt },
    seats: pod.seats.map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      name: s.player?.name ?? 'Bot',
      bot: s.playerId === null,
      botPicks: s.playerId === null || (s.player?.absent ?? false),
    })),
    packs,
    picks,
    packSizes,
    state,
    pack: (packNumber, opener) => grid[packNumber - 1][opener],
  };
}
