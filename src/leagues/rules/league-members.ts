/**
 * Which stores' events a league takes in (a regional or national season run by one store with the
 * stores of its region). Pure: the service passes the stores as stored.
 * - A league counts events of the store that owns it and of its member stores; an event of any
 *   other store is refused (403 FORBIDDEN rule `memberStore`): a league cannot pull in another
 *   store's event without that store having been made a member.
 * - The members are a set of other stores: the owning store is always in, so naming it is an error,
 *   and a store named twice is one mistake worth pointing at.
 * Member stores' private data stays theirs: a league shows the public standings of their events,
 * nothing else (StaffGuard still checks every event route against the event's own store).
 */
import { DomainError } from '../../common/errors/domain-error';

/**
 * Podium's rule: a league takes in events of its own store and of its member stores.
 * @param leagueStoreId the store that owns the league; `memberStoreIds` its member stores;
 *   `eventStoreId` the store that runs the event.
 * @throws DomainError FORBIDDEN (field eventId, rule memberStore) for an event of another store.
 */
export function assertMemberStoreEvent(leagueStoreId: string, memberStoreIds: readonly string[], eventStoreId: string): void {
  if (eventStoreId === leagueStoreId || memberStoreIds.includes(eventStoreId)) return;
  throw new DomainError('FORBIDDEN', 'The event belongs to a store that is not a member of the league', [
    { field: 'eventId', rule: 'memberStore', message: 'the event’s store is not the league’s store nor a member store' },
  ]);
}

/**
 * Podium's rule: a league's member stores are other stores, each named once.
 * @param leagueStoreId the owning store; `storeIds` the requested members (in request order).
 * @throws DomainError VALIDATION_FAILED (field storeIds) — rule notOwnStore when the owning store
 *   is named, rule unique when a store is named twice.
 */
export function assertMemberStores(leagueStoreId: string, storeIds: readonly string[]): void {
  if (storeIds.includes(leagueStoreId))
    throw new DomainError('VALIDATION_FAILED', 'The league’s own store is always in: list only the other stores', [
      { field: 'storeIds', rule: 'notOwnStore', message: 'the league’s own store is not a member store' },
    ]);
  if (new Set(storeIds.map((id) => id.toLowerCase())).size !== storeIds.length)
    throw new DomainError('VALIDATION_FAILED', 'A store is named twice', [{ field: 'storeIds', rule: 'unique', message: 'each store once' }]);
}
