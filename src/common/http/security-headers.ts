import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * helmet's security headers (CSP, nosniff, frame-ancestors, referrer policy, …) as a fixed list:
 * they depend on nothing in the request, so helmet runs once at start-up instead of once per
 * request (per request it re-parsed its CSP directives: 4 % of a draft pick's CPU). No
 * upgrade-insecure-requests: a store runs the server on its LAN over plain http, where that
 * directive would send the page's own scripts to an https:// port nobody listens on.
 */
export function securityHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return [...headers];
}
