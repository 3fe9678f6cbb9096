import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { STORE_ROLES, type StoreRole } from '../../common/auth/permissions';
import { IsDisplayName } from '../../common/validation/display-name';
import { UUID_PATTERN } from '../../common/validation/patterns';
import { ACCOUNT_NAME_MAX, API_TOKEN_NAME_MAX, normalizeUsername, PASSWORD_MAX, PASSWORD_MIN, STORE_NAME_MAX, USERNAME_PATTERN } from '../rules/account-rules';

/** An invite or setup token as it travels in the link's fragment (base64url, 43 characters). */
const INVITE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function Username(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ example: 'ann.lee', minLength: 3, maxLength: 40, pattern: '^[a-z0-9._-]{3,40}$', description: 'Sign-in name: 3–40 of a–z 0–9 . _ - (input is lower-cased).' }),
    Transform(({ value }) => normalizeUsername(value)),
    IsString(),
    Matches(USERNAME_PATTERN, { message: 'username must be 3–40 characters of a–z, 0–9, ".", "_" or "-"' }),
  );
}

function Password(field = 'password'): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, format: 'password', description: `${field}: ${PASSWORD_MIN}–${PASSWORD_MAX} characters.` }),
    IsString(),
    MinLength(PASSWORD_MIN),
    MaxLength(PASSWORD_MAX),
  );
}

export class InviteTokenParamDto {
  @ApiProperty({ description: 'The token from the link (after #token=).' })
  @Matches(INVITE_TOKEN, { message: 'token must be an invite token' })
  token!: string;
}

/** GET /api/auth/invites/:token: what the link is for, before the person fills the form. */
export class InviteInfoDto {
  @ApiProperty()
  storeName!: string;
  @ApiProperty({ enum: STORE_ROLES })
  role!: StoreRole;
  @ApiProperty({ description: 'The setup link (first owner of the server): use POST /api/auth/setup.' })
  setup!: boolean;
  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

/** POST /api/auth/setup: the server owner's account, from the setup link printed at the first start. */
export class SetupDto {
  @ApiProperty({ description: 'The setup token (after #token= in the link).' })
  @IsString()
  @Matches(INVITE_TOKEN, { message: 'token must be a setup token' })
  token!: string;

  @ApiProperty({ example: 'Dragon’s Den Games', maxLength: STORE_NAME_MAX, description: "The store's name (renames the first store)." })
  @IsDisplayName(STORE_NAME_MAX)
  storeName!: string;

  @ApiProperty({ example: 'Ann Lee', maxLength: ACCOUNT_NAME_MAX, description: 'Display name (console, audit trail).' })
  @IsDisplayName(ACCOUNT_NAME_MAX)
  name!: string;

  @Username()
  username!: string;

  @Password()
  password!: string;
}

/** POST /api/auth/invites/:token/accept: a new account, or an existing one (right password) taking the role. */
export class AcceptInviteDto {
  @ApiProperty({ example: 'Ann Lee', maxLength: ACCOUNT_NAME_MAX, description: 'Display name (ignored when the username is an existing account).' })
  @IsDisplayName(ACCOUNT_NAME_MAX)
  name!: string;

  @Username()
  username!: string;

  @Password()
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ann.lee', description: 'Sign-in name (lower-cased).' })
  @Transform(({ value }) => normalizeUsername(value))
  @IsString()
  @MaxLength(100)
  username!: string;

  @ApiProperty({ format: 'password' })
  @IsString()
  @MaxLength(PASSWORD_MAX)
  password!: string;
}

export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString()
  @MaxLength(PASSWORD_MAX)
  currentPassword!: string;

  @Password('newPassword')
  newPassword!: string;
}

export class CreateApiTokenDto {
  @ApiProperty({ example: 'Results script', maxLength: API_TOKEN_NAME_MAX, description: 'What the token is for (shown in the list).' })
  @IsDisplayName(API_TOKEN_NAME_MAX)
  name!: string;
}

export class ApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Last request with it (updated at most once a minute).' })
  lastUsedAt!: string | null;
}

export class ApiTokenListDto {
  @ApiProperty({ type: [ApiTokenDto], description: 'Tokens not revoked, newest first.' })
  tokens!: ApiTokenDto[];
}

/** The new token: `token` is shown this once (only its SHA-256 is kept). */
export class CreatedApiTokenDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ example: 'pdm.3q2x…', description: 'Send as Authorization: Bearer <token>. Shown once.' })
  token!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class ApiTokenIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'tokenId must be a UUID' })
  tokenId!: string;
}

export class StoreIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'storeId must be a UUID' })
  storeId!: string;
}

export class StaffParamDto extends StoreIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'accountId must be a UUID' })
  accountId!: string;
}

export class InviteParamDto extends StoreIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'inviteId must be a UUID' })
  inviteId!: string;
}

export class RoleDto {
  @ApiProperty({ enum: STORE_ROLES })
  @IsIn(STORE_ROLES)
  role!: StoreRole;
}

export class StoreNameDto {
  @ApiProperty({ example: 'Dragon’s Den Games', maxLength: STORE_NAME_MAX })
  @IsDisplayName(STORE_NAME_MAX)
  name!: string;
}

export class StaffMemberDto {
  @ApiProperty({ format: 'uuid' })
  accountId!: string;
  @ApiProperty()
  username!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: STORE_ROLES })
  role!: StoreRole;
  @ApiProperty({ format: 'date-time', description: 'Staff of the store since.' })
  since!: string;
}

export class OpenInviteDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ enum: STORE_ROLES })
  role!: StoreRole;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class StaffListDto {
  @ApiProperty({ type: [StaffMemberDto], description: 'By name.' })
  staff!: StaffMemberDto[];
  @ApiProperty({ type: [OpenInviteDto], description: 'Invites not used yet and not expired, oldest first (their links are not shown again).' })
  invites!: OpenInviteDto[];
}

/** A new invite: `url` (and `token`) shown this once. */
export class CreatedInviteDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ enum: STORE_ROLES })
  role!: StoreRole;
  @ApiProperty({ example: 'http://127.0.0.1:3000/invite#token=…', description: 'The link to give the person: PUBLIC_URL when set, else the address this request came to.' })
  url!: string;
  @ApiProperty({ description: 'The token of the link (for a client that builds the link from its own address).' })
  token!: string;
  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class StoreDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
  @ApiProperty({ enum: STORE_ROLES, nullable: true, type: String, description: "The caller's role there; null: the server owner sees a store they are not staff of." })
  role!: StoreRole | null;
}

export class StoreListDto {
  @ApiProperty({ type: [StoreDto], description: "The caller's stores by name (the server owner: every store)." })
  stores!: StoreDto[];
}

export class CreatedStoreDto {
  @ApiProperty({ type: StoreDto })
  store!: StoreDto;
  @ApiProperty({ description: 'The owner invite of the new store (shown once): give it to whoever runs it.' })
  ownerInviteUrl!: string;
  @ApiProperty({ description: 'The token of that link.' })
  ownerInviteToken!: string;
}
