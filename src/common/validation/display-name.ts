import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';

/** Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text around them. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** What shows nothing on its own: spaces, format characters (zero-width space, joiners, BOM…), combining marks. */
const INVISIBLE = /[\p{Z}\p{Cf}\p{M}\s]/gu;

/** Why a (normalized) name cannot be shown to people, or null when it can. */
export function unreadableName(name: string): string | null {
  if (name === '') return 'must not be empty';
  if (BIDI_CONTROL.test(name)) return 'must not contain bidirectional control characters (U+202A–U+202E, U+2066–U+2069)';
  if (name.replace(INVISIBLE, '') === '') return 'must contain a visible character';
  return null;
}

/** A name as it is stored: Unicode NFC, without leading or trailing spaces. */
export function normalizeName(value: unknown): unknown {
  return typeof value === 'string' ? value.normalize('NFC').trim() : value;
}

/**
 * A name people read (event, player, team, league): stored NFC-normalized and trimmed; refused
 * (400, rule `readableName`) when empty after trimming, made only of invisible characters, or
 * holding bidirectional overrides that would make it read as something else.
 */
export function IsDisplayName(maxLength: number, options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => normalizeName(value)),
    IsString(options),
    MaxLength(maxLength, options),
    ValidateBy(
      {
        name: 'readableName',
        validator: {
          validate: (value) => typeof value === 'string' && unreadableName(value) === null,
          defaultMessage: (args) => `${args?.property} ${typeof args?.value === 'string' ? unreadableName(args.value) : 'must be a string'}`,
        },
      },
      options,
    ),
  );
}
