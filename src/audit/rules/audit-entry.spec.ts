import { thrown } from '../../../test/utils/thrown';
import type { StaffContext } from '../../common/auth/staff-context';
import {
  actionMatches,
  actorColumns,
  actorOfCaller,
  AUDIT_ACTIONS,
  decodeAuditCursor,
  encodeAuditCursor,
  playerActor,
  resultChangeAction,
  staffActor,
  systemActor,
} from './audit-entry';

const judge: StaffContext = { accountId: '00000000-0000-4000-8000-000000000001', name: 'Jude', storeId: '00000000-0000-4000-8000-000000000009', role: 'judge', via: 'session' };

describe('audit entries', () => {
  it('CORRECTION_NEEDS_REASON: changing a result the match already has needs a reason; a first result does not', () => {
    expect(resultChangeAction(null, { winsA: 2, winsB: 0, draws: 0 }, undefined)).toBe('result.entered');
    expect(resultChangeAction({ winsA: 2, winsB: 0, draws: 0 }, { winsA: 0, winsB: 2, draws: 0 }, 'slip swapped')).toBe('result.corrected');
    for (const reason of [undefined, null, '', '   ']) {
      const error = thrown(() => resultChangeAction({ winsA: 2, winsB: 0, draws: 0 }, { winsA: 0, winsB: 2, draws: 0 }, reason));
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'reason', rule: 'required' }] });
    }
  });

  it('AUDIT_ACTOR_NAMED: staff by account, name and role; a player by id and name; the system by its mechanism', () => {
    expect(actorColumns(staffActor(judge))).toEqual({ kind: 'staff', accountId: judge.accountId, playerId: null, name: 'Jude', role: 'judge' });
    expect(actorColumns(playerActor({ id: 'p1', name: 'Ann' }))).toEqual({ kind: 'player', accountId: null, playerId: 'p1', name: 'Ann', role: null });
    expect(actorColumns(systemActor('waitlist'))).toEqual({ kind: 'system', accountId: null, playerId: null, name: 'waitlist', role: null });
    // ORGANIZER_TOKEN before setup has no account: it is named, not anonymous.
    expect(actorColumns(staffActor({ ...judge, accountId: null, name: 'Organizer token', role: 'owner', via: 'serverToken' }))).toMatchObject({
      accountId: null,
      name: 'Organizer token',
      role: 'owner',
    });
  });

  it('AUDIT_ACTOR_OF_CALLER: staff on a mixed route, else the player acting for themself, else the system', () => {
    expect(actorOfCaller({ kind: 'organizer', staff: judge }, { id: 'p1', name: 'Ann' })).toMatchObject({ kind: 'staff', name: 'Jude' });
    expect(actorOfCaller({ kind: 'player', token: 't' }, { id: 'p1', name: 'Ann' })).toEqual({ kind: 'player', playerId: 'p1', name: 'Ann' });
    expect(actorOfCaller({ kind: 'anonymous' }, { id: 'p2', name: 'Bo' })).toEqual({ kind: 'player', playerId: 'p2', name: 'Bo' });
    expect(actorOfCaller({ kind: 'anonymous' }, null)).toMatchObject({ kind: 'system' });
  });

  it('AUDIT_ACTION_PREFIX: a filter takes its actions by dotted prefix or the exact action, never a longer word', () => {
    expect(actionMatches('result.corrected', 'result')).toBe(true);
    expect(actionMatches('result.corrected', 'result.')).toBe(true);
    expect(actionMatches('result.corrected', 'result.corrected')).toBe(true);
    expect(actionMatches('result.corrected', 'result.entered')).toBe(false);
    expect(actionMatches('penalty.given', 'pen')).toBe(false);
    expect(actionMatches('penalty.given', undefined)).toBe(true);
    expect(AUDIT_ACTIONS.every((a) => /^[a-z]+\.[a-zA-Z]+$/.test(a))).toBe(true);
  });

  it('AUDIT_CURSOR: a cursor names the last entry of a page and nothing else is taken', () => {
    const position = { at: new Date('2026-12-07T10:00:00.123Z'), seq: 123456789n };
    expect(decodeAuditCursor(encodeAuditCursor(position))).toEqual(position);
    expect(thrown(() => decodeAuditCursor('bm90LWEtY3Vyc29y'))).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'cursor' }] });
  });
});
