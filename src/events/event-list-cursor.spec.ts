import { thrown } from '../../test/utils/thrown';
import { decodeEventCursor, encodeEventCursor } from './event-list-cursor';

describe('event list cursor (keyset position of GET /api/events)', () => {
  it('names the position it was made from', () => {
    const position = { createdAt: new Date('2026-11-30T18:00:00.123Z'), id: '0b9c6f7e-3f1a-4c55-9d0e-7a1b2c3d4e5f' };
    const cursor = encodeEventCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEventCursor(cursor)).toEqual(position);
  });

  it.each([['not base64!'], [''], [Buffer.from('12.not-a-uuid').toString('base64url')], [Buffer.from('x.0b9c6f7e-3f1a-4c55-9d0e-7a1b2c3d4e5f').toString('base64url')]])(
    'refuses a cursor it did not make (%s): 400 field cursor',
    (cursor) => {
      expect(thrown(() => decodeEventCursor(cursor))).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'cursor', rule: 'cursor' }] });
    },
  );
});
