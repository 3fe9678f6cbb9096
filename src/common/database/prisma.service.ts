import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from '../../generated/prisma/client';

/** Creates a Prisma client over `pg` (no native query engine needed), for tools and test set-up. */
export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 20 }) });
}

/**
 * The application's Prisma client, over a pool built by DatabaseModule (a guarded pool: bounded
 * waits, no crash on a cut connection, see guarded-pg.ts); disconnects, and ends the pool, when
 * the app closes.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(pool: Pool) {
    // errorFormat minimal: the default captures a stack trace on every call (a few % of CPU under load).
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), errorFormat: 'minimal' });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
