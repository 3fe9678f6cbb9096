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

/** A member of a team as pairings, standings and GET …/teams name them. */
export interface MemberRef {
  playerId: string;
  name: string;
}

/** A side of a pairing: a player, or in a team event a team (`playerId` = `teamId`, with its members). */
export interface SideView {
  playerId: string;
  name: string;
  teamId?: string;
  members?: MemberRef[];
}

export interface PairingView {
  matchId: string;
  table: number;
  playerA: SideView;
  playerB: SideView | null;
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
  /** Team events: the row is a team (`playerId` = `teamId`). */
  teamId?: string;
  members?: MemberRef[];
}

/** GET /api/events/:id/placings */
export interface PlacingView {
  place: number;
  playerId: string;
  name: string;
  swissRank: number;
  playoffRound: number | null;
}

/** GET /api/events/:id/teams */
export interface TeamView {
  teamId: string;
  number: number;
  name: string;
  members: MemberRef[];
  complete: boolean;
  droppedAfterRound: number | null;
}

/** GET /api/events/:id/pods (the seating part). */
export interface PodView {
  podId: string;
  number: number;
  seats: { seat: number; playerId: string | null; name: string; bot: boolean }[];
}

/** A participant of the simulation: a registered player with their own client. */
export interface SimPlayer {
  /** Registration order, 1-based. */
  number: number;
  name: string;
  playerId: string;
  token: string;
  /** Team events: the player's team. */
  teamId?: string;
}

/** Team events: a registered team and its members (in registration order). */
export interface SimTeam {
  /** Registration order, 1-based. */
  number: number;
  name: string;
  teamId: string;
  members: SimPlayer[];
}

/**
 * Who plays the matches: each player in a solo event, each team in a team event. `id` is what
 * pairings, standings and placings call `playerId`.
 */
export interface Competitor {
  id: string;
  name: string;
  /** The players who may report for it (a solo player: just themself). */
  members: SimPlayer[];
}
