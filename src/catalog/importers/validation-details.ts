import type { ValidationError } from 'class-validator';
import type { ErrorDetail } from '../../common/errors/domain-error';

/**
 * Flattens class-validator errors into details with a field path like
 * "cards[12].attributes.faction" (array items as [i], object keys and Map keys as .key).
 * `cardOf` names the card a path belongs to (from "cards[i]"). Unknown fields get rule
 * "unknownField", as the API's own validation reports them.
 */
export function validationDetails(errors: ValidationError[], cardOf: (index: number) => string | undefined, parent = ''): ErrorDetail[] {
  return errors.flatMap((error) => {
    const field = parent === '' ? error.property : /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`;
    const cardIndex = /^cards\[(\d+)\]/.exec(field);
    const card = cardIndex ? cardOf(Number(cardIndex[1])) : undefined;
    const constraints = { ...(error.constraints ?? {}) };
    // "must be an object" already says it; the nested-validation twin would repeat it.
    if (constraints.isObject || constraints.isDefined) delete constraints.nestedValidation;
    const own = Object.entries(constraints).map(([rule, message]): ErrorDetail => {
      const unknown = rule === 'whitelistValidation';
      const text = unknown
        ? `${field} is not a known field`
        : message.startsWith(`${error.property} `)
          ? `${field}${message.slice(error.property.length)}`
          : `${field}: ${message}`;
      return { field, rule: unknown ? 'unknownField' : rule, message: card ? `${card}: ${text}` : text, ...(card ? { card } : {}) };
    });
    return [...own, ...validationDetails(error.children ?? [], cardOf, field)];
  });
}
