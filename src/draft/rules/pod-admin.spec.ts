import { thrown } from '../../../test/utils/thrown';
import { assertAbsentMarkable, assertPickClocks, assertSeated, physicalBoosters, podsToPause, preselectedPick } from './pod-admin';

const PHYSICAL = {
  code: 'PHYSICAL_BOOSTERS',
  message: 'This draft uses real boosters at the table: Podium seats the pods but holds no packs, picks or pick clocks',
  details: [{ field: 'packSource', rule: 'generatedPacksOnly', message: "the event's packSource is physical" }],
};

describe('pod administration', () => {
  it('a draft of real boosters has no pick clocks to pause', () => {
    expect(physicalBoosters()).toMatchObject(PHYSICAL);
    expect(thrown(() => assertPickClocks('physical'))).toMatchObject(PHYSICAL);
    expect(() => assertPickClocks('generated')).not.toThrow();
  });

  it('a pause applies to the pod named, or to every pod of the event', () => {
    expect(podsToPause(['p1', 'p2'], 'p2')).toEqual(['p2']);
    expect(podsToPause(['p1', 'p2'])).toEqual(['p1', 'p2']);
    expect(podsToPause(['p1', 'p2'], '')).toEqual(['p1', 'p2']);
  });

  it('a pod not of the event cannot be paused', () => {
    expect(thrown(() => podsToPause(['p1'], 'p9'))).toMatchObject({
      code: 'POD_NOT_FOUND',
      message: 'No pod p9 in this event',
      details: [{ field: 'podId', rule: 'exists', message: 'unknown pod' }],
    });
  });

  it('no bot picks for an absent seat at a real-booster table', () => {
    expect(thrown(() => assertAbsentMarkable(true, 'physical'))).toMatchObject(PHYSICAL);
    expect(() => assertAbsentMarkable(true, 'generated')).not.toThrow();
  });

  it('a player not seated can be marked absent whatever the boosters', () => {
    expect(() => assertAbsentMarkable(false, 'physical')).not.toThrow();
  });

  it('only a seated player drafts', () => {
    expect(() => assertSeated({ podId: 'p1', seat: 0 })).not.toThrow();
    expect(thrown(() => assertSeated(null))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You have no seat in a draft pod of this event',
      details: [{ field: 'authorization', rule: 'seated', message: 'not seated' }],
    });
  });

  it('a preselection is for the pick of the pack in front of the seat', () => {
    expect(preselectedPick({ hasPack: true, cards: ['a', 'b'], packNumber: 2, pickNumber: 5 }, 'b')).toEqual({ packNumber: 2, pickNumber: 5 });
  });

  it('nothing can be preselected before a pack is in front of the seat', () => {
    expect(thrown(() => preselectedPick({ hasPack: false, cards: [], packNumber: 1, pickNumber: 3 }, 'a'))).toMatchObject({
      code: 'PACK_NOT_ARRIVED',
      message: 'No pack is in front of you yet',
      details: [{ field: 'cardId', rule: 'PACK_NOT_ARRIVED', message: 'no pack in front of the seat' }],
    });
  });

  it('only a card of the pack in front of the seat can be preselected', () => {
    expect(thrown(() => preselectedPick({ hasPack: true, cards: ['a'], packNumber: 1, pickNumber: 2 }, 'z'))).toMatchObject({
      code: 'CARD_NOT_IN_PACK',
      message: 'Card z is not in your current pack',
      details: [{ field: 'cardId', rule: 'CARD_NOT_IN_PACK', message: 'not in the pack' }],
    });
  });
});
