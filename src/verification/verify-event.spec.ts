import { drawPack } from '../boosters/booster-generator';
import { layoutTemplate } from '../catalog/layouts/default-layouts';
import { compileLayout } from '../catalog/layouts/layout-validation';
import { heroSheets } from '../boosters/set-version-cache';
import { syntheticCards } from '../boosters/synthetic-set';
import type { WowCardAttributes } from '../catalog/card.types';
import { rngFor } from '../common/random/seeded-rng';
import { botPick, type BotCard } from '../draft/rules/bot-pick';
import { deriveDraftState, type DraftPick } from '../draft/rules/draft-state';
import { splitIntoPods } from '../draft/rules/pods';
import { assignSeats } from '../draft/rules/seating';
import { botPickPurpose, draftPackPurpose, PODS_PURPOSE, sealedPackPurpose, seedCommitment } from '../common/random/stream-purposes';
import type { EventExport, ExportCard, ExportPick, ExportSetVersion } from './event-export.types';
import { EventExportFormatError, parseEventExport } from './parse-event-export';
import { heroOnlySheets, packLayoutOf, recomputeDataVersion } from './set-data';
import type { VerificationItem } from './verification-report';
import { verifyEvent } from './verify-event';

const SEED = 'verification-spec-seed-0001';
const FACTIONS = ['Alliance', 'Horde', 'Neutral'] as const;

/** A small WoW-shaped set (heroes carry rarity uncommon, as in the data) with every catalog field. */
function syntheticVersion(): ExportSetVersion {
  const cards = syntheticCards('SYN', [
    { rarity: 'common', type: 'ally', count: 30 },
    { rarity: 'uncommon', type: 'ability', count: 15 },
    { rarity: 'uncommon', type: 'hero', count: 6 },
    { rarity: 'rare', type: 'item', count: 10 },
    { rarity: 'epic', type: 'weapon', count: 4 },
  ]).map((c, i): ExportCard => {
    const attributes: WowCardAttributes = {
      game: 'wow-tcg',
      faction: FACTIONS[i % 3],
      classes: null,
      talent: null,
      heroClass: null,
      heroTalent: null,
      race: null,
      professions: [],
      unique: false,
      unlimited: false,
      cost: i % 5,
      attack: null,
      health: null,
      strikeCost: null,
      defense: null,
      subtypes: [],
    };
    return { cardId: c.cardId, number: i + 1, name: `Card ${i + 1}`, rarity: c.rarity, type: c.type, attributes, printings: [] };
  });
  const version: ExportSetVersion = { setCode: 'SYN', dataVersion: '', name: 'Synthetic', boosterLayout: layoutTemplate('wow-tcg-15')!, cards };
  return { ...version, dataVersion: recomputeDataVersion('wow-tcg', version) };
}

function baseExport(format: 'draft' | 'sealed', packCount: number, playerCount: number): EventExport {
  const version = syntheticVersion();
  return {
    format: 'podium-event-export',
    formatVersion: 1,
    exportedAt: '2026-11-30T18:00:00.000Z',
    event: {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Spec event',
      game: 'wow-tcg',
      format,
      state: 'complete',
      seedCommitment: seedCommitment(SEED),
      seed: SEED,
      seedRevealedAt: '2026-11-30T18:00:00.000Z',
      keepHeroSlot: false,
      fillWithBots: format === 'draft',
      pickTimeSeconds: 60,
      createdAt: '2026-11-30T17:00:00.000Z',
      startedAt: '2026-11-30T17:10:00.000Z',
      completedAt: '2026-11-30T18:00:00.000Z',
    },
    pinnedPacks: Array.from({ length: packCount }, (_, i) => ({ packNumber: i + 1, setCode: 'SYN', dataVersion: version.dataVersion })),
    setVersions: [version],
    players: Array.from({ length: playerCount }, (_, i) => ({ playerId: `player-${i + 1}`, number: i + 1, name: `Player ${i + 1}` })),
    pods: [],
    packs: [],
    picks: [],
  };
}

/**
 * A whole draft played as the server plays it: 3 players + 5 bots, 2 rounds. Players take the last
 * card of their pack, except two timeout picks of player seats: one the bot rule's choice (no
 * preselect), one another card (a preselect).
 */
