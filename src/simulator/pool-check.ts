/**
 * Pool consistency, from what the players see (GET …/me pools) and what the event recorded (the
 * organizer's export): no card in two pools, every pool of the right size, every pool exactly the
 * player's own boosters (sealed) or picks (draft). Pure.
 */
import type { EventExport } from '../verification/event-export.types';

/** Copies per card id. */
export function multiset(ids: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of ids) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/** The differences between two multisets in words ("2× HOA-12 missing, 1× HOA-40 extra"), empty when equal. */
export function multisetDiff(expected: Map<string, number>, actual: Map<string, number>): string {
  const parts: string[] = [];
  for (const id of new Set([...expected.keys(), ...actual.keys()])) {
    const d = (actual.get(id) ?? 0) - (expected.get(id) ?? 0);
    if (d !== 0) parts.push(`${Math.abs(d)}× ${id} ${d > 0 ? 'extra' : 'missing'}`);
  }
  return parts.slice(0, 6).join(', ') + (parts.length > 6 ? ` and ${parts.length - 6} more` : '');
}

/** A player's pool as they see it. */
export interface SeenPool {
  playerId: string;
  name: string;
  cards: string[];
}

function checkSealed(file: EventExport, pools: readonly SeenPool[]): string[] {
  const out: string[] = [];
  const sizeOfPack = new Map<number, number>();
  for (const pool of pools) {
    const packs = file.packs.filter((p) => p.playerId === pool.playerId);
    if (packs.length !== file.pinnedPacks.length) out.push(`${pool.name} opened ${packs.length} boosters, the event has ${file.pinnedPacks.length}`);
    for (const pack of packs) {
      const size = sizeOfPack.get(pack.packNumber) ?? pack.cards.length;
      sizeOfPack.set(pack.packNumber, size);
      if (pack.cards.length !== size) out.push(`${pool.name}'s booster ${pack.packNumber} has ${pack.cards.length} cards, another player's has ${size}`);
    }
    const expected = multiset(packs.flatMap((p) => p.cards));
    const diff = multisetDiff(expected, multiset(pool.cards));
    if (diff) out.push(`${pool.name}'s pool is not their boosters: ${diff}`);
  }
  return out;
}

function checkDraft(file: EventExport, pools: readonly SeenPool[], packSizes: ReadonlyMap<number, number>): string[] {
  const out: string[] = [];
  const byPlayer = new Map(pools.map((p) => [p.playerId, p]));
  const expectedSize = [...packSizes.values()].reduce((a, b) => a + b, 0);
  for (const pod of file.pods) {
    const opened = multiset(file.packs.filter((p) => p.podNumber === pod.number).flatMap((p) => p.cards));
    const taken: string[] = [];
    for (const { seat, playerId } of pod.seats) {
      const recorded = file.picks.filter((p) => p.podNumber === pod.number && p.seat === seat).map((p) => p.cardId);
      const seen = playerId ? byPlayer.get(playerId) : undefined;
      const who = seen?.name ?? `bot seat ${seat} of pod ${pod.number}`;
      const cards = seen ? seen.cards : recorded;
      taken.push(...cards);
      if (seen) {
        const diff = multisetDiff(multiset(recorded), multiset(seen.cards));
        if (diff) out.push(`${who}'s pool is not their recorded picks: ${diff}`);
      }
      if (expectedSize > 0 && cards.length !== expectedSize) out.push(`${who} has ${cards.length} cards, the packs hold ${expectedSize} per seat`);
    }
    const takenSet = multiset(taken);
    for (const [id, n] of takenSet) {
      const have = opened.get(id) ?? 0;
      if (n > have) out.push(`${id} is in ${n} pools of pod ${pod.number} but was opened ${have} time(s)`);
    }
    if (taken.length !== [...opened.values()].reduce((a, b) => a + b, 0))
      out.push(`pod ${pod.number}: ${taken.length} cards in pools, ${[...opened.values()].reduce((a, b) => a + b, 0)} opened`);
  }
  const seated = new Set(file.pods.flatMap((p) => p.seats.map((s) => s.playerId)));
  for (const p of pools) if (!seated.has(p.playerId)) out.push(`${p.name} has no seat in any pod`);
  return out;
}

/**
 * Every pool inconsistency, in words.
 * @param packSizes draft: the cards of each round's pack at pick 1, as the players saw them
 */
export function checkPools(file: EventExport, pools: readonly SeenPool[], packSizes: ReadonlyMap<number, number> = new Map()): string[] {
  return file.event.format === 'sealed' ? checkSealed(file, pools) : checkDraft(file, pools, packSizes);
}
