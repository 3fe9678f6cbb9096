/**
 * A draft driven through database faults (the faults test and the faults bench): every seat is a
 * client that reads its pack (`GET …/me`), takes the first card and, on a 503, tries the very same
 * pick again shortly after (a replayed pick answers the stored one), until its event leaves
 * drafting. Players are spread over several server instances. Every answer is recorded: its status,
 * how long it took, and each acknowledged pick — what a player was told they hold.
 */

/** One answer: the HTTP status, or 0 when no answer came (a refused or reset connection). */
export interface Answer {
  route: 'me' | 'pick';
  status: number;
  ms: number;
  /** The error code of an error answer, or the network error's message. */
  code?: string;
}

/** A pick the server acknowledged (200). */
export interface AckedPick {
  eventId: string;
  playerId: string;
  packNumber: number;
  pickNumber: number;
  cardId: string;
}

export interface FaultLoadPlayer {
  eventId: string;
  playerId: string;
  token: string;
  /** Base URL of the instance this player talks to, e.g. http://127.0.0.1:3000 */
  base: string;
}

export interface FaultLoadResult {
  answers: Answer[];
  acked: AckedPick[];
  /** Players that were still drafting when `deadline` passed. */
  unfinished: number;
}

/** Retry pause after a 503 or a failed connection, and the poll while waiting for a pack. */
const RETRY_MS = 150;
const WAIT_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The parts of the answers this client reads (`GET …/me`, a pick, an error body). */
interface Reply {
  state?: string;
  packNumber?: number;
  pickNumber?: number;
  currentPack?: { cards: { cardId: string }[] } | null;
  card?: { cardId: string };
  code?: string;
}
type Called = { status: number; json: Reply | null; ms: number; error?: string };

async function call(base: string, method: string, path: string, token: string, body?: unknown): Promise<Called> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as Reply | null;
    return { status: res.status, json, ms: performance.now() - started };
  } catch (error) {
    return {
      status: 0,
      json: null,
      ms: performance.now() - started,
      error: (error as Error).cause ? String((error as Error & { cause: unknown }).cause) : (error as Error).message,
    };
  }
}

/**
 * Drives every player until their event leaves drafting or `deadline` (ms since the epoch) passes.
 * @param onAck called after each acknowledged pick (e.g. to set off faults at some progress).
 */
export async function driveDraft(players: FaultLoadPlayer[], deadline: number, onAck: (acked: number) => void = () => undefined): Promise<FaultLoadResult> {
  const answers: Answer[] = [];
  const acked: AckedPick[] = [];
  let unfinished = 0;
  const record = (route: Answer['route'], r: Called) => answers.push({ route, status: r.status, ms: r.ms, code: r.error ?? (r.status >= 400 ? r.json?.code : undefined) });

  await Promise.all(
    players.map(async (p) => {
      for (;;) {
        if (Date.now() > deadline) {
          unfinished++;
          return;
        }
        const me = await call(p.base, 'GET', `/events/${p.eventId}/me`, p.token);
        record('me', me);
        if (me.status !== 200 || !me.json) {
          await sleep(RETRY_MS);
          continue;
        }
        if (me.json.state !== 'drafting') return;
        const cards = me.json.currentPack?.cards;
        if (!cards?.length) {
          await sleep(WAIT_MS);
          continue;
        }
        const attempt = { packNumber: me.json.packNumber!, pickNumber: me.json.pickNumber!, cardId: cards[0].cardId };
        for (;;) {
          const pick = await call(p.base, 'POST', `/events/${p.eventId}/picks`, p.token, attempt);
          record('pick', pick);
          if (pick.status === 200 && pick.json?.card) {
            acked.push({ eventId: p.eventId, playerId: p.playerId, packNumber: pick.json.packNumber!, pickNumber: pick.json.pickNumber!, cardId: pick.json.card.cardId });
            onAck(acked.length);
            break;
          }
          // 503 or no answer: the same pick again (answered from the stored pick if it did commit).
          if ((pick.status === 503 || pick.status === 0) && Date.now() < deadline) {
            await sleep(RETRY_MS);
            continue;
          }
          break;
        }
      }
    }),
  );
  return { answers, acked, unfinished };
}

/** Answers by status (and error code), e.g. { "200": 9000, "503 DATABASE_UNAVAILABLE": 42 }. */
export function statusCounts(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 200 ? '200' : `${a.status} ${a.code ?? ''}`.trim();
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}
