import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ROLE_PERMISSIONS } from '../common/auth/permissions';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { ApiAuth } from '../common/http/api-docs';
import { MeDto } from './dto/me.dto';
import { StaffCredentials } from './staff-credentials';
import { StaffRepository } from './staff.repository';

@ApiTags('staff')
@Controller('me')
export class MeController {
  constructor(
    private readonly credentials: StaffCredentials,
    private readonly staff: StaffRepository,
  ) {}

  @Get()
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'getMe',
    summary:
      'Who the caller is: signed in or not, the account, its stores with role and permissions, the CSRF token of a browser session. Always 200 (anonymous: signedIn false), so a sign-in page can ask without an error.',
  })
  @ApiOkResponse({ type: MeDto })
  @ErrorResponses(401)
  async me(@Req() request: FastifyRequest): Promise<MeDto> {
    const principal = await this.credentials.principalOf(request);
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
