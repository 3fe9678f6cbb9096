import type { DynamicModule, Type } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { CoreModule } from '../../src/app.module';
import { Clock, FixedClock } from '../../src/common/clock/clock';
import { loadConfig } from '../../src/common/config/app-config';
import { DatabaseModule } from '../../src/common/database/database.module';
import { RateLimitModule } from '../../src/common/rate-limit/rate-limit.module';
import type { OrganizerCaller } from '../../src/common/auth/caller';
import { PrismaService } from '../../src/common/database/prisma.service';
import { ORGANIZER } from './test-app';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';

/** The medium tier's harness: feature modules compiled on their own database, no HTTP. */
export interface TestModule {
  module: TestingModule;
  /** A provider of the compiled modules (a service, a repository). */
  get<T>(type: Type<T>): T;
  /** Time stands still until the test moves it. */
  clock: FixedClock;
  /** The first store (every database has it, from the migration that introduced stores): where services create. */
  storeId: string;
  /** A staff caller of that store (owner), for services that take a Caller. */
  organizer: OrganizerCaller;
  /** The module's database. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * Compiles `modules` (with the app's core providers: config, clock, organizer token, notifier, the
 * database and the rate limits) on a fresh database cloned from the migrated template with the shipped sets, and
 * runs their start-up hooks (formats register with the events' format registry) — or on the
 * database `options.databaseUrl` names, left in place at close. Services are then
 * called directly: no HTTP, no guards, no validation pipes. Call close() in afterAll.
 */
export async function createTestModule(
  modules: (Type<unknown> | DynamicModule)[],
  config: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<TestModule> {
  const serverUrl = process.env[SERVER_URL_ENV];
  if (!serverUrl) throw new Error(`${SERVER_URL_ENV} is not set: run the medium tests through jest (globalSetup prepares the database)`);
  const name = `podium_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomUUID().slice(0, 8)}`;
  // A database of the test's own (e.g. a restored one) is the test's to drop.
  if (!options.databaseUrl) await createDatabase(serverUrl, name, TEMPLATE_DATABASE);
  const url = options.databaseUrl ?? databaseUrl(serverUrl, name);
  const clock = new FixedClock(new Date('2026-11-30T18:00:00Z'));
  const module = await Test.createTestingModule({
    imports: [
      CoreModule.with({ config: loadConfig({ PICK_TIMERS: 'false', ...config }), databaseUrl: url, organizerToken: ORGANIZER, clock }),
      DatabaseModule.forUrl(url),
      RateLimitModule,
      ...modules,
    ],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  await module.init();
  const [{ id: storeId }] = await module.get(PrismaService, { strict: false }).$queryRaw<{ id: string }[]>`SELECT id FROM store ORDER BY created_at, id LIMIT 1`;
  return {
    storeId,
    organizer: { kind: 'organizer', staff: { accountId: null, name: 'Organizer token', storeId, role: 'owner', via: 'serverToken' } },
    module,
    databaseUrl: url,
    get: (type) => module.get(type, { strict: false }),
    clock,
    close: async () => {
      await module.close();
      if (!options.databaseUrl) await dropDatabase(serverUrl, name);
    },
  };
}
