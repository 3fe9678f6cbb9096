import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { BackupModule } from './backup/backup.module';
import { BoostersModule } from './boosters/boosters.module';
import { CatalogModule } from './catalog/catalog.module';
import { ORGANIZER_TOKEN } from './common/auth/auth.tokens';
import { Clock } from './common/clock/clock';
import { AppConfig } from './common/config/app-config';
import { DatabaseModule } from './common/database/database.module';
import { LiveNotifier } from './common/notify/live-notifier';
import { Metrics } from './common/metrics/metrics';
import { requestLoggingModule } from './common/logging/request-logging';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { HttpErrorFilter } from './common/errors/http-error.filter';
import { DecksModule } from './decks/decks.module';
import { DraftModule } from './draft/draft.module';
import { EventArchiveModule } from './event-archive/event-archive.module';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { LeaguesModule } from './leagues/leagues.module';
import { LiveModule } from './live/live.module';
import { SealedModule } from './sealed/sealed.module';
import { StaffModule } from './staff/staff.module';
import { AuditModule } from './audit/audit.module';
import { TeamsModule } from './teams/teams.module';
import { TournamentModule } from './tournament/tournament.module';
import { VerificationModule } from './verification/verification.module';

/** What the app needs that is decided before Nest starts (see main.ts and test/utils). */
export interface AppOptions {
  config: AppConfig;
  databaseUrl: string;
  /** DATABASE_DIRECT_URL (session-bound connections); default `databaseUrl`. */
  directDatabaseUrl?: string;
  organizerToken: string;
  clock: Clock;
  /** The process's root logger: request logs and every service's lines go through it. */
  logger: Logger;
}

@Global()
@Module({})
export class CoreModule {
  static with(options: Omit<AppOptions, 'logger'>): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: Clock, useValue: options.clock },
        { provide: AppConfig, useValue: options.config },
        LiveNotifier,
        Metrics,
        { provide: ORGANIZER_TOKEN, useValue: options.organizerToken },
      ],
      exports: [Clock, ORGANIZER_TOKEN, AppConfig, LiveNotifier, Metrics],
    };
  }
}

@Module({})
export class AppModule {
  static with(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.with(options),
        requestLoggingModule(options.logger),
        DatabaseModule.forUrl(options.databaseUrl, options.directDatabaseUrl),
        RateLimitModule,
        StaffModule,
        AuditModule,
        HealthModule,
        CatalogModule,
        BoostersModule,
        EventsModule,
        DraftModule,
        SealedModule,
        VerificationModule,
        LiveModule,
        DecksModule,
        TournamentModule,
        LeaguesModule,
        TeamsModule,
        BackupModule,
        EventArchiveModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    };
  }
}
