import { TIEBREAKER_ORDER, TIEBREAKERS, type TiebreakerKey } from '../rules/tiebreakers';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, UUID_PATTERN } from '../../common/validation/patterns';
import { TeamMemberRefDto } from '../../teams/dto/team.dto';

export class RoundParamDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'id must be a UUID' })
  id!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100, description: 'Round number, 1-based.' })
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(100)
  number!: number;
}

export class PairRoundDto {
  @ApiPropertyOptional({ type: 'integer', default: 50, minimum: 1, maximum: 600, description: 'Round length in minutes.' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(600)
  minutes?: number;

  @ApiPropertyOptional({
    enum: ['across-the-table', 'random'],
    default: 'across-the-table',
    description:
      "A draft's round 1: across the table (default: seat i plays seat i + half the pod — 1 v 5 … 4 v 8 — so nobody meets a neighbour they passed to; an odd pod's last seat plays another pod's leftover or takes the bye; docs/rules.md) or random within the pods from the seed. Ignored for later rounds, sealed and team events.",
  })
  @IsOptionalNotNull()
  @IsIn(['across-the-table', 'random'])
  firstRound?: 'across-the-table' | 'random';

  @ApiPropertyOptional({
    default: false,
    description:
      'Pair although players still in have no legal registered deck (without it: 409 DECKS_NOT_READY naming each). The answer lists them in pairedWithoutDecks; the organizer decides what happens at their table (MTR 7.9: a game loss).',
  })
  @IsOptionalNotNull()
  @IsBoolean()
  force?: boolean;

  @ApiPropertyOptional({
    type: () => [DeckGuardChoiceDto],
    maxItems: 1000,
    description:
      'The organizer’s choice for each player without a legal registered deck (DECKS_NOT_READY lists them): gameLoss pairs them with a game loss in their match (MTR 7.9), pairAnyway pairs them as they are, suggest registers the deck suggestion for them first (then they pair as anyone with a legal deck). Pairing proceeds only when every such player has a choice (or force).',
  })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => DeckGuardChoiceDto)
  choices?: DeckGuardChoiceDto[];
}

export class DeckGuardChoiceDto {
  @ApiProperty({ format: 'uuid' })
  @Matches(UUID_PATTERN, { message: 'playerId must be a UUID' })
  playerId!: string;

  @ApiProperty({
    enum: ['gameLoss', 'pairAnyway', 'suggest'],
    description:
      'gameLoss: paired with a game loss in their match (MTR 7.9); pairAnyway: paired as they are; suggest: first register the deck suggestion’s best effort for them (every hero tried; 409 SUGGESTION_SHORT with the count when even that is short of their minimum — nothing registered).',
  })
  @IsIn(['gameLoss', 'pairAnyway', 'suggest'])
  choice!: 'gameLoss' | 'pairAnyway' | 'suggest';
}

export class MatchResultDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 2, description: 'Games won by player A (the first player of the pairing).' })
  @IsInt()
  @Min(0)
  @Max(2)
  winsA!: number;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 2, description: 'Games won by player B.' })
  @IsInt()
  @Min(0)
  @Max(2)
  winsB!: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 3, default: 0, description: 'Drawn games (0-0-3 is an intentional draw).' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(3)
  draws?: number;

  @ApiPropertyOptional({
    maxLength: 500,
    description:
      'Staff: why the result changes. Required (400 VALIDATION_FAILED, field reason) when the match already has a different result: a correction is always audited with its reason. Ignored in players’ reports and previews.',
  })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class ListingQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv', 'text'], default: 'json', description: 'json, csv (text/csv) or text (text/plain, as stores post it).' })
  @IsOptionalNotNull()
  @IsIn(['json', 'csv', 'text'])
  format?: 'json' | 'csv' | 'text';

  @ApiPropertyOptional({
    enum: ['table', 'name'],
    default: 'table',
    description: 'Pairings (csv and text): by table, or by player name the way stores post them; standings ignore it.',
  })
  @IsOptionalNotNull()
  @IsIn(['table', 'name'])
  sort?: 'table' | 'name';

  @ApiPropertyOptional({
    enum: ['en', 'ru'],
    description: "csv and text: the language of the headers and words; default the event's game's (Russian for Berserk, English otherwise). JSON ignores it.",
  })
  @IsOptionalNotNull()
  @IsIn(['en', 'ru'])
  lang?: 'en' | 'ru';
}

