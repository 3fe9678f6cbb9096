import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { Staff } from '../common/auth/staff.decorator';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { PlayerIdParamDto } from '../events/dto/event.dto';
import { FixedTableAnswerDto, FixedTableDto, PairingEditDto, PairingEditRecordDto, RepairRoundDto, SwapPairingDto } from './dto/pairing-edit.dto';
import { RoundParamDto } from './dto/tournament.dto';
import { PairingEditsService } from './pairing-edits.service';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';

/** The organizer's repairs of pairings before results, and fixed tables (docs/rules.md "Pairing corrections", "Fixed tables"). */
@ApiTags('tournament')
@Controller()
export class PairingEditsController {
  constructor(private readonly edits: PairingEditsService) {}

  @Post('events/:id/rounds/:number/swap')
  @HttpCode(200)
  @Staff('event.pairings')
  @ApiOperation({
    operationId: 'swapPairing',
    summary: 'Organizer: swap two players (teams) of the latest round between their matches, or one with the bye, before results.',
    description:
      'Only the latest Swiss round, and only while neither match has a result, a player’s report, a penalty or a sideboarded deck (409 PAIRING_LOCKED names the tables). A new pair that met before, or a bye to someone who had one, is refused (409 PAIRING_REMATCH names the pairs) unless `allowRematch: true`. A player’s fixed table stays theirs. The edit is recorded (GET …/edits); the answer holds the pairings before and after.',
  })
  @ApiOkResponse({ type: PairingEditDto })
  @ErrorResponses(400, 401, 404, 409)
  swap(@Param() { id, number }: RoundParamDto, @Body() dto: SwapPairingDto, @CurrentStaff() staff: StaffContext): Promise<PairingEditDto> {
    return this.edits.swap(id, number, dto.playerId, dto.withPlayerId, dto.allowRematch === true, staffActor(staff));
  }

  @Post('events/:id/rounds/:number/repair')
  @HttpCode(200)
  @Staff('event.pairings')
  @ApiOperation({
    operationId: 'repairRound',
    summary: 'Organizer: re-pair the latest round from scratch, before results.',
    description:
      'The same pairing rule as pairing it, from the seed’s stream `pairing/round-<r>/repair-<k>` (k: the k-th re-pair), so the new pairings differ and are reproducible. Only while no match of the round has a result (the bye’s aside), a report, a penalty or a sideboarded deck (409 PAIRING_LOCKED). Drops recorded during the round count as before it. The round’s clock is kept. Recorded (GET …/edits).',
  })
  @ApiOkResponse({ type: PairingEditDto })
  @ErrorResponses(400, 401, 404, 409)
  repair(@Param() { id, number }: RoundParamDto, @Body() dto: RepairRoundDto, @CurrentStaff() staff: StaffContext): Promise<PairingEditDto> {
    return this.edits.repair(id, number, dto.firstRound, staffActor(staff));
  }

  @Get('events/:id/rounds/:number/edits')
  @Staff('event.view')
  @ApiOperation({ operationId: 'pairingEdits', summary: 'Organizer: every swap and re-pair of the round, oldest first (who, when, pairings before and after).' })
  @ApiOkResponse({ type: [PairingEditRecordDto] })
  @ErrorResponses(400, 401, 404)
  list(@Param() { id, number }: RoundParamDto): Promise<PairingEditRecordDto[]> {
    return this.edits.edits(id, number);
  }

  @Put('events/:id/players/:playerId/fixed-table')
  @Staff('event.pairings')
  @ApiOperation({
    operationId: 'setFixedTable',
    summary: 'Organizer: set (1–999) or clear (null) the table a player cannot leave; rounds paired afterwards keep their match there.',
    description:
      'Two players fixed to one table: 409 FIXED_TABLE_TAKEN (team events: members of one team may share it). A match of two fixed players is at the lower table. Byes take no table.',
  })
  @ApiOkResponse({ type: FixedTableAnswerDto })
  @ErrorResponses(400, 401, 404, 409)
  fixedTable(@Param() { id, playerId }: PlayerIdParamDto, @Body() dto: FixedTableDto, @CurrentStaff() staff: StaffContext): Promise<FixedTableAnswerDto> {
    return this.edits.setFixedTable(id, playerId, dto.fixedTable, staffActor(staff));
  }
}
