/**
 * Domain errors: thrown by rules and services, never HttpException. One filter
 * (src/common/errors/http-error.filter.ts) answers them, with the HTTP status that `statusOf`
 * (src/common/errors/error-response.ts) gives each code.
 */

/** Machine-readable error codes of the whole API. Add a code here, to `statusOf`'s switch (src/common/errors/error-response.ts) and its EN+RU text to web/src/i18n/error-codes.ts. */
export type ErrorCode =
  /** Request body, query or path broke a validation rule (400). */
  | 'VALIDATION_FAILED'
  /** Request body is not parseable (malformed JSON/XML) (400). */
  | 'MALFORMED_BODY'
  /** The request itself is not valid HTTP (bad request line, header, encoding) (400). */
  | 'MALFORMED_REQUEST'
  /** The request was not received in time (slow headers or body) (408). */
  | 'REQUEST_TIMEOUT'
  /** Too many requests from this client (or wrong join codes for this event); see Retry-After (429). */
  | 'RATE_LIMITED'
  /** URL and headers together exceed the server's limit (16 KB) (431). */
  | 'REQUEST_HEADERS_TOO_LARGE'
  /** Missing or wrong organizer/player token (401). */
  | 'UNAUTHORIZED'
  /** Live stream: `?ticket=` missing, malformed, forged or expired; ask for a new one (401). */
  | 'STREAM_TICKET_INVALID'
  /** Route does not exist (404). */
  | 'ROUTE_NOT_FOUND'
  /** Set code unknown for the game(s) asked (404). */
  | 'SET_NOT_FOUND'
  /** A set code matches sets of several games; add `?game=` (409). */
  | 'SET_CODE_AMBIGUOUS'
  /** Players still in the event have no legal registered deck: the round waits for the organizer's choice (409). */
  | 'DECKS_NOT_READY'
  /** The event does not allow sideboarding between games (its `sideboarding` option is off) (409). */
  | 'SIDEBOARDING_NOT_ALLOWED'
  /** The deck suggestion's best effort (every hero tried) is short of the player's minimum: details give the count (409). */
  | 'SUGGESTION_SHORT'
  /** An OCTGN .o8d was asked for a deck OCTGN could not load (cards without an OCTGN GUID, or a game OCTGN lacks) (422). */
  | 'OCTGN_IDS_MISSING'
  /** An imported file is well-formed but its content breaks a rule; details name the card or line (422). */
  | 'IMPORT_INVALID'
  /** Too few players to seat a pod (draft: fewer than the minimum pod size without bots) (409). */
  | 'NOT_ENOUGH_PLAYERS'
  /** A set has no known booster layout and the import did not supply one (422). */
  | 'BOOSTER_LAYOUT_REQUIRED'
  /** A booster layout is inconsistent or cannot be filled from the set's cards (422). */
  | 'BOOSTER_LAYOUT_INVALID'
  /** A player token may not act here (another player's data, wrong event) (403). */
  | 'FORBIDDEN'
  /** A signed-in browser's change came without the session's X-CSRF-Token (or a wrong one) (403). */
  | 'CSRF_TOKEN_INVALID'
  /** The account is staff of several stores: name the store (storeId) (400). */
  | 'STORE_REQUIRED'
  /** Store id unknown (404). */
  | 'STORE_NOT_FOUND'
  /** Wrong username or password (the same answer for both, so names cannot be guessed) (401). */
  | 'LOGIN_FAILED'
  /** An invite or setup link that does not exist or has expired (404). */
  | 'INVITE_INVALID'
  /** An invite or setup link that was already used (409). */
  | 'INVITE_USED'
  /** Another account has this username (409). */
  | 'USERNAME_TAKEN'
  /** No staff member with this account id in the store (404). */
  | 'STAFF_NOT_FOUND'
  /** No API token with this id among the caller's (404). */
  | 'API_TOKEN_NOT_FOUND'
  /** The change would leave the store without an owner (409). */
  | 'LAST_OWNER'
  /** Join code missing or wrong for a protected event (403). */
  | 'JOIN_CODE_INVALID'
  /** Event id unknown (404). */
  | 'EVENT_NOT_FOUND'
  /** Player id unknown in this event (404). */
  | 'PLAYER_NOT_FOUND'
  /** Pod id unknown in this event (404). */
  | 'POD_NOT_FOUND'
  /** The event's state does not allow this action (409); details say the state and what is allowed. */
  | 'EVENT_STATE_CONFLICT'
  /** The profile is already registered in this event (409). */
  | 'ALREADY_REGISTERED'
  /** The event is at capacity and has started: a late entry has no seat and the waitlist no longer moves (409). */
  | 'EVENT_FULL'
  /** No player of this event has that claim code (403). */
  | 'CLAIM_CODE_INVALID'
  /** The claim code was already used to take the seat; the organizer can issue a new token (409). */
  | 'CLAIM_CODE_USED'
  /** That pick number was already made with another card (409). */
  | 'PICK_ALREADY_MADE'
  /** The card is not (or no longer) in the pack in front of the seat (409). */
  | 'CARD_NOT_IN_PACK'
  /** The pack for that pick has not reached the seat yet (409). */
  | 'PACK_NOT_ARRIVED'
  /** The pod is paused by the organizer (409). */
  | 'DRAFT_PAUSED'
  /** The pod kept changing under a pick (other instances): try again (409). */
  | 'POD_BUSY'
  /** The seed is still secret: reveal it after the event is complete (409). */
  | 'SEED_NOT_REVEALED'
  /** A submitted deck breaks the game's deck rules; it is stored as an illegal draft (422). */
  | 'DECK_ILLEGAL'
  /** A draft or a real-booster event takes a player after its start only with a deck list the organizer registers in the same request (422). */
  | 'LATE_ENTRY_DECK_REQUIRED'
  /** The player has not submitted a deck yet (404). */
  | 'DECK_NOT_FOUND'
  /** League id unknown (404). */
  | 'LEAGUE_NOT_FOUND'
  /** Round number unknown in this event (404). */
  | 'ROUND_NOT_FOUND'
  /** Match id unknown (404). */
  | 'MATCH_NOT_FOUND'
  /** Penalty id unknown in this event (404). */
  | 'PENALTY_NOT_FOUND'
  /** Team id unknown in this event (404). */
  | 'TEAM_NOT_FOUND'
  /** Team draft: a pod would hold a single team, so seats cannot alternate teams (409). */
  | 'TEAM_PODS_UNBALANCED'
  /** Team event: a team is not complete or a player has no team; details name them (409). */
  | 'TEAMS_INCOMPLETE'
  /** The event uses real boosters at the table (packSource "physical"): Podium holds no packs or pool to act on (409). */
  | 'PHYSICAL_BOOSTERS'
  /** The set is not sold in boosters (a promo set): it opens no boosters and no event uses it for packs (422). */
  | 'NOT_A_BOOSTER_SET'
  /** Pooled team sealed: the split does not share out the team's pool exactly; details name the cards (422). */
  | 'TEAM_SPLIT_INVALID'
  /** An event archive is not one Podium reads: not an archive, a field or table that breaks its shape; details name it (422). */
  | 'ARCHIVE_INVALID'
  /** An event archive comes from a newer schema than this server's (a migration it does not have): upgrade first (422). */
  | 'ARCHIVE_SCHEMA_NEWER'
  /** An event archive collides with this server's data: the event exists (import with ?replace=true), or its code or a token is taken (409). */
  | 'ARCHIVE_CONFLICT'
  /** A round's pairings cannot be edited: a match involved has a result, a report, a penalty or a sideboarded deck; details name the tables (409). */
  | 'PAIRING_LOCKED'
  /** A pairing swap would create a rematch (or a second bye); details name the pairs. Send allowRematch to swap anyway (409). */
  | 'PAIRING_REMATCH'
  /** Another player (team) already has that fixed table (409). */
  | 'FIXED_TABLE_TAKEN'
  /** Draft seats cannot be swapped: a seat has picked (a bot seat picks at the start) or the pod is not drafting yet/any more (409). */
  | 'SEATS_LOCKED'
  /** Team draft: the swap would put two seats of one team side by side (seats alternate A/B) (409). */
  | 'TEAM_SEATS_ALTERNATE'
  /** Body larger than the route accepts (413). */
  | 'PAYLOAD_TOO_LARGE'
  /** Body media type not accepted by the route (415). */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** The database does not answer (503). */
  | 'DATABASE_UNAVAILABLE'
  /** Unexpected server fault; message is generic (500). */
  | 'INTERNAL_ERROR';

/** One problem in a request or file: which field/card/line, which rule, and a sentence. */
export interface ErrorDetail {
  /** Path of the field at fault, e.g. "count", "cards[12].rarity", "variants[0].slots[1].sheet". */
  field?: string;
  /** Rule broken, e.g. "max", "isInt", "required", "unknownSheet", "sheetTooSmall". */
  rule: string;
  message: string;
  /** Card at fault, e.g. "HOA-218" or the card's name when it has no id yet. */
  card?: string;
  /** 1-based line in the imported file, when the parser knows it. */
  line?: number;
  /** Player at fault (their id in the event), e.g. each player DECKS_NOT_READY names. */
  playerId?: string;
}

export class DomainError extends Error {
  /**
   * @param omittedDetails problems found but not listed in `details` (validation failures list the
   *   first few only: see validationFailed in src/common/validation/validation.ts).
   */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly omittedDetails = 0,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