function draftExport(): EventExport {
  const file = baseExport('draft', 2, 3);
  const version = file.setVersions[0];
  const compiled = compileLayout(packLayoutOf(version.boosterLayout, file.event), version.cards);
  const byId = new Map(version.cards.map((c) => [c.cardId, c]));
  const botCard = (id: string): BotCard => ({ cardId: id, rarity: byId.get(id)!.rarity, type: byId.get(id)!.type, attributes: byId.get(id)!.attributes });
  const sizes = splitIntoPods(3, { fillWithBots: true });
  const [{ pod, seats }] = assignSeats(
    file.players.map((p) => p.playerId),
    sizes,
    rngFor(SEED, PODS_PURPOSE),
  );
  file.pods = [{ number: pod, seats: seats.map((playerId, seat) => ({ seat, playerId })) }];
  const grid = [1, 2].map((round) => seats.map((_, seat) => drawPack(compiled, rngFor(SEED, draftPackPurpose(pod, seat, round)))));
  grid.forEach((round, r) =>
    round.forEach((cards, seat) => file.packs.push({ purpose: draftPackPurpose(pod, seat, r + 1), packNumber: r + 1, podNumber: pod, seat, playerId: seats[seat], cards })),
  );
  const firstPlayerSeat = seats.findIndex((s) => s !== null);
  const picks: (DraftPick & { source: string })[] = [];
  for (;;) {
    const state = deriveDraftState({ seats: seats.length, packSizes: [14, 14], packs: grid, picks });
    if (state.complete) break;
    for (const s of state.seatStates.filter((x) => x.hasPack)) {
      const key = { seat: s.seat, packNumber: s.packNumber, pickNumber: s.pickNumber! };
      const botChoice = () =>
        botPick(
          s.cards.map(botCard),
          s.picks.map((p) => botCard(p.cardId)),
          rngFor(SEED, botPickPurpose(pod, s.seat, s.packNumber, s.pickNumber!)),
        );
      if (seats[s.seat] === null) picks.push({ ...key, cardId: botChoice(), source: 'bot' });
      else if (s.seat === firstPlayerSeat && s.packNumber === 1 && s.pickNumber === 2) picks.push({ ...key, cardId: botChoice(), source: 'timeout' });
      else if (s.seat === firstPlayerSeat && s.packNumber === 2 && s.pickNumber === 3) {
        const choice = botChoice();
        picks.push({ ...key, cardId: s.cards.find((c) => c !== choice)!, source: 'timeout' });
      } else picks.push({ ...key, cardId: s.cards[s.cards.length - 1], source: 'player' });
    }
  }
  file.picks = picks.map((p, i): ExportPick => ({ podNumber: pod, ...p, madeAt: new Date(Date.UTC(2026, 10, 30, 17, 10, i)).toISOString() }));
  return file;
}

/** Two players' sealed pools of 3 full boosters each. */
function sealedExport(): EventExport {
  const file = baseExport('sealed', 3, 2);
  const compiled = compileLayout(file.setVersions[0].boosterLayout, file.setVersions[0].cards);
  for (const player of file.players) {
    for (let k = 1; k <= 3; k++) {
      const purpose = sealedPackPurpose(player.number, k);
      file.packs.push({ purpose, packNumber: k, podNumber: null, seat: null, playerId: player.playerId, cards: drawPack(compiled, rngFor(SEED, purpose)) });
    }
  }
  return file;
}

const clone = (file: EventExport): EventExport => JSON.parse(JSON.stringify(file));
const itemNamed = (items: VerificationItem[], name: string) => items.find((i) => i.item === name);
const mismatched = (items: VerificationItem[]) => items.filter((i) => i.status === 'mismatch').map((i) => i.item);

