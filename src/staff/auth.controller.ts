import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnyStaff } from '../common/auth/staff.decorator';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { ApiAuth } from '../common/http/api-docs';
import { ClientAddress } from '../common/rate-limit/rate-limits';
import { AccountsService, type OpenedSession } from './accounts.service';
import {
  AcceptInviteDto,
  ApiTokenIdParamDto,
  ApiTokenListDto,
  ChangePasswordDto,
  CreateApiTokenDto,
  CreatedApiTokenDto,
  InviteInfoDto,
  InviteTokenParamDto,
  LoginDto,
  SetupDto,
} from './dto/accounts.dto';
import { MeDto } from './dto/me.dto';
import { MeService } from './me.service';
import { SESSION_LIFETIME_MS } from './rules/account-rules';
import { SESSION_COOKIE, sessionCookieOf, StaffCredentials, type StaffPrincipal } from './staff-credentials';

/**
 * The session cookie's attributes: HttpOnly (scripts cannot read it), SameSite=Strict (never sent
 * from another site: with the CSRF header, a forged request cannot act), Path=/api (the API alone
 * receives it), Secure when the request came over https (X-Forwarded-Proto with TRUST_PROXY).
 */
function sessionCookie(request: FastifyRequest, lasting = false) {
  return { httpOnly: true, sameSite: 'strict' as const, path: '/api', secure: request.protocol === 'https', ...(lasting ? { maxAge: SESSION_LIFETIME_MS / 1000 } : {}) };
}

