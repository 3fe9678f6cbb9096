/** The shapes of the API answers the simulator reads (a subset of each route's DTO). */

export interface CardView {
  cardId: string;
  setCode: string;
  name: string;
  rarity: string;
  type: string;
}

/** GET /api/events/:id/me */
export interface MeView {
  playerId: string;
  podId: string | null;
  seat: number | null;
  state: string;
  packNumber: number | null;
  pickNumber: number | null;
  deadline: string | null;
  currentPack: { cards: CardView[] } | null;
  picks: CardView[];
  pool: CardView[];
}

export interface CardCount {
  cardId: string;
  count: number;
}

/** GET /api/events/:id/deck/suggestion */
export interface SuggestionView {
  hero: string | null;
  main: CardCount[];
  sideboard: CardCount[];
  explanation: string;
  legal: boolean;
  violations: { code: string; message: string }[];
}

export interface MatchResult {
  winsA: number;
  winsB: number;
  draws: number;
}

export interface PairingView {
  matchId: string;
  table: number;
  playerA: { playerId: string; name: string };
  playerB: { playerId: string; name: string } | null;
  rematch: boolean;
  result: MatchResult | null;
  disputed: boolean;
}

/** POST /api/events/:id/rounds, GET …/rounds/:n */
export interface RoundView {
  number: number;
  kind: 'swiss' | 'playoff' | string;
  pairings: PairingView[];
}

/** GET /api/events/:id/standings */
export interface StandingView {
  rank: number;
  playerId: string;
  name: string;
  matchPoints: number;
  record: string;
  mwp: number;
  omwp: number;
  gwp: number;
  ogwp: number;
  dropped: boolean;
}

/** GET /api/events/:id/placings */
export interface PlacingView {
  place: number;
  playerId: string;
  name: string;
  swissRank: number;
  playoffRound: number | null;
}

/** A participant of the simulation: a registered player with their own client. */
export interface SimPlayer {
  /** Registration order, 1-based. */
  number: number;
  name: string;
  playerId: string;
  token: string;
}
