import { DynamicModule, Global, Logger, Module, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { DatabaseGate } from './database-gate';
import { DATABASE_DIRECT_URL, DATABASE_TIMEOUTS, DATABASE_URL } from './database.tokens';
import { guardedPool, type DatabaseTimeouts } from './guarded-pg';
import { PgPool } from './pg-pool';
import { PrismaService } from './prisma.service';
import { SessionPresence } from './session-presence';

export { DATABASE_DIRECT_URL, DATABASE_TIMEOUTS, DATABASE_URL };

/** Stops the gate's probes when the app closes. */
class GateCloser implements OnModuleDestroy {
  constructor(private readonly gate: DatabaseGate) {}
  onModuleDestroy(): void {
    this.gate.stop();
  }
}

/**
 * Provides PrismaService and the plain PgPool for a connection URL resolved before the app is built
 * (see database-target.ts), both over guarded pools (guarded-pg.ts) that share one DatabaseGate:
 * every query has DB_QUERY_TIMEOUT_MS to answer, a connection DB_CONNECT_TIMEOUT_MS, and while
 * the database does not answer requests get 503 at once.
 */
@Global()
@Module({})
export class DatabaseModule {
  /**
   * @param connectionString DATABASE_URL: the pools (may be a transaction-pooling PgBouncer).
   * @param directUrl DATABASE_DIRECT_URL: session-bound connections (default: `connectionString`).
   */
  static forUrl(connectionString: string, directUrl = connectionString): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_URL, useValue: connectionString },
        { provide: DATABASE_DIRECT_URL, useValue: directUrl },
        {
          provide: DATABASE_TIMEOUTS,
          inject: [AppConfig],
          useFactory: (config: AppConfig): DatabaseTimeouts => ({
            queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
            connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
          }),
        },
        {
          provide: DatabaseGate,
          inject: [DATABASE_TIMEOUTS, Metrics],
          useFactory: (timeouts: DatabaseTimeouts, metrics: Metrics) => {
            const logger = new Logger('Database');
            const gate = new DatabaseGate(connectionString, { warn: (m) => logger.warn(m), info: (m) => logger.log(m) }, timeouts.queryTimeoutMs);
            metrics.watchDatabase(() => gate.available);
            return gate;
          },
        },
        { provide: GateCloser, inject: [DatabaseGate], useFactory: (gate: DatabaseGate) => new GateCloser(gate) },
        {
          provide: PrismaService,
          inject: [DatabaseGate, DATABASE_TIMEOUTS, AppConfig, Metrics],
          // Picks hold one of its connections for a short transaction; live views and reads share the rest.
          useFactory: (gate: DatabaseGate, timeouts: DatabaseTimeouts, config: AppConfig, metrics: Metrics) => {
            const pool = guardedPool(gate, timeouts, { connectionString, max: config.DB_POOL_SIZE, application_name: 'podium' });
            metrics.watchPool('main', pool);
            return new PrismaService(pool);
          },
        },
        {
          provide: PgPool,
          inject: [DatabaseGate, DATABASE_TIMEOUTS, AppConfig, Metrics],
          // The draft's hot path and bulk reads. Idle connections are kept: a new one costs a backend start,
          // authentication and cold catalog caches, and opening ten at once when a draft starts made its
          // first picks wait ~100 ms.
          useFactory: (gate: DatabaseGate, timeouts: DatabaseTimeouts, config: AppConfig, metrics: Metrics) => {
            const pool = guardedPool(gate, timeouts, { connectionString, max: config.DB_DRAFT_POOL_SIZE, idleTimeoutMillis: 0, application_name: 'podium' });
            metrics.watchPool('draft', pool);
            return new PgPool(pool);
          },
        },
        SessionPresence,
      ],
      exports: [PrismaService, PgPool, DATABASE_URL, DATABASE_DIRECT_URL, DATABASE_TIMEOUTS, DatabaseGate, SessionPresence],
    };
  }
}
