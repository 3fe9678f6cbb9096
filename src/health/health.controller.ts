import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, PrismaHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import { ErrorResponses } from '../common/errors/error-responses.decorator';

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
  @ApiOperation({ summary: 'Liveness and database reachability: { status: "ok", info: { database: { status: "up" } } }.' })
  @ApiOkResponse({ description: 'Server and database are up.' })
  @ErrorResponses(503)
  async check(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.prismaIndicator.pingCheck('database', this.prisma, { timeout: 3000 })]);
    } catch {
      throw new DomainError('DATABASE_UNAVAILABLE', 'The database does not answer', [{ field: 'database', rule: 'ping', message: 'database down' }]);
    }
  }
}
