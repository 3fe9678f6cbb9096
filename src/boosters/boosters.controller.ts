import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from '../common/http/api-docs';
import { GameQueryDto, SetCodeParamDto } from '../catalog/dto/catalog-query.dto';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { BoostersService } from './boosters.service';
import { BoostersDto, GenerateBoostersDto } from './dto/boosters.dto';
import { RateLimited } from '../common/rate-limit/rate-limits';

@ApiTags('boosters')
@Controller('sets/:code/boosters')
export class BoostersController {
  constructor(private readonly boosters: BoostersService) {}

  @Post()
  @RateLimited('heavy')
  @HttpCode(200)
  @ApiAuth('public')
  @ApiOperation({
    operationId: 'generateBoosters',
    summary: 'Generate booster packs of a set from a seed (public).',
    description:
      'Pack i draws from the stream seed + "/pack/" + i (docs/randomness.md), so the same seed, set data version and layout give the same packs on any machine, and pack 17 does not depend on packs 1–16.',
  })
  @ApiOkResponse({ type: BoostersDto })
  @ErrorResponses(400, 404, 409, 429)
  generate(@Param() params: SetCodeParamDto, @Query() query: GameQueryDto, @Body() body: GenerateBoostersDto): Promise<BoostersDto> {
    return this.boosters.generate(params.code, query.game, body.count, body.seed);
  }
}
