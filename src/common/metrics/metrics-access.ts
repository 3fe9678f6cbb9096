import { timingSafeEqual } from 'node:crypto';

/** What decides who may read /metrics: the socket's peer address (never X-Forwarded-For) and the request's headers. */
export interface MetricsRequest {
  /** The TCP peer's address as the socket reports it, e.g. `127.0.0.1`, `::1`, `::ffff:127.0.0.1`, `192.168.1.20`. */
  remoteAddress: string | undefined;
  /** The Authorization header, if any. */
  authorization: string | undefined;
  /** The request names a client behind a proxy (X-Forwarded-For, Forwarded or X-Real-IP present). */
  proxied: boolean;
}

/** The verdict: allowed, or the refusal to answer (401: send the right token; 403: not from here). */
export type MetricsAccess = { allowed: true } | { allowed: false; status: 401 | 403; rule: 'metricsToken' | 'loopback'; message: string };

/**
 * Who may read the metrics (they show the store's activity, not players' data, but phones on the
 * store's Wi-Fi have no business there): a request with `Authorization: Bearer <METRICS_TOKEN>`
 * from anywhere, else only a client on this machine — a loopback peer address that came through no
 * proxy. A reverse proxy on this machine connects from loopback too, which is why a request that
 * carries a forwarding header is never taken as local: behind a proxy, scrape with the token.
 * @param token METRICS_TOKEN, or undefined when unset (loopback only).
 */
export function metricsAccess(request: MetricsRequest, token: string | undefined): MetricsAccess {
  if (request.authorization !== undefined) {
    if (token !== undefined && sameSecret(request.authorization, `Bearer ${token}`)) return { allowed: true };
    return {
      allowed: false,
      status: 401,
      rule: 'metricsToken',
      message: token === undefined ? 'no METRICS_TOKEN is set on this server: scrape from this machine' : 'not the METRICS_TOKEN',
    };
  }
  if (isLoopback(request.remoteAddress) && !request.proxied) return { allowed: true };
  if (token !== undefined) return { allowed: false, status: 401, rule: 'metricsToken', message: 'send Authorization: Bearer <METRICS_TOKEN>' };
  return { allowed: false, status: 403, rule: 'loopback', message: 'metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere' };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
