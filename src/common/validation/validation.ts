import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError, type ErrorDetail } from '../errors/domain-error';

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
 * The global pipe: every body, query and path DTO is validated with class-validator; unknown
 * fields and wrong types are rejected (400 VALIDATION_FAILED with one detail per broken rule).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const details = validationDetails(errors);
      const summary = details.map((d) => d.message).join('; ');
      return new DomainError('VALIDATION_FAILED', `Invalid request: ${summary}`, details);
    },
  });
}
