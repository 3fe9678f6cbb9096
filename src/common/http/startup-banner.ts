import { networkInterfaces } from 'node:os';

/** What the start-up banner needs to know; `lanAddresses` are this machine's IPv4 addresses. */
export interface BannerFacts {
  /** HOST the server listens on (`127.0.0.1`, `0.0.0.0`, an address or a name). */
  host: string;
  port: number;
  lanAddresses: string[];
  /** PUBLIC_URL, when set: what players open instead. */
  publicUrl?: string;
  /**
   * Where the organizer token comes from: ORGANIZER_TOKEN, the file it was kept in, or — on the
   * first start — generated now into that file (the banner then shows it, this once).
   */
  organizerToken: { source: 'config' } | { source: 'file'; file: string } | { source: 'generated'; file: string; token: string };
  database: string;
  /** While no staff account exists: the setup link that makes the server's owner, and the file it is kept in. */
  setupLink?: { url: string; file: string };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
const ANY = new Set(['0.0.0.0', '::']);

/**
 * The lines a store organizer reads when `npm start` is up (besides the JSON log): the address to
 * open here, the addresses players' phones use on the store's network when HOST lets them in (and
 * how to let them in when it does not), and where the organizer token is.
 */
export function startupBanner(facts: BannerFacts): string {
  const { host, port } = facts;
  const local = `http://${ANY.has(host) ? '127.0.0.1' : host}:${port}`;
  const lines = ['', `  Podium is running. Open ${local}`, ''];
  const players = playerUrls({ host, port, publicUrl: facts.publicUrl, lanAddresses: facts.lanAddresses });
  if (players.length) lines.push(`  Players on the store's network: ${players.join('  ')}`);
  else if (LOOPBACK.has(host) && !facts.publicUrl) lines.push(`  Players' phones cannot reach ${host}: start with HOST=0.0.0.0 npm start to let the store's network in.`);
  else lines.push(`  Players on the store's network: this machine has no network address yet`);
  const organizer = facts.organizerToken;
  lines.push(
    organizer.source === 'config'
      ? `  To sign in as the organizer: open ${local}/organizer and type the ORGANIZER_TOKEN you set.`
      : organizer.source === 'generated'
        ? `  To sign in as the organizer: open ${local}/organizer and type this token: ${organizer.token}\n  (shown on this first start only; it is kept in ${organizer.file} — \`cat ${organizer.file}\` shows it again)`
        : `  To sign in as the organizer: open ${local}/organizer and type the token kept in ${organizer.file} (\`cat ${organizer.file}\` shows it).`,
    `  API docs: ${local}/api/docs · database: ${facts.database}`,
    '',
  );
  if (facts.setupLink)
    lines.push(
      `  First start: make the owner's account with this setup link (good for 7 days, once):`,
      `    ${facts.setupLink.url}`,
      `  (also in ${facts.setupLink.file}; each start until setup makes a new link and the old one stops working)`,
      '',
    );
  return lines.join('\n');
}

/**
 * Where players' phones reach the server: PUBLIC_URL when set; on every interface (0.0.0.0) each
 * network address; on loopback none (phones cannot reach it); else HOST itself.
 */
export function playerUrls(facts: { host: string; port: number; publicUrl?: string; lanAddresses: string[] }): string[] {
  if (facts.publicUrl) return [facts.publicUrl.replace(/\/+$/, '')];
  if (ANY.has(facts.host)) return facts.lanAddresses.map((a) => `http://${a}:${facts.port}`);
  if (LOOPBACK.has(facts.host)) return [];
  return [`http://${facts.host}:${facts.port}`];
}

/** This machine's IPv4 addresses other than loopback (what players' phones can reach). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i): i is NonNullable<typeof i> => !!i && i.family === 'IPv4' && !i.internal)
    .map((i) => i.address);
}