/** Accounts: the setup link, invites, sign-in and sign-out, the caller's password and API tokens. */
@ApiTags('staff')
@Controller()
export class AuthController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly credentials: StaffCredentials,
    private readonly me: MeService,
  ) {}

  @Get('auth/invites/:token')
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getInvite', summary: 'What an invite or the setup link is for: store, role, whether it is the setup link, when it expires (public).' })
  @ApiOkResponse({ type: InviteInfoDto })
  @ErrorResponses(400, 404, 409)
  invite(@Param() { token }: InviteTokenParamDto): Promise<InviteInfoDto> {
    return this.accounts.inviteInfo(token);
  }

  @Post('auth/setup')
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'setup',
    summary:
      "First start: the setup link's token makes the server owner's account (owner of the first store, which takes storeName) and signs it in (Set-Cookie podium_session). 404 INVITE_INVALID, 409 INVITE_USED, 409 USERNAME_TAKEN.",
  })
  @ApiCreatedResponse({ type: MeDto, description: 'The new owner, signed in (send csrfToken as X-CSRF-Token with every change).' })
  @ErrorResponses(400, 404, 409)
  async setup(@Body() dto: SetupDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MeDto> {
    return this.signedIn(await this.accounts.setup(dto), request, reply);
  }

  @Post('auth/invites/:token/accept')
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'acceptInvite',
    summary:
      "Takes an invite: a new account with the invite's role in its store, or — an existing username with its right password — that account takes the role too. Signed in (Set-Cookie). 404 INVITE_INVALID, 409 INVITE_USED, 409 USERNAME_TAKEN (existing username, wrong password), 409 LAST_OWNER.",
  })
  @ApiCreatedResponse({ type: MeDto })
  @ErrorResponses(400, 404, 409, 429)
  async accept(
    @Param() { token }: InviteTokenParamDto,
    @Body() dto: AcceptInviteDto,
    @ClientAddress() address: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MeDto> {
    return this.signedIn(await this.accounts.acceptInvite(token, dto, address), request, reply);
  }

  @Post('auth/login')
  @HttpCode(200)
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'login',
    summary:
      'Sign-in: Set-Cookie podium_session (HttpOnly, SameSite=Strict, Path=/api, 7 days). 401 LOGIN_FAILED for an unknown username and a wrong password alike. Lockout: 10 failures of a username or 50 from an address within 15 minutes → 429 RATE_LIMITED with Retry-After for 15 minutes, then it lifts by itself.',
  })
  @ApiOkResponse({ type: MeDto, description: 'The account, signed in (send csrfToken as X-CSRF-Token with every change).' })
  @ErrorResponses(400, 401, 429)
  async login(@Body() dto: LoginDto, @ClientAddress() address: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MeDto> {
    return this.signedIn(await this.accounts.login(dto, address), request, reply);
  }

  @Post('auth/logout')
  @HttpCode(204)
  @ApiAuth('public')
  @ApiOperation({ operationId: 'logout', summary: 'Sign-out: ends the session and clears the cookie. 204 also when not signed in.' })
  @ApiNoContentResponse()
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.accounts.logout(sessionCookieOf(request));
    reply.clearCookie(SESSION_COOKIE, sessionCookie(request));
  }

  @Put('me/password')
  @HttpCode(204)
  @AnyStaff()
  @ApiOperation({
    operationId: 'changePassword',
    summary:
      "A new password for the caller's account; its other browser sessions end (API tokens stay). 400 VALIDATION_FAILED rule currentPassword when the current one is wrong (counts toward the sign-in lockout).",
  })
  @ApiNoContentResponse()
  @ErrorResponses(400, 401, 403, 429)
  async changePassword(@Body() dto: ChangePasswordDto, @ClientAddress() address: string, @Req() request: FastifyRequest): Promise<void> {
    await this.accounts.changePassword(await this.principal(request), dto, address, sessionCookieOf(request));
  }

  @Get('me/tokens')
  @AnyStaff()
  @ApiOperation({
    operationId: 'listApiTokens',
    summary: "The caller's API tokens (not revoked), newest first; never their values. 403 for ORGANIZER_TOKEN before setup (no account).",
  })
  @ApiOkResponse({ type: ApiTokenListDto })
  @ErrorResponses(401, 403)
  async tokens(@Req() request: FastifyRequest): Promise<ApiTokenListDto> {
    return { tokens: await this.accounts.apiTokens(await this.principal(request)) };
  }

  @Post('me/tokens')
  @AnyStaff()
  @ApiOperation({
    operationId: 'createApiToken',
    summary: 'A new API token for scripts (Authorization: Bearer pdm.…), acting as the caller with their roles. The token is shown this once.',
  })
  @ApiCreatedResponse({ type: CreatedApiTokenDto })
  @ErrorResponses(400, 401, 403)
  async createToken(@Body() dto: CreateApiTokenDto, @Req() request: FastifyRequest): Promise<CreatedApiTokenDto> {
    return this.accounts.createApiToken(await this.principal(request), dto.name);
  }

  @Delete('me/tokens/:tokenId')
  @HttpCode(204)
  @AnyStaff()
  @ApiOperation({ operationId: 'revokeApiToken', summary: 'Revokes one of the caller’s API tokens (401 for it from then on). 404 API_TOKEN_NOT_FOUND.' })
  @ApiNoContentResponse()
  @ErrorResponses(400, 401, 403, 404)
  async revokeToken(@Param() { tokenId }: ApiTokenIdParamDto, @Req() request: FastifyRequest): Promise<void> {
    await this.accounts.revokeApiToken(await this.principal(request), tokenId);
  }

  private async principal(request: FastifyRequest): Promise<StaffPrincipal> {
    // @AnyStaff: the guard refused requests without a staff credential.
    const principal = await this.credentials.principalOf(request);
    if (!principal) throw new Error('@AnyStaff route reached without a staff principal');
    return principal;
  }

  private async signedIn(opened: OpenedSession, request: FastifyRequest, reply: FastifyReply): Promise<MeDto> {
    reply.setCookie(SESSION_COOKIE, opened.cookieToken, sessionCookie(request, true));
    return this.me.describe(await this.credentials.sessionPrincipal(opened.cookieToken));
  }
}
