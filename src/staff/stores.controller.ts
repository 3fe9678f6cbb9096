import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { AnyStaff, ServerOwner, Staff } from '../common/auth/staff.decorator';
import { AppConfig } from '../common/config/app-config';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import {
  CreatedInviteDto,
  CreatedStoreDto,
  InviteParamDto,
  RoleDto,
  StaffListDto,
  StaffMemberDto,
  StaffParamDto,
  StoreDto,
  StoreIdParamDto,
  StoreListDto,
  StoreNameDto,
} from './dto/accounts.dto';
import { StaffCredentials, type StaffPrincipal } from './staff-credentials';
import { StoresService } from './stores.service';

/**
 * Where links (invites) point: PUBLIC_URL when set, else the scheme and host this request came to
 * (the address the manager's browser uses; X-Forwarded-* with TRUST_PROXY).
 */
export function baseUrlOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/** Stores and their staff: list, open (server owner), rename, staff, invites, roles. */
@ApiTags('staff')
@Controller('stores')
export class StoresController {
  constructor(
    private readonly stores: StoresService,
    private readonly credentials: StaffCredentials,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @AnyStaff()
  @ApiOperation({ operationId: 'listStores', summary: "The stores the caller is staff of, with the caller's role; the server owner sees every store (role null where not staff)." })
  @ApiOkResponse({ type: StoreListDto })
  @ErrorResponses(401)
  async list(@Req() request: FastifyRequest): Promise<StoreListDto> {
    return { stores: await this.stores.list(await this.principal(request)) };
  }

  @Post()
  @ServerOwner()
  @ApiOperation({
    operationId: 'createStore',
    summary:
      'Server owner: opens a store and makes an owner invite for whoever will run it (the server owner is not made its staff). The invite link is shown once, good for 7 days.',
  })
  @ApiCreatedResponse({ type: CreatedStoreDto })
  @ErrorResponses(400, 401, 403)
  async create(@Body() dto: StoreNameDto, @Req() request: FastifyRequest): Promise<CreatedStoreDto> {
    return this.stores.create(await this.principal(request), dto.name, baseUrlOf(request, this.config.PUBLIC_URL));
  }

  @Patch(':storeId')
  @Staff('store.manage')
  @ApiOperation({ operationId: 'renameStore', summary: 'Owner: renames the store.' })
  @ApiOkResponse({ type: StoreDto })
  @ErrorResponses(400, 401, 403, 404)
  rename(@Param() { storeId }: StoreIdParamDto, @Body() dto: StoreNameDto, @CurrentStaff() staff: StaffContext): Promise<StoreDto> {
    return this.stores.rename(storeId, dto.name, staff.role);
  }

  @Get(':storeId/staff')
  @Staff('store.manage')
  @ApiOperation({ operationId: 'listStaff', summary: 'Owner: the store’s staff (by name) and its open invites.' })
  @ApiOkResponse({ type: StaffListDto })
  @ErrorResponses(400, 401, 403, 404)
  staff(@Param() { storeId }: StoreIdParamDto): Promise<StaffListDto> {
    return this.stores.staff(storeId);
  }

  @Post(':storeId/invites')
  @Staff('store.manage')
  @ApiOperation({
    operationId: 'createInvite',
    summary: 'Owner: an invite link for a role in the store (`<base>/invite#token=…`), shown once, good for 7 days, for one person.',
  })
  @ApiCreatedResponse({ type: CreatedInviteDto })
  @ErrorResponses(400, 401, 403, 404)
  invite(@Param() { storeId }: StoreIdParamDto, @Body() dto: RoleDto, @CurrentStaff() staff: StaffContext, @Req() request: FastifyRequest): Promise<CreatedInviteDto> {
    return this.stores.invite(storeId, dto.role, staff.accountId, baseUrlOf(request, this.config.PUBLIC_URL));
  }

  @Delete(':storeId/invites/:inviteId')
  @HttpCode(204)
  @Staff('store.manage')
  @ApiOperation({ operationId: 'cancelInvite', summary: 'Owner: cancels an unused invite (its link stops working). 404 INVITE_INVALID.' })
  @ApiNoContentResponse()
  @ErrorResponses(400, 401, 403, 404)
  async cancelInvite(@Param() { storeId, inviteId }: InviteParamDto): Promise<void> {
    await this.stores.cancelInvite(storeId, inviteId);
  }

  @Put(':storeId/staff/:accountId')
  @Staff('store.manage')
  @ApiOperation({ operationId: 'changeStaffRole', summary: "Owner: changes a staff member's role. 404 STAFF_NOT_FOUND; 409 LAST_OWNER when the store would have no owner." })
  @ApiOkResponse({ type: StaffMemberDto })
  @ErrorResponses(400, 401, 403, 404, 409)
  changeRole(@Param() { storeId, accountId }: StaffParamDto, @Body() dto: RoleDto): Promise<StaffMemberDto> {
    return this.stores.changeRole(storeId, accountId, dto.role);
  }

  @Delete(':storeId/staff/:accountId')
  @HttpCode(204)
  @Staff('store.manage')
  @ApiOperation({
    operationId: 'removeStaff',
    summary: 'Owner: removes a staff member from the store (the account and its other stores stay). 404 STAFF_NOT_FOUND; 409 LAST_OWNER.',
  })
  @ApiNoContentResponse()
  @ErrorResponses(400, 401, 403, 404, 409)
  async remove(@Param() { storeId, accountId }: StaffParamDto): Promise<void> {
    await this.stores.remove(storeId, accountId);
  }

  private async principal(request: FastifyRequest): Promise<StaffPrincipal> {
    const principal = await this.credentials.principalOf(request);
    if (!principal) throw new Error('staff route reached without a staff principal');
    return principal;
  }
}
