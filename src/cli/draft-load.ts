/**
 * The draft load generator (bench and `npm run simulate -- --pods N`): every seat is its own client
 * as a browser runs it — it listens on its live stream (SSE) and picks (the first card) whenever a
 * `pack` event shows a pack in front of it, until `draft-complete`. Keep-alive `node:http`
 * connections, so the generator's own cost per pick stays small next to the server's (it is
 * measured and printed: (c)).
 */
import { Agent, request } from 'node:http';

export interface DraftLoadResult {
  picks: number;
  /** (a) closed loop: every seat picks as soon as its pack arrives. */
  picksPerSecond: number;
  /** (b) open loop at half of (a): latency from each pick's scheduled release. */
  openLoopRate: number;
  p50: number;
  p99: number;
  /** (c) CPU of this process (user + system) per pick of the closed loop, in milliseconds. */
  generatorCpuMsPerPick: number;
}

/** Keep-alive JSON client over node:http (fetch costs ~3× the CPU per request). */
export class LoadClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 2048 });
  private readonly streams = new Agent({ keepAlive: false, maxSockets: 4096 });
  private readonly host: string;
  private readonly port: number;

  constructor(readonly base: string) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /**
   * One request; retried once when a kept-alive connection was closed by the server just as it was
   * reused (ECONNRESET/EPIPE before any answer). Every call here is safe to repeat (a pick replays).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several routes
  async call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: any }> {
    try {
      return await this.once(method, path, token, body);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ECONNRESET' && code !== 'EPIPE') throw error;
      return this.once(method, path, token, body);
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several routes
  private once(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: any }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: this.host,
          port: this.port,
          method,
          path: `/api${path}`,
          agent: this.agent,
          headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /**
   * Opens an SSE stream and hands each event to `onEvent` until it returns true (stop) or the
   * stream ends. Resolves when done.
   */
  stream(path: string, onEvent: (event: string, data: string) => boolean | Promise<boolean>): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request({ host: this.host, port: this.port, method: 'GET', path: `/api${path}`, agent: this.streams }, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let busy = Promise.resolve();
        let done = false;
        const finish = (error?: unknown) => {
          if (done) return;
          done = true;
          req.destroy();
          if (error) reject(error);
          else resolve();
        };
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!event || data === undefined) continue;
            // Events of one stream are handled in order, one at a time.
            busy = busy.then(async () => {
              if (done) return;
              if (await onEvent(event, data)) finish();
            }, finish);
            busy.catch(finish);
          }
        });
        res.on('end', () => void busy.then(() => finish()));
        res.on('error', finish);
      });
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
    this.streams.destroy();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves every caller once `n` have arrived (after running `go` once). */
function barrier(n: number, go: () => void): (connected: boolean) => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return async () => {
    if (++arrived === n) {
      go();
      open();
    }
    await opened;
  };
}

/**
 * A fixed-rate release schedule without catch-up: picks are released at most `rate` per second,
 * one slot every 1/rate s; a slot nobody was ready for (every seat waiting for its pack, as at the
 * end of a round) is lost rather than handed out late, so a seat is never charged for time it
 * spent waiting on other seats — only for time the server takes once its pick is due.
 */
function releaser(rate: number): () => Promise<number> {
  const step = 1000 / rate;
  let next = performance.now();
  return async () => {
    const slot = Math.max(next, performance.now());
    next = slot + step;
    const wait = slot - performance.now();
    if (wait > 0) await sleep(wait);
    return slot;
  };
}

/**
 * Creates a started draft of `pods` 8-seat pods (no pick timers unless asked) with one token per seat.
 * @throws Error when the server refuses a step.
 */
