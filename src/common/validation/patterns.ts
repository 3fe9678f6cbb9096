import { ValidateIf } from 'class-validator';

/** A UUID in its canonical text form (any version), case-insensitive: ids in paths and bodies. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Optional, but not nullable: `undefined` (absent) skips validation, `null` is validated and fails
 * the field's type rule. (`@IsOptional()` would let null through to the database.)
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}
