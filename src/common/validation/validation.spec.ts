import type { ArgumentMetadata } from '@nestjs/common';
import { OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsObject, IsString, Matches, ValidateBy, ValidateNested } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { errorBody } from '../errors/error-response';
import { MaxItems } from './max-items';
import { MAX_STRAY_VALUES } from './shape-check';
import { createValidationPipe, MAX_ERROR_DETAILS } from './validation';

/** How often class-transformer built an element, and class-validator checked one. */
const seen = { transformed: 0, validated: 0 };

class Entry {
  @Transform(({ value }) => {
    seen.transformed++;
    return value;
  })
  @ValidateBy({
    name: 'counted',
    validator: {
      validate: () => {
        seen.validated++;
        return true;
      },
    },
  })
  @Matches(/^[A-Z]+-\d+$/)
  cardId!: string;

  @IsInt()
  count!: number;
}

class Share {
  @IsString()
  player!: string;

  @MaxItems(5, () => Entry)
  cards!: Entry[];
}

class Scoring {
  @MaxItems(4)
  @IsInt({ each: true })
  points!: number[];
}

class Body {
  @MaxItems(10, () => Entry)
  main!: Entry[];

  @MaxItems(3, () => Share)
  shares!: Share[];

  @IsObject()
  @ValidateNested()
  @Type(() => Scoring)
  scoring!: Scoring;

  @IsString()
  name!: string;
}

/** A mapped type: its fields' rules are copied from Body by @nestjs/swagger, the caps with them. */
class Mapped extends OmitType(Body, ['name'] as const) {}

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ cardId: `HOA-${i + 1}`, count: 1 }));
const valid = () => ({ main: entries(2), shares: [{ player: 'a', cards: entries(1) }], scoring: { points: [3, 1] }, name: 'x' });

async function refusal(value: unknown, metatype: new () => object = Body): Promise<DomainError> {
  const metadata: ArgumentMetadata = { type: 'body', metatype };
  try {
    await createValidationPipe().transform(value, metadata);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the pipe accepted the value');
}

beforeEach(() => {
  seen.transformed = 0;
  seen.validated = 0;
});

describe('the validation pipe: request shape before elements', () => {
  it('a valid body passes, its elements transformed and validated (the counters count)', async () => {
    const out = (await createValidationPipe().transform(valid(), { type: 'body', metatype: Body })) as Body;
    expect(out).toBeInstanceOf(Body);
    expect(out.main[0]).toBeInstanceOf(Entry);
    expect(seen).toEqual({ transformed: 3, validated: 3 });
  });

  it('maxItems: a 200,000-element array is refused by its size; no element is transformed or validated', async () => {
    const error = await refusal({ ...valid(), main: entries(200_000) });
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([{ field: 'main', rule: 'maxItems', message: 'main must contain no more than 10 elements (got 200000)' }]);
    expect(seen).toEqual({ transformed: 0, validated: 0 });
  });

  it('maxItems: an array of scalars, 200,000 numbers where objects are expected, likewise', async () => {
    const error = await refusal({ ...valid(), main: new Array(200_000).fill(0) });
    expect(error.details).toEqual([expect.objectContaining({ field: 'main', rule: 'maxItems' })]);
    expect(errorBody(error).omittedDetails).toBeUndefined();
  });

  it('maxItems: nested arrays (an array of objects holding arrays, an object holding an array) are capped where they are', async () => {
    const error = await refusal({
      ...valid(),
      shares: [
        { player: 'a', cards: entries(1) },
        { player: 'b', cards: entries(6) },
      ],
      scoring: { points: [1, 2, 3, 4, 5] },
    });
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'shares[1].cards', rule: 'maxItems' }),
      expect.objectContaining({ field: 'scoring.points', rule: 'maxItems' }),
    ]);
    expect(seen).toEqual({ transformed: 0, validated: 0 });
  });

  it('maxItems: mapped DTO classes (OmitType) keep the caps of the class they come from', async () => {
    const error = await refusal({ main: entries(11), shares: [], scoring: { points: [] } }, Mapped);
    expect(error.details).toEqual([expect.objectContaining({ field: 'main', rule: 'maxItems' })]);
  });

  it('an array within its cap gets the usual per-element details', async () => {
    const error = await refusal({ ...valid(), main: [{ cardId: 'bad', count: 1 }] });
    expect(error.details).toEqual([expect.objectContaining({ field: 'main[0].cardId', rule: 'matches' })]);
  });

  it(`maxValues: more than ${MAX_STRAY_VALUES} values outside the declared fields are refused before transformation`, async () => {
    for (const body of [
      { ...valid(), name: new Array(MAX_STRAY_VALUES + 1).fill('x') }, // a list where one value goes
      { ...valid(), main: [{ cardId: new Array(MAX_STRAY_VALUES + 1).fill(0), count: 1 }] }, // inside an element
      { ...valid(), scoring: new Array(MAX_STRAY_VALUES + 1).fill({ points: [] }) }, // a list where an object goes
    ]) {
      const error = await refusal(body);
      expect(error.details).toEqual([expect.objectContaining({ rule: 'maxValues' })]);
      expect(seen).toEqual({ transformed: 0, validated: 0 });
    }
    const unknown = await refusal({ ...valid(), surprise: new Array(500_000).fill(0) });
    expect(unknown.details).toEqual([
      expect.objectContaining({ field: 'surprise', rule: 'maxValues' }),
      { field: 'surprise', rule: 'unknownField', message: 'surprise is not a known field' },
    ]);
    const manyKeys = await refusal({ ...valid(), ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) });
    expect(manyKeys.details[0]).toMatchObject({ field: `k${MAX_STRAY_VALUES}`, rule: 'maxValues' });
    expect(manyKeys.details.length + manyKeys.omittedDetails).toBe(MAX_STRAY_VALUES + 2); // the overflow and the unknown fields seen until it
    expect(seen).toEqual({ transformed: 0, validated: 0 });
  });

  it('a few stray values still reach the validators, which name each problem as before', async () => {
    const error = await refusal({ ...valid(), name: ['x'], surprise: { a: [1, 2] } });
    expect(error.details).toEqual([
      { field: 'surprise', rule: 'unknownField', message: 'surprise is not a known field' },
      expect.objectContaining({ field: 'name', rule: 'isString' }),
    ]);
  });

  it('isObject: a body that is a list is refused as such, not read as an object with fields "0", "1"…', async () => {
    const error = await refusal(new Array(100_000).fill(valid()));
    expect(error.details).toEqual([{ field: 'body', rule: 'isObject', message: 'the body must be a JSON object, not a list' }]);
  });

  it(`an error lists at most ${MAX_ERROR_DETAILS} details and counts the rest in omittedDetails`, async () => {
    const error = await refusal({
      ...valid(),
      main: Array.from({ length: 10 }, () => ({ cardId: 1, count: 'x' })),
      shares: [{ player: 1, cards: Array.from({ length: 5 }, () => ({})) }],
    });
    expect(error.details).toHaveLength(MAX_ERROR_DETAILS);
    expect(error.omittedDetails).toBeGreaterThan(0);
    const body = errorBody(error);
    expect(body.omittedDetails).toBe(error.omittedDetails);
    expect(body.message).toMatch(new RegExp(`; and ${error.omittedDetails} more$`));
    expect(body.message.split('; ')).toHaveLength(MAX_ERROR_DETAILS + 1);
  });
});
