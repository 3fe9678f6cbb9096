import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PERMISSIONS, STORE_ROLES, type Permission, type StoreRole } from '../../common/auth/permissions';

export class MeAccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty({ description: 'Sign-in name (lower case).' })
  username!: string;
  @ApiProperty({ description: 'Display name.' })
  name!: string;
}

export class MeStoreDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: STORE_ROLES })
  role!: StoreRole;
  @ApiProperty({ enum: PERMISSIONS, isArray: true, description: 'What the role may do in this store (src/common/auth/permissions.ts).' })
  permissions!: Permission[];
}

/** Who the caller is: GET /api/me. */
// Named apart from the draft's MeDto (a player's own seat): two schemas of one name in the
// OpenAPI document made GET /api/me answer with the player's shape.
@ApiSchema({ name: 'StaffMeDto' })
export class MeDto {
  @ApiProperty({ description: 'A staff credential was sent (session cookie, API token or ORGANIZER_TOKEN).' })
  signedIn!: boolean;
  @ApiProperty({ enum: ['session', 'apiToken', 'serverToken'], nullable: true, type: String })
  via!: 'session' | 'apiToken' | 'serverToken' | null;
  @ApiProperty({ type: MeAccountDto, nullable: true, description: 'null when anonymous, and for ORGANIZER_TOKEN before the owner account exists.' })
  account!: MeAccountDto | null;
  @ApiProperty({ description: "The server's owner (may open stores)." })
  serverOwner!: boolean;
  @ApiProperty({ type: [MeStoreDto], description: 'The stores the caller is staff of, with their role and permissions.' })
  stores!: MeStoreDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Signed-in browsers: send it as X-CSRF-Token with every change.' })
  csrfToken!: string | null;
  @ApiProperty({ description: 'No account exists yet: the owner is created with the setup link printed at the first start.' })
  setupPending!: boolean;
}
