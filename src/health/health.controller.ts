import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { HealthCheck, HealthCheckService, PrismaHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import { ErrorResponses } from '../common/errors/error-responses.decorator';

const INDICATORS = {
  type: 'object' as const,
  additionalProperties: { type: 'object', properties: { status: { type: 'string', example: 'up' } }, required: ['status'], additionalProperties: true },
  example: { database: { status: 'up' } },
};

/** @nestjs/terminus's health check result, as this route answers it when everything is up. */
export class HealthDto {
  @ApiProperty({ enum: ['ok'], description: 'Always ok in a 200 (a database that does not answer gives 503 DATABASE_UNAVAILABLE).' })
  status!: 'ok';
  @ApiProperty({ ...INDICATORS, description: 'Indicators that are up, by name.' })
  info!: Record<string, { status: string }>;
  @ApiProperty({ ...INDICATORS, example: {}, description: 'Indicators that are down (none in a 200).' })
  error!: Record<string, { status: string }>;
  @ApiProperty({ ...INDICATORS, description: 'Every indicator.' })
  details!: Record<string, { status: string }>;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly prismaIndicator: PrismaHealthIndicator,
    private readonly prisma: PrismaService,
  ) {}

  @Get()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getHealth', summary: 'Liveness and database reachability: { status: "ok", info: { database: { status: "up" } } }.' })
  @ApiOkResponse({ description: 'Server and database are up.', type: HealthDto })
  @ErrorResponses(503)
  async check(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.prismaIndicator.pingCheck('database', this.prisma, { timeout: 3000 })]);
    } catch {
      throw new DomainError('DATABASE_UNAVAILABLE', 'The database does not answer', [{ field: 'database', rule: 'ping', message: 'database down' }]);
    }
  }
}
