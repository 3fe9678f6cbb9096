import { thrown } from '../../../test/utils/thrown';
import { assertMemberStoreEvent, assertMemberStores } from './league-members';

const OWN = '11111111-1111-4111-8111-111111111111';
const MEMBER = '22222222-2222-4222-8222-222222222222';
const STRANGER = '33333333-3333-4333-8333-333333333333';

describe('league member stores', () => {
  it('MEMBER_STORE_EVENTS: a league takes in events of its own store and of its member stores, not of others', () => {
    expect(() => assertMemberStoreEvent(OWN, [], OWN)).not.toThrow();
    expect(() => assertMemberStoreEvent(OWN, [MEMBER], MEMBER)).not.toThrow();
    expect(thrown(() => assertMemberStoreEvent(OWN, [MEMBER], STRANGER))).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'eventId', rule: 'memberStore' }] });
    expect(thrown(() => assertMemberStoreEvent(OWN, [], MEMBER))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('MEMBER_STORES_ARE_OTHERS: members are other stores, each named once; none is fine', () => {
    expect(() => assertMemberStores(OWN, [])).not.toThrow();
    expect(() => assertMemberStores(OWN, [MEMBER, STRANGER])).not.toThrow();
    expect(thrown(() => assertMemberStores(OWN, [MEMBER, OWN]))).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'storeIds', rule: 'notOwnStore' }] });
    expect(thrown(() => assertMemberStores(OWN, [MEMBER, MEMBER.toUpperCase()]))).toMatchObject({ details: [{ rule: 'unique' }] });
  });
});
