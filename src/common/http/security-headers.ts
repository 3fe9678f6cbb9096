import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * helmet's security headers (CSP, nosniff, frame-ancestors, referrer policy, …) as a fixed list:
 * they depend on nothing in the request, so helmet runs once per configuration instead of once per
 * request (per request it re-parsed its CSP directives: 4 % of a draft pick's CPU). No
 * upgrade-insecure-requests: a store runs the server on its LAN over plain http, where that
 * directive would send the page's own scripts to an https:// port nobody listens on.
 *
 * @param imageOrigins origins (`https://images.example.com`) the pages may load images from
 *   besides their own: the hosts of the sets' image templates (ImagePolicy). The list is
 *   recomputed when a template changes.
 */
export function securityHeaders(imageOrigins: readonly string[] = []): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const imgSrc = ["'self'", 'data:', ...[...new Set(imageOrigins)].sort()];
  helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, imgSrc } } })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * The origin an image URL template loads from, for the CSP's img-src: scheme, host and port of
 * the part before the first placeholder. @returns null when it is not an absolute http(s) URL.
 */
export function imageOriginOf(template: string): string | null {
  const head = template.replace(/\{[^}]*\}.*$/s, '');
  const m = /^(https?):\/\/([^/?#\s]+)/i.exec(head);
  if (!m || /[{}]/.test(m[2])) return null;
  try {
    return new URL(`${m[1]}://${m[2]}`).origin;
  } catch {
    return null;
  }
}
