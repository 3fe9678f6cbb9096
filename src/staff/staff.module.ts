import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MeController } from './me.controller';
import { StaffCredentials } from './staff-credentials';
import { StaffGuard } from './staff.guard';
import { StaffRepository } from './staff.repository';

/**
 * Staff: accounts, stores, roles, sessions and API tokens, and the global guard every staff route
 * goes through (StaffGuard). Feature folders mark their routes with `@Staff(permission)` from
 * src/common/auth and never import this folder.
 */
@Module({
  controllers: [MeController],
  providers: [StaffRepository, StaffCredentials, { provide: APP_GUARD, useClass: StaffGuard }],
  exports: [StaffCredentials],
})
export class StaffModule {}
