import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { SealedPools } from './sealed-pools';

/** Sealed: every player's pool of boosters, opened at the start and for each late entry (registered with the events' format starters). */
@Module({
  imports: [EventsModule],
  providers: [SealedPools],
})
export class SealedModule {}
