import type { EventView, Schemas } from '../api/client';
import { ApiError } from '../api/client';

export type ImportedList = Schemas['ImportedDeckListDto'];

/**
 * Reads a plain-text deck list ("Hero: name", then "N Card name" per line) with the server's deck
 * list import, names resolved in the event's sets first.
 * @throws ApiError with the server's code (e.g. PAYLOAD_TOO_LARGE for a list over 500 lines)
 */
export async function importDeckList(event: Pick<EventView, 'game' | 'packs'>, text: string): Promise<ImportedList> {
  const setCodes = [...new Set(event.packs.map((p) => p.setCode))].join(',');
  const r = await fetch(`/api/decks/import?format=text&game=${event.game}&sets=${encodeURIComponent(setCodes)}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(r.status, body.code ?? `HTTP_${r.status}`, body.message ?? r.statusText, body.details ?? []);
  return body as ImportedList;
}