export async function openDraft(api: LoadClient, organizer: string, pods: number, seed: string, pickTimeSeconds = 0): Promise<{ id: string; tokens: string[] }> {
  const event = (await api.call('POST', '/events', organizer, { name: 'Load draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds, minPickSeconds: 1 }))
    .json;
  if (!event?.id) throw new Error(`create event: ${JSON.stringify(event)}`);
  const tokens: string[] = [];
  for (let i = 0; i < pods * 8; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, pods * 8 - i) }, (_, k) => api.call('POST', `/events/${event.id}/players`, organizer, { name: `Seat ${i + k}` })),
    );
    for (const r of batch) tokens.push(r.json.token);
  }
  const started = await api.call('POST', `/events/${event.id}/start`, organizer);
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.json)}`);
  return { id: event.id, tokens };
}

/**
 * One seat's client: see the file's comment. `release` (open loop) makes it wait for its scheduled
 * slot; `ready` is awaited after the stream's first event (every seat connected before the load starts).
 */
async function runSeat(
  api: LoadClient,
  eventId: string,
  token: string,
  latencies: number[],
  ready: (connected: boolean) => Promise<void>,
  release?: () => Promise<number>,
): Promise<number> {
  const { json: ticket } = await api.call('POST', `/events/${eventId}/stream-ticket`, token);
  let picks = 0;
  let lastPick = '';
  let first = true;
  await api.stream(`/events/${eventId}/stream?ticket=${encodeURIComponent(ticket.ticket)}`, async (event, data) => {
    if (first) {
      first = false;
      await ready(true);
    }
    if (event === 'draft-complete') return true;
    if (event !== 'pack') return false;
    const view = JSON.parse(data);
    const key = `${view.packNumber}/${view.pickNumber}`;
    if (!view.currentPack || key === lastPick) return false;
    lastPick = key;
    const scheduled = release ? await release() : performance.now();
    const pick = await api.call('POST', `/events/${eventId}/picks`, token, { packNumber: view.packNumber, pickNumber: view.pickNumber, cardId: view.currentPack.cards[0].cardId });
    if (pick.status !== 200) throw new Error(`pick: ${pick.status} ${JSON.stringify(pick.json)}`);
    latencies.push(performance.now() - scheduled);
    picks++;
    return false;
  });
  return picks;
}

/**
 * Draft load against any server: (a) N concurrent 8-seat pods, every seat a separate client picking
 * as soon as its pack arrives (closed loop); (b) the same again at half of (a)'s rate, open loop,
 * for pick latency percentiles; (c) this process's CPU per pick during (a).
 * @param during `before`/`after` run around (a) (e.g. to read the database's statement counters);
 *   `settle` after each draft is opened, before it is measured (the bench writes a CHECKPOINT, so
 *   the flush of the setup's bulk writes does not land inside the measurement).
 */
export async function draftLoad(
  baseUrl: string,
  organizer: string,
  pods: number,
  seed: string,
  during?: { before(): Promise<void>; after(picks: number): Promise<void>; settle?(): Promise<void>; openLoop?(phase: 'start' | 'end'): Promise<void> },
): Promise<DraftLoadResult> {
  const api = new LoadClient(baseUrl);
  try {
    const a = await openDraft(api, organizer, pods, `${seed}-closed-loop-draft`);
    await during?.settle?.();
    await during?.before();
    const closed: number[] = [];
    let cpu0 = process.cpuUsage();
    let t0 = performance.now();
    const readyA = barrier(a.tokens.length, () => {
      cpu0 = process.cpuUsage();
      t0 = performance.now();
    });
    const picks = (await Promise.all(a.tokens.map((token) => runSeat(api, a.id, token, closed, readyA)))).reduce((x, y) => x + y, 0);
    const elapsed = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    await during?.after(picks);
    const picksPerSecond = (picks * 1000) / elapsed;
    const rate = picksPerSecond / 2;
    const b = await openDraft(api, organizer, pods, `${seed}-open-loop-draft-01`);
    await during?.settle?.();
    const latencies: number[] = [];
    let release: () => Promise<number> = () => Promise.resolve(performance.now());
    const readyB = barrier(b.tokens.length, () => {
      release = releaser(rate);
    });
    await during?.openLoop?.('start');
    await Promise.all(b.tokens.map((token) => runSeat(api, b.id, token, latencies, readyB, () => release())));
    await during?.openLoop?.('end');
    latencies.sort((x, y) => x - y);
    return {
      picks,
      picksPerSecond,
      openLoopRate: rate,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      generatorCpuMsPerPick: (cpu.user + cpu.system) / 1000 / picks,
    };
  } finally {
    api.close();
  }
}

export { percentile };
