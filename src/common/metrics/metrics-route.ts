import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { sendError } from '../errors/error-response';
import { metricsAccess } from './metrics-access';
import type { Metrics } from './metrics';

/** Where Prometheus scrapes (outside /api: it is not part of the API and not in its OpenAPI document). */
export const METRICS_PATH = '/metrics';

/**
 * GET /metrics: this instance's metrics in Prometheus's text format (`text/plain; version=0.0.4`),
 * every series listed in docs/deploy.md. Who may read them: see metricsAccess — this machine,
 * or `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the API's error shape, 401
 * UNAUTHORIZED (rule metricsToken) or 403 FORBIDDEN (rule loopback). Registered on Fastify
 * itself, like the web app: no validation or guard of the API's applies to it.
 * @param token METRICS_TOKEN (undefined: this machine only).
 */
export function registerMetricsRoute(fastify: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  fastify.get(METRICS_PATH, async (request, reply) => {
    const { headers } = request;
    const verdict = metricsAccess(
      {
        // The socket's own peer, never request.ip: with TRUST_PROXY that comes from X-Forwarded-For, which anyone can send.
        remoteAddress: request.socket.remoteAddress,
        authorization: headers.authorization,
        proxied: headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined,
      },
      token,
    );
    if (!verdict.allowed) {
      const field = verdict.rule === 'metricsToken' ? 'authorization' : 'address';
      sendError(
        reply,
        new DomainError(verdict.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', `Metrics: ${verdict.message}`, [{ field, rule: verdict.rule, message: verdict.message }]),
      );
      return reply;
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