/** A tiebreaker field's documentation, from the one list (src/tournament/rules/tiebreakers.ts): its place in the order and what it measures. */
function tiebreakerText(key: TiebreakerKey): string {
  const at = TIEBREAKERS.findIndex((t) => t.key === key);
  const t = TIEBREAKERS[at];
  return `${t.label}, 0–1: ${t.description}. Tiebreaker ${at + 1} of ${TIEBREAKERS.length} (${TIEBREAKER_ORDER}).`;
}
/** A team member in a pairing: their seat letter at the team game table (docs/rules.md "Team seating at the game table"). */
export class PairingMemberDto extends TeamMemberRefDto {
  @ApiPropertyOptional({
    enum: ['A', 'B', 'C'],
    description: 'In pairings: the member’s seat letter (registration order); they play the opposing member of the same letter.',
  })
  seat?: 'A' | 'B' | 'C';
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 6,
    description: 'In pairings: their seat around the table, clockwise from 1 — the teams alternate (A, B, A, B…): side A’s members odd, side B’s even.',
  })
  tableSeat?: number;
}

/** A side of a pairing: a player, or in a team event a team (then `playerId` is the team id, as in standings). */
export class PlayerRefDto {
  @ApiProperty({ format: 'uuid', description: 'The competitor: the player, or the team in a team event (= teamId).' })
  playerId!: string;
  @ApiProperty({ description: 'Player name, or team name in a team event.' })
  name!: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'Team events: the team.' })
  teamId?: string;
  @ApiPropertyOptional({ type: [PairingMemberDto], description: 'Team events: the team members (in pairings with their seat letters).' })
  members?: PairingMemberDto[];
}

/** A match result: games won by each side and drawn games (best of three). */
export class MatchScoreDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 2 })
  winsA!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 2 })
  winsB!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 3 })
  draws!: number;
}

export class PairingDto {
  @ApiProperty({ format: 'uuid' })
  matchId!: string;
  @ApiProperty({ type: 'integer', description: 'Table number, 1-based.' })
  table!: number;
  @ApiProperty({ type: PlayerRefDto })
  playerA!: PlayerRefDto;
  @ApiProperty({ type: PlayerRefDto, nullable: true, description: 'null: a bye (a 2-0 win for player A).' })
  playerB!: PlayerRefDto | null;
  @ApiProperty({ description: 'The two met before (only when no other pairing existed).' })
  rematch!: boolean;
  @ApiProperty({ nullable: true, type: MatchScoreDto, description: 'The result once decided; null before.' })
  result!: MatchScoreDto | null;
  @ApiProperty({ description: 'The players reported different results: the organizer decides.' })
  disputed!: boolean;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 120, description: "A judge's time extension for this table, in minutes (0: none)." })
  extraMinutes!: number;
  @ApiPropertyOptional({ format: 'date-time', description: "In the round routes: when this table's time ends (the round's end plus its extension)." })
  endsAt?: string;
  @ApiPropertyOptional({ description: 'In the round routes: true when this is a player’s fixed table (they cannot move; docs/rules.md "Fixed tables").' })
  fixedTable?: boolean;
}

/** A player paired without a legal registered deck (reason no-deck or illegal-deck). */
export class DeckNotReadyDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ['no-deck', 'illegal-deck'] })
  reason!: 'no-deck' | 'illegal-deck';
  @ApiProperty({ enum: ['gameLoss', 'pairAnyway'], description: 'The organizer’s choice: a game loss in the match (MTR 7.9), or paired as they are (force).' })
  choice!: 'gameLoss' | 'pairAnyway';
}

