import { Global, Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { JoinGuesses } from './join-guesses';
import { RateLimitCounters } from './rate-limit-counters.repository';
import { rateLimitOptions, RateLimitGuard } from './rate-limits';
import { SharedRateLimits } from './shared-rate-limits';

/** The counters in PostgreSQL of the per-client limits, shared by all instances (one instance of each per app). */
@Module({
  providers: [RateLimitCounters, SharedRateLimits],
  exports: [SharedRateLimits],
})
export class SharedRateLimitsModule {}

/** Per-client limits (see rate-limits.ts): the guard runs on the routes marked @RateLimited only. */
@Global()
@Module({
  imports: [
    SharedRateLimitsModule,
    ThrottlerModule.forRootAsync({ imports: [SharedRateLimitsModule], inject: [AppConfig, Reflector, SharedRateLimits], useFactory: rateLimitOptions }),
  ],
  providers: [RateLimitGuard, JoinGuesses],
  exports: [RateLimitGuard, JoinGuesses, ThrottlerModule, SharedRateLimitsModule],
})
export class RateLimitModule {}
