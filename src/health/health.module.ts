import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { AddressesController } from './addresses.controller';
import { HealthController } from './health.controller';

@Module({ imports: [TerminusModule.forRoot({ logger: false })], controllers: [HealthController, AddressesController] })
export class HealthModule {}