describe('verifyEvent: a draft', () => {
  const file = draftExport();
  const botPickItem = (f: EventExport) => f.picks.find((p) => p.source === 'bot' && p.pickNumber === 1)!;

  it('regenerates seating, every pack and every bot pick of an honest record: all match', () => {
    const report = verifyEvent(file);
    expect(mismatched(report.items)).toEqual([]);
    expect(report).toMatchObject({ ok: true, mismatches: 0, unverifiable: 1 });
    expect(itemNamed(report.items, 'seedCommitment')).toMatchObject({ status: 'match' });
    expect(itemNamed(report.items, 'dataVersion SYN')).toMatchObject({ status: 'match' });
    expect(itemNamed(report.items, 'pod sizes')).toMatchObject({ status: 'match', expected: [8] });
    expect(itemNamed(report.items, 'seating pod-1')).toMatchObject({ status: 'match' });
    expect(report.items.filter((i) => i.item.startsWith('pack ') && i.status === 'match')).toHaveLength(16);
    expect(itemNamed(report.items, 'pack pack/pod-1/seat-3/round-2')).toMatchObject({ status: 'match' });
    expect(itemNamed(report.items, 'picks pod-1')).toMatchObject({ status: 'match' });
    expect(report.items.filter((i) => i.item.startsWith('pick ') && i.status === 'match')).toHaveLength(5 * 28 + 1); // bots + one timeout
    expect(report.checked).toBe(report.items.length - 1);
  });

  it('reports a timeout pick of another card of the pack as unverifiable (a private preselect), not as a mismatch', () => {
    const timeouts = verifyEvent(file).items.filter((i) =>
      file.picks.some((p) => p.source === 'timeout' && i.item === `pick pod-1 round-${p.packNumber} pick-${p.pickNumber} seat-${p.seat}`),
    );
    expect(timeouts.map((i) => i.status).sort()).toEqual(['match', 'unverifiable']);
    expect(timeouts.find((i) => i.status === 'unverifiable')!.message).toMatch(/preselect/);
  });

  it('a timeout pick of a card that was not in the pack mismatches', () => {
    const tampered = clone(file);
    const timeout = tampered.picks.find((p) => p.source === 'timeout' && p.packNumber === 2)!;
    timeout.cardId = 'SYN-999';
    const report = verifyEvent(tampered);
    expect(itemNamed(report.items, `pick pod-1 round-2 pick-${timeout.pickNumber} seat-${timeout.seat}`)).toMatchObject({ status: 'mismatch', actual: 'SYN-999' });
    expect(report.ok).toBe(false);
  });

  it('a timeout pick at a bot seat is a mismatch: a bot seat has no player to preselect or time out', () => {
    const tampered = clone(file);
    const botPickAtSeat = tampered.picks.find((p) => p.source === 'bot' && p.packNumber === 2 && p.pickNumber === 13)!;
    botPickAtSeat.source = 'timeout';
    const report = verifyEvent(tampered);
    expect(itemNamed(report.items, 'picks pod-1')).toMatchObject({ status: 'mismatch', message: expect.stringContaining('timeout pick at a bot seat') });
    expect(report.ok).toBe(false);
  });

  it('without a revealed seed: one unverifiable item "seed not revealed" and not ok', () => {
    const report = verifyEvent({ ...file, event: { ...file.event, seed: null } });
    expect(report).toEqual({ ok: false, checked: 0, mismatches: 0, unverifiable: 1, items: [expect.objectContaining({ item: 'seed not revealed', status: 'unverifiable' })] });
  });

  it('a tampered seed fails its commitment (and regenerates other packs)', () => {
    const report = verifyEvent({ ...file, event: { ...file.event, seed: 'another-seed-entirely-0001' } });
    expect(report.ok).toBe(false);
    expect(itemNamed(report.items, 'seedCommitment')).toMatchObject({
      status: 'mismatch',
      expected: seedCommitment('another-seed-entirely-0001'),
      actual: file.event.seedCommitment,
    });
    expect(itemNamed(report.items, 'pack pack/pod-1/seat-0/round-1')).toMatchObject({ status: 'mismatch' });
  });

  it('a seed that cannot name streams mismatches and stops there', () => {
    const report = verifyEvent({ ...file, event: { ...file.event, seed: 'has/slash' } });
    expect(report.items.map((i) => [i.item, i.status])).toEqual([
      ['seedCommitment', 'mismatch'],
      ['seed', 'mismatch'],
    ]);
  });

  it('a tampered pack card: that pack mismatches with the regenerated cards', () => {
    const tampered = clone(file);
    const pack = tampered.packs.find((p) => p.purpose === 'pack/pod-1/seat-2/round-1')!;
    const original = [...pack.cards];
    pack.cards[5] = pack.cards[5] === 'SYN-1' ? 'SYN-2' : 'SYN-1';
    const report = verifyEvent(tampered);
    expect(itemNamed(report.items, 'pack pack/pod-1/seat-2/round-1')).toMatchObject({ status: 'mismatch', expected: original, actual: pack.cards });
    expect(itemNamed(report.items, 'pack pack/pod-1/seat-1/round-1')).toMatchObject({ status: 'match' });
    expect(report.ok).toBe(false);
  });

  it('a tampered bot pick: that pick mismatches, naming the bot rule’s card', () => {
    const tampered = clone(file);
    const pick = botPickItem(tampered);
    const original = pick.cardId;
    const pack = tampered.packs.find((p) => p.podNumber === 1 && p.seat === pick.seat && p.packNumber === pick.packNumber)!;
    pick.cardId = pack.cards.find((c) => c !== original)!;
    const report = verifyEvent(tampered);
    expect(itemNamed(report.items, `pick pod-1 round-${pick.packNumber} pick-1 seat-${pick.seat}`)).toMatchObject({
      status: 'mismatch',
      expected: original,
      actual: pick.cardId,
      message: expect.stringMatching(/bot rule/),
    });
    expect(report.ok).toBe(false);
  });

  it('tampered set data fails its data version', () => {
    const tampered = clone(file);
    tampered.setVersions[0].cards[0].rarity = 'rare';
    expect(itemNamed(verifyEvent(tampered).items, 'dataVersion SYN')).toMatchObject({ status: 'mismatch', actual: file.setVersions[0].dataVersion });
  });

  it('tampered seating, a relabelled pack, a missing pack and a pick outside the pack are mismatches', () => {
    const tampered = clone(file);
    const seats = tampered.pods[0].seats;
    [seats[0].playerId, seats[1].playerId] = [seats[1].playerId, seats[0].playerId];
    tampered.packs.find((p) => p.purpose === 'pack/pod-1/seat-4/round-2')!.purpose = 'pack/pod-1/seat-5/round-2';
    tampered.packs = tampered.packs.filter((p) => p.purpose !== 'pack/pod-1/seat-7/round-1');
    const report = verifyEvent(tampered);
    expect(mismatched(report.items)).toEqual(expect.arrayContaining(['seating pod-1', 'pack pack/pod-1/seat-4/round-2', 'pack pack/pod-1/seat-7/round-1', 'picks pod-1']));
    expect(itemNamed(report.items, 'pack pack/pod-1/seat-4/round-2')!.message).toMatch(/seat-5/);
    expect(itemNamed(report.items, 'pack pack/pod-1/seat-7/round-1')!.message).toMatch(/missing/);
  });

  it('does not depend on the order of the record or on pick times', () => {
    const shuffled = clone(file);
    shuffled.picks.reverse().forEach((p) => (p.madeAt = '2000-01-01T00:00:00.000Z'));
    shuffled.packs.reverse();
    expect(verifyEvent(shuffled)).toEqual(verifyEvent(file));
  });
});

