import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../common/config/app-config';
import { ApiAuth } from '../common/http/api-docs';
import { lanAddresses, playerUrls } from '../common/http/startup-banner';

export class AddressesDto {
  @ApiProperty({
    type: [String],
    example: ['http://192.168.1.20:3000'],
    description:
      "Where players' phones reach this server (join links, QR codes): PUBLIC_URL when set; with HOST=0.0.0.0 each network address of this machine; else HOST. Empty when HOST is loopback (127.0.0.1): phones cannot reach it.",
  })
  playerUrls!: string[];
}

@ApiTags('health')
@Controller('addresses')
export class AddressesController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  @ApiAuth('public')
  @ApiOperation({ operationId: 'getAddresses', summary: "Where players' phones reach this server, for join links and QR codes." })
  @ApiOkResponse({ type: AddressesDto })
  addresses(@Req() req: FastifyRequest): AddressesDto {
    return { playerUrls: playerUrls({ host: this.config.HOST, port: req.socket.localPort ?? this.config.PORT, publicUrl: this.config.PUBLIC_URL, lanAddresses: lanAddresses() }) };
  }
}
