import { Injectable } from '@nestjs/common';
import { ROLE_PERMISSIONS } from '../common/auth/permissions';
import type { MeDto } from './dto/me.dto';
import type { StaffPrincipal } from './staff-credentials';
import { StaffRepository } from './staff.repository';

/** What GET /api/me answers, also the answer of sign-in, setup and invite acceptance. */
@Injectable()
export class MeService {
  constructor(private readonly staff: StaffRepository) {}

  /** The caller as MeDto: anonymous (null) gives signedIn false. */
  async describe(principal: StaffPrincipal | null): Promise<MeDto> {
    const setupPending = !(await this.staff.hasAccounts());
    if (!principal) return { signedIn: false, via: null, account: null, serverOwner: false, stores: [], csrfToken: null, setupPending };
    const names = await this.staff.storeNames([...principal.roles.keys()]);
    return {
      signedIn: true,
      via: principal.via,
      account: principal.accountId && principal.username ? { id: principal.accountId, username: principal.username, name: principal.name } : null,
      serverOwner: principal.serverOwner,
      stores: [...principal.roles]
        .map(([id, role]) => ({ id, name: names.get(id) ?? '', role, permissions: [...ROLE_PERMISSIONS[role]] }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      csrfToken: principal.csrfToken,
      setupPending,
    };
  }
}