describe('verifyEvent: sealed', () => {
  const file = sealedExport();

  it('regenerates every pool pack: all match', () => {
    const report = verifyEvent(file);
    expect(report).toMatchObject({ ok: true, mismatches: 0, unverifiable: 0 });
    expect(report.items.map((i) => i.item)).toEqual(['seedCommitment', 'dataVersion SYN', ...[1, 2].flatMap((n) => [1, 2, 3].map((k) => `pack pack/player-${n}/pack-${k}`))]);
    expect(report.items.find((i) => i.item === 'pack pack/player-1/pack-1')!.expected).toHaveLength(15); // sealed keeps the hero
  });

  it('reports a tampered, missing or extra pool pack', () => {
    const tampered = clone(file);
    tampered.packs[0].cards.reverse();
    tampered.packs = tampered.packs.filter((p) => p.purpose !== 'pack/player-2/pack-3');
    tampered.packs.push({ ...tampered.packs[1], purpose: 'pack/player-3/pack-1', playerId: 'player-3' });
    expect(mismatched(verifyEvent(tampered).items)).toEqual(['pack pack/player-1/pack-1', 'pack pack/player-2/pack-3', 'pack pack/player-3/pack-1']);
  });
});

describe('verifyEvent: real boosters (packSource physical)', () => {
  /** The draft's record as an event of real boosters keeps it: the seating, no packs, no picks. */
  const physical = (): EventExport => {
    const file = clone(draftExport());
    file.event.packSource = 'physical';
    file.packs = [];
    file.picks = [];
    return file;
  };

  it('rule: only the seating is regenerated; a recorded pack or pick is a mismatch', () => {
    const honest = verifyEvent(physical());
    expect(honest.ok).toBe(true);
    expect(honest.items.map((i) => i.item)).toEqual(['seedCommitment', 'dataVersion SYN', 'pod sizes', 'seating pod-1']);
    const withPack = physical();
    withPack.packs = [draftExport().packs[0]];
    withPack.picks = [draftExport().picks[0]];
    expect(mismatched(verifyEvent(withPack).items)).toEqual([`pack ${withPack.packs[0].purpose}`, 'picks']);
    const moved = physical();
    moved.pods[0].seats = [...moved.pods[0].seats].reverse().map((s, seat) => ({ ...s, seat }));
    expect(mismatched(verifyEvent(moved).items)).toEqual(['seating pod-1']);
  });

  it('rule: seat swaps — the organizer’s recorded swaps before picking are applied to the seed’s seating', () => {
    const swapped = physical();
    const seats = swapped.pods[0].seats.filter((s) => s.playerId !== null);
    const [a, b] = [seats[0], seats[1]];
    [a.playerId, b.playerId] = [b.playerId, a.playerId];
    expect(mismatched(verifyEvent(swapped).items)).toEqual(['seating pod-1']);
    swapped.seatSwaps = [{ playerA: b.playerId!, playerB: a.playerId!, at: '2026-12-06T00:00:00.000Z' }];
    expect(verifyEvent(swapped).ok).toBe(true);
    expect(parseEventExport(JSON.stringify(swapped)).seatSwaps).toEqual(swapped.seatSwaps);
  });
});