export class RoundDto {
  @ApiProperty({ type: 'integer' })
  number!: number;
  @ApiProperty({ enum: ['swiss', 'playoff'] })
  kind!: string;
  @ApiProperty({ format: 'date-time' })
  startedAt!: string;
  @ApiProperty({ type: 'integer' })
  minutes!: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 120, description: 'Minutes the organizer added to the whole round (extend).' })
  extraMinutes!: number;
  @ApiProperty({ format: 'date-time', description: 'startedAt + minutes + extraMinutes + the time spent paused; while paused, the end if it were resumed now.' })
  endsAt!: string;
  @ApiProperty({ description: 'The organizer paused the round clock.' })
  paused!: boolean;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Seconds left on the round clock when this answer was made (frozen while paused).' })
  remainingSeconds!: number;
  @ApiProperty({ example: 'Europe/Moscow', description: 'The event’s time zone: the times of ?format=text|csv are in it.' })
  timeZone!: string;
  @ApiProperty({ description: 'The event allows sideboarding between games (false: the sheet says "No sideboarding").' })
  sideboarding!: boolean;
  @ApiProperty({ type: [PairingDto] })
  pairings!: PairingDto[];
  @ApiPropertyOptional({
    type: [DeckNotReadyDto],
    description: 'Only in the answer of a round paired with force: the players paired without a legal registered deck.',
  })
  pairedWithoutDecks?: DeckNotReadyDto[];
}

/** POST /api/events/:id/rounds/:number/extend. */
export class ExtendRoundDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 120, example: 5, description: 'Minutes added to the whole round (at most 120 in total).' })
  @IsInt()
  @Min(1)
  @Max(120)
  minutes!: number;
}

/** PUT /api/matches/:matchId/extension. */
export class TableExtensionDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 120, example: 3, description: "A judge's time extension for this table, in minutes; 0 removes it." })
  @IsInt()
  @Min(0)
  @Max(120)
  extraMinutes!: number;
}

/** Penalties of one player, by kind (standings and exports). */
export class PenaltyCountsDto {
  @ApiProperty({ type: 'integer' })
  warning!: number;
  @ApiProperty({ type: 'integer' })
  gameLoss!: number;
  @ApiProperty({ type: 'integer' })
  matchLoss!: number;
}

/** A row of the standings: the competitor (PlayerRefDto: a player, or a team with its members) and its record. */
export class StandingDto extends PlayerRefDto {
  @ApiProperty({ type: 'integer' })
  rank!: number;
  @ApiProperty({ type: 'integer', description: '3 a win (a bye is a win), 1 a draw.' })
  matchPoints!: number;
  @ApiProperty({ example: '3-1-0', description: "wins-losses-draws (byes count as wins; a late entry's missed rounds as losses)" })
  record!: string;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description:
      "Late entry after round 1: the rounds the player missed, each a match loss 0-2 with no opponent (in their record, MW% and GW%; in no one's OMW%). Absent for everyone else.",
  })
  missedRounds?: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Match-win percentage, 0–1 (floored at 0.33).' })
  mwp!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: tiebreakerText('omwp') })
  omwp!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: tiebreakerText('gwp') })
  gwp!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: tiebreakerText('ogwp') })
  ogwp!: number;
  @ApiProperty()
  dropped!: boolean;
  @ApiPropertyOptional({ type: () => PenaltyCountsDto, description: 'Penalties given to the player in the event, by kind (event standings only).' })
  penalties?: PenaltyCountsDto;
}

