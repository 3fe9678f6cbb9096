/**
 * What the browser remembers: the API or organizer token (until sign-out; a password sign-in
 * keeps nothing here, its session is an HttpOnly cookie), the chosen store and, per event, the player's
 * token. Kept in localStorage so a reload or a closed tab keeps the player in their draft.
 */
export interface PlayerSession {
  eventId: string;
  code: string;
  playerId: string;
  name: string;
  token: string;
}

const ORGANIZER_KEY = 'podium.organizer';
const STORE_KEY = 'podium.store';
const playerKey = (eventId: string) => `podium.player.${eventId}`;

export const organizerToken = (): string | null => localStorage.getItem(ORGANIZER_KEY);
export const setOrganizerToken = (token: string | null): void => {
  if (token) localStorage.setItem(ORGANIZER_KEY, token);
  else localStorage.removeItem(ORGANIZER_KEY);
};

/** The store the console works in, for staff of several stores (null: the first). */
export const chosenStoreId = (): string | null => localStorage.getItem(STORE_KEY);
const storeListeners = new Set<() => void>();
export const setChosenStoreId = (id: string): void => {
  localStorage.setItem(STORE_KEY, id);
  for (const listener of storeListeners) listener();
};
/** Tells every screen when the chosen store changes (useSyncExternalStore). */
export const subscribeStoreChoice = (listener: () => void): (() => void) => {
  storeListeners.add(listener);
  return () => storeListeners.delete(listener);
};

export function playerSession(eventId: string): PlayerSession | null {
  const raw = localStorage.getItem(playerKey(eventId));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PlayerSession;
  } catch {
    return null;
  }
}

export function savePlayerSession(session: PlayerSession): void {
  localStorage.setItem(playerKey(session.eventId), JSON.stringify(session));
}

export function forgetPlayerSession(eventId: string): void {
  localStorage.removeItem(playerKey(eventId));
}

/**
 * The rejoin link: the token travels in the URL fragment, which browsers never send to the
 * server, so it cannot end up in an access log or a proxy's.
 */
export function rejoinLink(origin: string, code: string, token: string): string {
  return `${origin}/e/${code}#token=${encodeURIComponent(token)}`;
}

/** The link a printed claim code's QR opens: the event's page with the code in the fragment (never in a server log). */
export function claimLink(origin: string, code: string, claimCode: string): string {
  return `${origin}/e/${code}#claim=${encodeURIComponent(claimCode)}`;
}

/** The claim code of a claim link's fragment (`#claim=…`), or null. */
export function claimFromFragment(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('claim');
}

/** A claim code as printed: ABCD-EFGH. */
export function printedClaimCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The token of a rejoin link's fragment (`#token=…`), or null. */
export function tokenFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('token');
}
