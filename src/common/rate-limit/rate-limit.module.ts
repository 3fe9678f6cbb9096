import { Global, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { JoinGuesses } from './join-guesses';
import { rateLimitOptions, RateLimitGuard } from './rate-limits';

/** Per-client limits (see rate-limits.ts): the guard runs on every route, counting only the marked ones. */
@Global()
@Module({
  imports: [ThrottlerModule.forRootAsync({ inject: [AppConfig, Reflector], useFactory: rateLimitOptions })],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }, JoinGuesses],
  exports: [JoinGuesses],
})
export class RateLimitModule {}