describe('draft layout', () => {
  it('drops the same hero-only sheets as the server (set-version-cache heroSheets)', () => {
    for (const name of ['wow-tcg-15', 'wow-tcg-19', 'berserk-12']) {
      const layout = layoutTemplate(name)!;
      expect(heroOnlySheets(layout, ['hero'])).toEqual(heroSheets(layout, ['hero']));
    }
    expect(heroOnlySheets(layoutTemplate('wow-tcg-15')!, ['hero'])).toEqual(['hero']);
  });

  it('keeps the hero slot for sealed and when the event keeps it', () => {
    const layout = layoutTemplate('wow-tcg-15')!;
    expect(packLayoutOf(layout, { game: 'wow-tcg', format: 'sealed', keepHeroSlot: false })).toBe(layout);
    expect(packLayoutOf(layout, { game: 'wow-tcg', format: 'draft', keepHeroSlot: true })).toBe(layout);
    expect(Object.keys(packLayoutOf(layout, { game: 'wow-tcg', format: 'draft', keepHeroSlot: false }).sheets)).not.toContain('hero');
  });
});

describe('verifyEvent: a late entry after round 1 (docs/rules.md "Late entry after round 1")', () => {
  it('a draft replays its seating without the player who came after it; the same player seated would be a mismatch', () => {
    const file = draftExport();
    const late = { playerId: 'late-player', number: file.players.length + 1, name: 'Late', firstRound: 2 };
    const withLate = { ...file, players: [...file.players, late] };
    expect(mismatched(verifyEvent(withLate).items)).toEqual([]);
    const { firstRound: _firstRound, ...unmarked } = late;
    expect(mismatched(verifyEvent({ ...file, players: [...file.players, unmarked] }).items)).toContain('seating pod-1');
  });

  it('the export reads back with the late entry’s first round', () => {
    const file = sealedExport();
    const marked = { ...file, players: file.players.map((p, i) => (i === 0 ? { ...p, firstRound: 3 } : p)) };
    expect(parseEventExport(JSON.stringify(marked))).toEqual(marked);
    const wrong = { ...file, players: file.players.map((p, i) => (i === 0 ? { ...p, firstRound: '3' } : p)) };
    expect(() => parseEventExport(JSON.stringify(wrong))).toThrow('players[0].firstRound: an integer expected');
  });
});

describe('parseEventExport', () => {
  it('reads back what JSON.stringify wrote', () => {
    const file = sealedExport();
    expect(parseEventExport(JSON.stringify(file))).toEqual(file);
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['another kind of file', JSON.stringify({ format: 'podium-set' }), /not an event export/],
    ['another format version', JSON.stringify({ format: 'podium-event-export', formatVersion: 2 }), /formatVersion 2/],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseEventExport(text)).toThrow(EventExportFormatError);
    expect(() => parseEventExport(text)).toThrow(message);
  });

  it('names the field of the wrong kind', () => {
    const file = clone(sealedExport()) as unknown as { packs: { cards: unknown }[]; setVersions: { cards: { number: unknown }[] }[] };
    file.packs[1].cards = 'SYN-1';
    expect(() => parseEventExport(JSON.stringify(file))).toThrow('packs[1].cards: an array of card ids expected');
    const other = clone(sealedExport()) as unknown as { setVersions: { cards: { number: unknown }[] }[] };
    other.setVersions[0].cards[2].number = '3';
    expect(() => parseEventExport(JSON.stringify(other))).toThrow('setVersions[0].cards[2].number: an integer expected');
  });
});
