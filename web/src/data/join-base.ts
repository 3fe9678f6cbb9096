import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The origin players' phones open for join links and QR codes. The organizer often opens the
 * console on the server's own machine (http://127.0.0.1:3000), which no phone can reach: then the
 * server's network address (GET /api/addresses) is used instead, and `unreachable` says when there
 * is none (the server listens on loopback only).
 */
export function useJoinBase(): { base: string; unreachable: boolean } {
  const here = window.location;
  const loopback = LOOPBACK.has(here.hostname);
  const addresses = useQuery({ queryKey: ['addresses'], enabled: loopback, staleTime: 60_000, queryFn: () => call(api.GET('/api/addresses')) });
  if (!loopback) return { base: here.origin, unreachable: false };
  const first = addresses.data?.playerUrls[0];
  return first ? { base: first, unreachable: false } : { base: here.origin, unreachable: addresses.isSuccess };
}
