import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

/** Schemas of the server's OpenAPI document, by name (generated: `npm run openapi`). */
export type Schemas = components['schemas'];
export type EventView = Schemas['EventDto'];
export type Card = Schemas['CardDto'];
export type CatalogCard = Schemas['CatalogCardDto'];
export type CardCount = Schemas['CardCountDto'];
export type Violation = Schemas['ViolationDto'];

/** One typed client for every API call: the server is the same origin (the document's paths include /api). */
export const api = createClient<paths, 'application/json'>({ baseUrl: window.location.origin });

/** The server's error body: `{ statusCode, code, message, details[] }` (README, Errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field?: string; rule: string; message: string; playerId?: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * Unwraps an openapi-fetch answer: the data, or an ApiError carrying the server's code and
 * message (a network failure becomes code NETWORK so screens can say "offline, retrying").
 */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await request;
  } catch (error) {
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  const { data, error, response } = result;
  if (error !== undefined || !response.ok) {
    const body = (error ?? {}) as { code?: string; message?: string; details?: ApiError['details'] };
    throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.details ?? []);
  }
  return data as T;
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/**
 * How the console proves who it is: an API token or the organizer token (sent as a bearer token),
 * or a signed-in browser's session (the HttpOnly cookie goes by itself; every change carries the
 * session's CSRF token from GET /api/me in X-CSRF-Token).
 */
export type StaffAuth = { kind: 'token'; token: string } | { kind: 'session'; csrfToken: string };

/** Request options for a staff call (openapi-fetch and fetch alike). */
export function staffAuth(auth: StaffAuth): { headers: Record<string, string>; credentials: RequestCredentials } {
  return auth.kind === 'token'
    ? { headers: { authorization: `Bearer ${auth.token}` }, credentials: 'same-origin' }
    : { headers: { 'x-csrf-token': auth.csrfToken }, credentials: 'same-origin' };
}

/** A text/CSV/deck-file answer of a `?format=` route, as text (for downloads and printing). */
export async function fetchText(path: string, auth?: StaffAuth): Promise<string> {
  const response = await fetch(`/api${path}`, auth ? staffAuth(auth) : {});
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.details ?? []);
  }
  return response.text();
}

/**
 * POSTs a file as the raw body (routes taking a set or deck file as is, e.g. /sets/import) and
 * returns the JSON answer; a 4xx becomes an ApiError like any other call.
 */
export async function postFile<T>(path: string, text: string, contentType: string, auth: StaffAuth): Promise<T> {
  let response: Response;
  const { headers, credentials } = staffAuth(auth);
  try {
    response = await fetch(`/api${path}`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body: text, credentials });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.details ?? []);
  return body as T;
}

/**
 * A JSON call to a staff route by path (the account routes: /auth, /me, /stores): the answer's
 * body, undefined for 204, or an ApiError like `call`.
 */
export async function staffCall<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: { auth?: StaffAuth | null; body?: unknown } = {}): Promise<T> {
  const { headers, credentials } = options.auth ? staffAuth(options.auth) : { headers: {}, credentials: 'same-origin' as RequestCredentials };
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials,
      headers: options.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.details ?? []);
  return body as T;
}
