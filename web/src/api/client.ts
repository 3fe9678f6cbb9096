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

/** A text/CSV/deck-file answer of a `?format=` route, as text (for downloads and printing). */
export async function fetchText(path: string, token?: string): Promise<string> {
  const response = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
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
export async function postFile<T>(path: string, text: string, contentType: string, token: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body: text });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', (error as Error).message);
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? response.statusText, body.details ?? []);
  return body as T;
}
