/**
 * Pooled team sealed: the team opens every member's boosters (WoW TCG sealed: 6 per member) into
 * one pool and shares it out; each member then builds from their share (main deck + sideboard =
 * the share). A split must share out the whole pool exactly — every card to one member — so no
 * card is lost or used twice. Pure.
 */
import type { ErrorDetail } from '../../common/errors/domain-error';

export interface CardCount {
  cardId: string;
  count: number;
}

export interface MemberShare {
  playerId: string;
  cards: CardCount[];
}

/**
 * Checks a split of a team pool among the team's members.
 *
 * Rules, each reported with the field at fault (`shares[i]…`):
 * - `member`: every share names a member of the team, each member exactly once;
 * - `uniqueCard`: a card appears once per share (give its count instead);
 * - `inTeamPool`: a card must be in the team pool;
 * - `exactSplit`: for every card, the shares' counts add up to the pool's count (nothing left over,
 *   nothing used twice).
 *
 * @param pool the team pool as card counts (every member's boosters together).
 * @param members the team's member player ids.
 * @param shares the proposed split (counts already validated as integers ≥ 1 by the DTO).
 * @returns every problem found (empty = a valid split).
 */
export function checkTeamSplit(pool: readonly CardCount[], members: readonly string[], shares: readonly MemberShare[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const memberSet = new Set(members);
  const seen = new Set<string>();
  shares.forEach((share, i) => {
    if (!memberSet.has(share.playerId)) {
      problems.push({ field: `shares[${i}].playerId`, rule: 'member', message: `${share.playerId} is not a member of this team` });
    } else if (seen.has(share.playerId)) {
      problems.push({ field: `shares[${i}].playerId`, rule: 'member', message: `${share.playerId} has more than one share` });
    }
    seen.add(share.playerId);
  });
  for (const member of members) {
    if (!seen.has(member)) problems.push({ field: 'shares', rule: 'member', message: `member ${member} has no share (give an empty list of cards for none)` });
  }

  const inPool = new Map(pool.map((c) => [c.cardId, c.count]));
  const given = new Map<string, number>();
  shares.forEach((share, i) => {
    const inShare = new Set<string>();
    share.cards.forEach((c, j) => {
      const field = `shares[${i}].cards[${j}].cardId`;
      if (inShare.has(c.cardId)) problems.push({ field, rule: 'uniqueCard', card: c.cardId, message: `${c.cardId} is listed twice in one share: give its count once` });
      inShare.add(c.cardId);
      if (!inPool.has(c.cardId)) problems.push({ field, rule: 'inTeamPool', card: c.cardId, message: `${c.cardId} is not in the team pool` });
      given.set(c.cardId, (given.get(c.cardId) ?? 0) + c.count);
    });
  });
  for (const [cardId, count] of [...inPool].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const shared = given.get(cardId) ?? 0;
    if (shared !== count) {
      problems.push({
        field: 'shares',
        rule: 'exactSplit',
        card: cardId,
        message:
          shared < count
            ? `${cardId}: the pool has ${count}, the shares give out ${shared} (every card goes to a member)`
            : `${cardId}: the pool has ${count}, the shares give out ${shared}`,
      });
    }
  }
  return problems;
}

/** The team pool: every member's cards added up, sorted by card id. */
export function teamPool(memberPools: readonly (readonly CardCount[])[]): CardCount[] {
  const counts = new Map<string, number>();
  for (const pool of memberPools) for (const c of pool) counts.set(c.cardId, (counts.get(c.cardId) ?? 0) + c.count);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([cardId, count]) => ({ cardId, count }));
}
