import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { ApiAuth } from '../common/http/api-docs';
import { MeDto } from './dto/me.dto';
import { MeService } from './me.service';
import { StaffCredentials } from './staff-credentials';

@ApiTags('staff')
@Controller('me')
export class MeController {
  constructor(
    private readonly credentials: StaffCredentials,
    private readonly describer: MeService,
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
    return this.describer.describe(await this.credentials.principalOf(request));
  }
}
