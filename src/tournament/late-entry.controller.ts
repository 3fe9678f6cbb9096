import { Body, Controller, Param, Post } from '@nestjs/common';
import { Staff } from '../common/auth/staff.decorator';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponses } from '../common/errors/error-responses.decorator';
import { EventIdParamDto } from '../events/dto/event.dto';
import { LateEntryDto, LatePlayerDto } from './dto/late-entry.dto';
import { LateEntryService } from './late-entry.service';
import { CurrentStaff, type StaffContext } from '../common/auth/staff-context';
import { staffActor } from '../audit/rules/audit-entry';

@ApiTags('tournament')
@Controller()
export class LateEntryController {
  constructor(private readonly lateEntry: LateEntryService) {}

  @Post('events/:id/players/late')
  @Staff('event.registration')
  @ApiOperation({
    operationId: 'addLatePlayer',
    summary: 'Organizer: add a late player after round 1 (a match loss for each round missed).',
    description:
      'While the event is playing, at any time: the player is paired from the round after the latest paired one (`firstRound`) and has a match loss 0-2 with no opponent for each earlier round (MTR practice for late entries; in their record, MW% and GW%, in no one’s OMW%). Answers the player token once (for a join link or QR code). Sealed with generated packs: the pool opens from the event seed on the player’s own streams (nobody else’s pool changes); they submit a deck until their first round is paired. A draft or real boosters: only with `deck`, the list the organizer registers (checked by the game’s rules as a list without a pool), else 422 LATE_ENTRY_DECK_REQUIRED; an illegal list 422 DECK_ILLEGAL and nothing is stored. 409 EVENT_STATE_CONFLICT: not playing, a team event, or the top cut started; 409 EVENT_FULL: no free seat.',
  })
  @ApiCreatedResponse({ type: LateEntryDto, description: 'The late player, their token, first round and missed-round losses.' })
  @ErrorResponses(400, 401, 404, 409, 422)
  enter(@Param() { id }: EventIdParamDto, @Body() dto: LatePlayerDto, @CurrentStaff() staff: StaffContext): Promise<LateEntryDto> {
    return this.lateEntry.enter(id, dto, staffActor(staff));
  }
}
