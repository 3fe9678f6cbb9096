import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AuthController } from './auth.controller';
import { MeController } from './me.controller';
import { MeService } from './me.service';
import { Passwords } from './passwords';
import { StoresController } from './stores.controller';
import { StoresService } from './stores.service';
import { StaffCredentials } from './staff-credentials';
import { StaffGuard } from './staff.guard';
import { StaffRepository } from './staff.repository';

/**
 * Staff: accounts, stores, roles, sessions and API tokens, and the global guard every staff route
 * goes through (StaffGuard). Feature folders mark their routes with `@Staff(permission)` from
 * src/common/auth and never import this folder.
 */
@Module({
  controllers: [MeController, AuthController, StoresController],
  providers: [StaffRepository, StaffCredentials, AccountsRepository, AccountsService, StoresService, MeService, Passwords, { provide: APP_GUARD, useClass: StaffGuard }],
  exports: [StaffCredentials, AccountsService],
})
export class StaffModule {}
