import { DynamicModule, Global, Module } from '@nestjs/common';
import { PgPool } from './pg-pool';
import { PrismaService } from './prisma.service';

/** Injection token: the resolved PostgreSQL connection URL (for the few that need their own `pg` connection, e.g. LISTEN). */
export const DATABASE_URL = Symbol('DATABASE_URL');

/** Provides PrismaService and the plain PgPool for a connection URL resolved before the app is built (see database-target.ts). */
@Global()
@Module({})
export class DatabaseModule {
  static forUrl(connectionString: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: PrismaService, useFactory: () => new PrismaService(connectionString) },
        { provide: PgPool, useFactory: () => new PgPool(connectionString) },
        { provide: DATABASE_URL, useValue: connectionString },
      ],
      exports: [PrismaService, PgPool, DATABASE_URL],
    };
  }
}
