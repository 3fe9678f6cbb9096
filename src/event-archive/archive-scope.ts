/**
 * What the foreign keys cannot say about an event archive, declared once (the contract test
 * `event archive covers every table` fails when a table or an id column is in neither place).
 */

/** Tables that hold no event's data, and why they are not in an event archive. */
export const NOT_EVENT_TABLES: Readonly<Record<string, string>> = {
  _prisma_migrations: 'the schema history: the archive names the migrations it was taken with instead',
  card_set: 'the catalog: the archive carries the set versions the event pins (its catalog section), not the sets',
  set_version: 'the catalog: the versions the event pins are in the catalog section',
  card: 'the catalog: the cards of the pinned versions are in the catalog section',
  rate_limit_hit: "the previous release's per-client rate-limit counters: they belong to the server, not to an event",
  rate_limit_counter: "per-client counters of the server's rate limits: they belong to the server, not to an event",
  account: "the server's staff accounts: never copied to another server (passwords)",
  staff_role: 'who is staff of which store on this server',
  staff_session: 'signed-in browsers of this server',
  api_token: 'staff API tokens of this server',
  staff_invite: "invite links of this server's stores",
  league_member_store: 'which stores a league takes events from: league data, not an event’s',
  league_event_result: 'results the league standings keep, derived from the rounds: computed again on the target',
  league_event_result_head: 'when the league standings last computed an event: derived, computed again on the target',
  league_event_stale: 'marks of league events whose kept results moved: derived, the import marks the event itself',
};

/**
 * Columns of event-owned tables that name another row without a foreign key: a row of the same
 * event (kept as is: an archive keeps every id of its event), a pinned set version (matched on the
 * target by set and data version, and rewritten), or a card by its stable id `<SET>-<number>`
 * (the same on every server, in every data version), or a row an audit entry names as it was
 * (`recorded`: a store, league, account, or a match of an undone round — history, kept as written,
 * never followed).
 */
export const UNDECLARED_REFERENCES: Readonly<Record<string, 'same-event' | 'set-version' | 'card-id' | 'recorded'>> = {
  'pack_card.card_id': 'card-id',
  'pick.card_id': 'card-id',
  'preselect.card_id': 'card-id',
  'deck.event_id': 'same-event',
  'deck_working_copy.event_id': 'same-event',
  'match.player_a_id': 'same-event', // a player, or a team in team events
  'match.player_b_id': 'same-event',
  'penalty.player_id': 'same-event', // a player, or a team in team events
  'pack.version_id': 'set-version',
  'event.packs': 'set-version', // JSON: [{ setCode, versionId, dataVersion }]
  'audit_entry.store_id': 'recorded', // the event's store when the change was made
  'audit_entry.league_id': 'recorded',
  'audit_entry.match_id': 'recorded', // may be gone: an undone or re-paired round's match
  'audit_entry.actor_account_id': 'recorded', // a staff account of the server that recorded it
  'audit_entry.actor_player_id': 'recorded', // a player of the event (or one since unregistered)
};

/** The catalog tables of the archive's catalog section, parents first. */
export const CATALOG_TABLES = ['card_set', 'set_version', 'card'] as const;
