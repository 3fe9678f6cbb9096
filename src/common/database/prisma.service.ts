import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';

/** Creates a Prisma client over `pg` (no native query engine needed). */
export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: POOL_SIZE }) });
}

/** Connections per process: picks hold one for a short transaction; live views and reads share the rest. */
const POOL_SIZE = 20;

/**
 * The application's Prisma client. Built by DatabaseModule from the resolved connection URL
 * (embedded PostgreSQL or DATABASE_URL); disconnects when the app closes.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(connectionString: string) {
    // errorFormat minimal: the default captures a stack trace on every call (a few % of CPU under load).
    super({ adapter: new PrismaPg({ connectionString, max: POOL_SIZE }), errorFormat: 'minimal' });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
