import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AppModule } from '../../src/app.module';
import { configureApp, createHttpAdapter, finishApp } from '../../src/app.setup';
import { Clock, FixedClock } from '../../src/common/clock/clock';
import { loadConfig } from '../../src/common/config/app-config';
import { PrismaService } from '../../src/common/database/prisma.service';
import { PinoNestLogger } from '../../src/common/logging/logger';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';

export const ORGANIZER = 'test-organizer-token-0123456789';

export interface TestApp {
  app: NestFastifyApplication;
  http: () => TestAgent;
  prisma: PrismaService;
  clock: FixedClock;
  /** Authorization header value for organizer routes. */
  organizer: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Per-client limits count per address, and every test request comes from 127.0.0.1: the suite runs
 * with limits no test reaches, except where a test sets its own (`config`).
 */
const TEST_LIMITS = {
  RATE_LIMIT_REGISTRATIONS: '100000',
  RATE_LIMIT_HEAVY: '100000',
  RATE_LIMIT_JOIN_GUESSES: '100000',
  RATE_LIMIT_EVENT_CREATIONS: '100000',
  STREAMS_PER_PLAYER: '1000',
  // No scheduled backups of test databases into the project's .data/backups.
  BACKUP_INTERVAL_HOURS: '0',
};

/**
 * Wall-clock time that a test can still move forward (`advance`): for flows in real browsers,
 * where deadlines shown on a page and the pick timers must follow real time.
 */
class RunningClock extends FixedClock {
  private offsetMs = 0;
  constructor() {
    super(new Date());
  }
  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  override advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestAppOptions {
  logStream?: NodeJS.WritableStream;
  requestTimeoutMs?: number;
  config?: Record<string, string>;
  corsOrigins?: string;
  webRoot?: string;
  /** 'fixed' (default): time stands still until the test moves it; 'running': wall-clock time. */
  clock?: 'fixed' | 'running';
}

/**
 * A full app (same setup as main.ts) on a fresh database cloned from the migrated, seeded
 * template: real PostgreSQL, no mocks. Call close() in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = process.env[SERVER_URL_ENV];
  if (!serverUrl) throw new Error(`${SERVER_URL_ENV} is not set: run the e2e tests through jest (globalSetup prepares the database)`);
  const name = `podium_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomUUID().slice(0, 8)}`;
  await createDatabase(serverUrl, name, TEMPLATE_DATABASE);
  const url = databaseUrl(serverUrl, name);
  const clock = options.clock === 'running' ? new RunningClock() : new FixedClock(new Date('2026-11-30T18:00:00Z'));
  const logger = options.logStream ? pino({ level: 'info' }, options.logStream) : pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const config = loadConfig({ PICK_TIMERS: 'false', ...TEST_LIMITS, ...options.config });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.with({ config, databaseUrl: url, organizerToken: ORGANIZER, clock, logger })],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter({ requestTimeoutMs: options.requestTimeoutMs, trustProxy: config.TRUST_PROXY }), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureApp(app, { corsOrigins: options.corsOrigins, webRoot: options.webRoot });
  await app.init();
  await finishApp(app);
  return {
    app,
    http: () => request(app.getHttpServer()),
    prisma: app.get(PrismaService),
    clock,
    organizer: `Bearer ${ORGANIZER}`,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Another server instance in miniature on the same database, clock and organizer token as `t`:
 * its own Nest app, pod states, LISTEN connection and live hub, listening on a free port; `config`
 * as createTestApp's (give it the same limits as `t` when a test counts across instances).
 * Close it before `t`.
 */
export async function createSecondInstance(
  t: TestApp,
  options: { config?: Record<string, string> } = {},
): Promise<{ app: NestFastifyApplication; port: number; http: () => TestAgent }> {
  const config = loadConfig({ PICK_TIMERS: 'false', ...TEST_LIMITS, ...options.config });
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.with({ config, databaseUrl: t.databaseUrl, organizerToken: ORGANIZER, clock: t.clock, logger })],
  })
    .overrideProvider(Clock)
    .useValue(t.clock)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter({ trustProxy: config.TRUST_PROXY }), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { app, port, http: () => request(`http://127.0.0.1:${port}`) };
}
