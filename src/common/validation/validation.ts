import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { DomainError, type ErrorDetail } from '../errors/domain-error';
import { shapeProblems } from './shape-check';

/** Details a validation failure lists; the rest are counted in the error's `omittedDetails`. */
export const MAX_ERROR_DETAILS = 20;

/** Flattens class-validator errors into `{ field: "a.b[2].c", rule, message }` details. */
export function validationDetails(errors: ValidationError[], parent = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = parent === '' ? error.property : /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      field,
      rule: rule === 'whitelistValidation' ? 'unknownField' : rule,
      message: rule === 'whitelistValidation' ? `${field} is not a known field` : message,
    }));
    return [...own, ...validationDetails(error.children ?? [], field)];
  });
}

/**
 * 400 VALIDATION_FAILED with the first MAX_ERROR_DETAILS details (and their messages in the
 * message); how many more there were is `omittedDetails`. No error body grows with the input.
 */
export function validationFailed(details: ErrorDetail[]): DomainError {
  const shown = details.slice(0, MAX_ERROR_DETAILS);
  const omitted = details.length - shown.length;
  const summary = shown.map((d) => d.message).join('; ') + (omitted > 0 ? `; and ${omitted} more` : '');
  return new DomainError('VALIDATION_FAILED', `Invalid request: ${summary}`, shown, omitted);
}

/** Nest's ValidationPipe behind the shape check (shape-check.ts), which runs before any transformation. */
class ShapeCheckedValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.metatype && metadata.type !== 'custom') {
      const problems = shapeProblems(value, metadata.metatype, metadata.type);
      if (problems.length > 0) throw validationFailed(problems);
    }
    return super.transform(value, metadata);
  }
}

/**
 * The global pipe: every body, query and path DTO is validated with class-validator; unknown
 * fields and wrong types are rejected (400 VALIDATION_FAILED with one detail per broken rule, the
 * first MAX_ERROR_DETAILS of them). Arrays over their cap (MaxItems) and values far outside the
 * DTO's fields are refused first, before a single element is transformed or validated.
 */
export function createValidationPipe(): ValidationPipe {
  return new ShapeCheckedValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => validationFailed(validationDetails(errors)),
  });
}
