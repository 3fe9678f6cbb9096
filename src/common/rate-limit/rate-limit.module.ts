import { Global, Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { JoinGuesses } from './join-guesses';
import { rateLimitOptions, RateLimitGuard } from './rate-limits';

/** Per-client limits (see rate-limits.ts): the guard runs on the routes marked @RateLimited only. */
@Global()
@Module({
  imports: [ThrottlerModule.forRootAsync({ inject: [AppConfig, Reflector], useFactory: rateLimitOptions })],
  providers: [RateLimitGuard, JoinGuesses],
  exports: [RateLimitGuard, JoinGuesses, ThrottlerModule],
})
export class RateLimitModule {}
