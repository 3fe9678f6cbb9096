import type { EventView, Schemas } from '../api/client';
import { ApiError } from '../api/client';

export type ImportedList = Schemas['ImportedDeckListDto'];
type ListFormat = 'text' | 'csv' | 'o8d' | 'mwdeck';

/** A deck list file's format by its name: .csv, .o8d, .mwDeck; anything else (.txt, .deck, .dec) is text. */
export function formatOfFile(name: string): ListFormat {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext === 'csv' ? 'csv' : ext === 'o8d' ? 'o8d' : ext === 'mwdeck' ? 'mwdeck' : 'text';
}

const MEDIA: Record<ListFormat, string> = { text: 'text/plain', csv: 'text/csv', o8d: 'application/xml', mwdeck: 'text/plain' };

/**
 * Reads a deck list with the server's deck list import, names resolved in the event's sets first:
 * pasted text ("Hero: name", then "N Card name" per line, sent as UTF-8), or a file's bytes as they
 * are, so the server finds their encoding (a Windows-1251 list from a Russian player's PC).
 * @throws ApiError with the server's code (e.g. PAYLOAD_TOO_LARGE for a list over 500 lines)
 */
export async function importDeckList(event: Pick<EventView, 'game' | 'packs'>, list: string | File): Promise<ImportedList> {
  const setCodes = [...new Set(event.packs.map((p) => p.setCode))].join(',');
  const format = typeof list === 'string' ? 'text' : formatOfFile(list.name);
  const body = typeof list === 'string' ? list : await list.arrayBuffer();
  const r = await fetch(`/api/decks/import?format=${format}&game=${event.game}&sets=${encodeURIComponent(setCodes)}`, {
    method: 'POST',
    headers: { 'content-type': typeof list === 'string' ? 'text/plain; charset=utf-8' : MEDIA[format] },
    body,
  });
  const answer = await r.json().catch(() => ({}));
  if (!r.ok) throw new ApiError(r.status, answer.code ?? `HTTP_${r.status}`, answer.message ?? r.statusText, answer.details ?? []);
  return answer as ImportedList;
}