export class TopCutDto {
  @ApiPropertyOptional({
    type: 'integer',
    enum: [2, 4, 8, 16, 32],
    description:
      'Top 8: 1v8, 2v7, 3v6, 4v5 (1v8 winner meets 4v5 winner); top 4: 1v4, 2v3; top 2: the final; 16 and 32 fold the same way. Required unless minMatchPoints is given.',
  })
  @ValidateIf((o: TopCutDto) => o.minMatchPoints === undefined || o.size !== undefined)
  @IsIn([2, 4, 8, 16, 32])
  size?: 2 | 4 | 8 | 16 | 32;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 1000,
    description: 'Instead of size: everyone with at least this many match points makes the cut, padded by standings to the next power of two (at most 32, at least a final).',
  })
  @IsOptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(1000)
  minMatchPoints?: number;

  @ApiPropertyOptional({
    enum: ['standings', 'byes'],
    default: 'standings',
    description:
      'With minMatchPoints: who takes the seats beyond the qualifiers — the next players of the standings (default), or nobody: byes for the top seeds (5 qualifiers in a top 8: seeds 1–3 advance by walkover, 4 plays 5).',
  })
  @IsOptionalNotNull()
  @IsIn(['standings', 'byes'])
  fill?: 'standings' | 'byes';

  @ApiPropertyOptional({ type: 'integer', default: 50, minimum: 1, maximum: 600, description: 'Round length in minutes.' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(600)
  minutes?: number;
}

/** One change of a match result (GET /api/matches/:matchId/history). */
/** Who entered a result. */
export class ResultChangeByDto {
  @ApiProperty({ type: 'string', nullable: true, description: "The staff member's or player's name; null for a staff member when the caller is not staff of the event's store." })
  name!: string | null;
  @ApiProperty({ type: 'string', nullable: true, enum: ['owner', 'organizer', 'scorekeeper', 'judge'], description: 'The staff member’s role in the store; null for a player.' })
  role!: string | null;
}

export class ResultChangeDto extends MatchScoreDto {
  @ApiProperty({
    enum: ['organizer', 'players', 'bye', 'walkover'],
    description: 'organizer: entered or corrected; players: two identical reports; bye / walkover: decided by the pairing.',
  })
  source!: string;
  @ApiProperty({ format: 'date-time' })
  at!: string;
  @ApiProperty({
    type: ResultChangeByDto,
    nullable: true,
    description:
      'Who entered it: the staff member (account name, role in the store) for source organizer, the confirming player for players; null for byes, walkovers and changes made before accounts existed.',
  })
  by!: ResultChangeByDto | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Why a staff member corrected it (required for corrections).' })
  reason!: string | null;
}

/** A drop: the competitor and the last round played before it (0 = before round 1). */
export class DropDto {
  @ApiProperty({ format: 'uuid', description: 'The player (in a team event the whole team drops).' })
  playerId!: string;
  @ApiProperty({ type: 'integer', description: 'The last round played before dropping; 0 = before round 1 (no longer in the standings).' })
  droppedAfterRound!: number;
}

/** A final placing (GET /api/events/:id/placings): playoffs first, then the Swiss standings. */
export class PlacingDto {
  @ApiProperty({ type: 'integer', description: '1-based, distinct.' })
  place!: number;
  @ApiProperty({ format: 'uuid', description: 'The competitor: the player, or the team in a team event.' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: 'integer', description: 'Rank in the Swiss standings.' })
  swissRank!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The last playoff round the competitor was seated in (1 = first); null when not in the cut.' })
  playoffRound!: number | null;
  @ApiProperty({ description: 'The winner of the final.' })
  champion!: boolean;
}

/** One standings line as a correction preview shows it. */
export class StandingLineDto {
  @ApiProperty({ type: 'integer' })
  rank!: number;
  @ApiProperty({ type: 'integer' })
  matchPoints!: number;
  @ApiProperty({ example: '2-1-0' })
  record!: string;
  @ApiProperty({ minimum: 0, maximum: 1, description: tiebreakerText('omwp') })
  omwp!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: tiebreakerText('gwp') })
  gwp!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: tiebreakerText('ogwp') })
  ogwp!: number;
}

export class StandingChangeDto {
  @ApiProperty({ format: 'uuid' })
  playerId!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ type: StandingLineDto })
  before!: StandingLineDto;
  @ApiProperty({ type: StandingLineDto })
  after!: StandingLineDto;
}

/** POST /api/matches/:matchId/result/preview: what a correction would change; nothing is stored. */
export class CorrectionPreviewDto {
  @ApiProperty({ format: 'uuid' })
  matchId!: string;
  @ApiProperty({ type: 'integer', description: 'The round of the match.' })
  round!: number;
  @ApiProperty({ type: MatchResultDto, nullable: true, description: 'The result recorded now (null: none yet).' })
  before!: MatchResultDto | null;
  @ApiProperty({ type: MatchResultDto })
  after!: MatchResultDto;
  @ApiProperty({ type: [StandingChangeDto], description: 'Every player whose standings line would change, in the new order.' })
  changes!: StandingChangeDto[];
  @ApiProperty({ type: [Number], description: 'Swiss rounds paired since the match’s round: they stand as paired; the next round is paired from the new standings.' })
  pairedSince!: number[];
  @ApiProperty({ description: 'A top cut was already seeded from the old standings (it stands).' })
  topCutSeeded!: boolean;
}
