import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { Type } from '@nestjs/common';
import type { ErrorDetail } from '../errors/domain-error';

/**
 * Values a request may carry outside the fields its DTO declares (unknown fields and what they
 * hold, a list or an object where a field takes one value) and still reach the validators, which
 * then name each problem in their own words. Past it the request is refused before them:
 * class-transformer copies every such value and class-validator may report each one (an array
 * where a nested object is expected is validated element by element).
 */
export const MAX_STRAY_VALUES = 1000;

/** What the DTO says of one of its fields: its array cap (ArrayMaxSize) and the class of its objects (@Type). */
interface FieldRule {
  max: number | null;
  type: Type | null;
}
/** The fields a DTO class validates (class-validator's whitelist: a field with any rule), by name. */
type Plan = Map<string, FieldRule>;

const plans = new WeakMap<Type, Plan | null>();

/** The plan of a DTO class, from its class-validator and class-transformer metadata; null for a class without rules. */
function planOf(target: Type): Plan | null {
  const known = plans.get(target);
  if (known !== undefined) return known;
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(target, '', false, false);
  if (metadatas.length === 0) {
    plans.set(target, null);
    return null;
  }
  const plan: Plan = new Map();
  plans.set(target, plan); // before the field types: a class may hold itself
  for (const m of metadatas) {
    const rule = plan.get(m.propertyName) ?? { max: null, type: null };
    if (m.name === 'arrayMaxSize' && !m.each) rule.max = Math.min(rule.max ?? Number.POSITIVE_INFINITY, Number(m.constraints[0]));
    plan.set(m.propertyName, rule);
  }
  for (const [name, rule] of plan) {
    const type = defaultMetadataStorage.findTypeMetadata(target, name)?.typeFunction({ newObject: {}, object: {}, property: name });
    if (typeof type === 'function' && planOf(type as Type) !== null) rule.type = type as Type;
  }
  return plan;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** One walk of a request value along its DTO's plan (shapeProblems). */
class ShapeWalk {
  readonly overCap: ErrorDetail[] = [];
  readonly unknown: ErrorDetail[] = [];
  /** Where the stray values ran past MAX_STRAY_VALUES, if they did. */
  overflowAt: string | null = null;
  private strayLeft = MAX_STRAY_VALUES;

  object(value: Record<string, unknown>, plan: Plan, path: string): void {
    for (const key in value) {
      if (this.overflowAt !== null) return;
      const field = path === '' ? key : `${path}.${key}`;
      const v = value[key];
      const rule = plan.get(key);
      if (!rule) {
        this.unknown.push({ field, rule: 'unknownField', message: `${field} is not a known field` });
        this.stray(v, field);
      } else if (Array.isArray(v) && rule.max !== null) {
        if (v.length > rule.max) {
          this.overCap.push({ field, rule: 'maxItems', message: `${field} must contain no more than ${rule.max} elements (got ${v.length})` });
          continue;
        }
        for (let i = 0; i < v.length && this.overflowAt === null; i++) this.single(v[i], rule.type, `${field}[${i}]`);
      } else this.single(v, rule.type, field);
    }
  }

  /** A place for one value: an object of `type` when the DTO names one, else a scalar. */
  private single(value: unknown, type: Type | null, field: string): void {
    if (!isObject(value)) return;
    if (!Array.isArray(value) && type) this.object(value, planOf(type)!, field);
    else this.stray(value, field);
  }

  /** Counts a value and everything in it against MAX_STRAY_VALUES, stopping as soon as it is spent. */
  private stray(value: unknown, field: string): void {
    if (!this.spend(value)) this.overflowAt = field;
  }

  private spend(value: unknown): boolean {
    if (--this.strayLeft < 0) return false;
    if (!isObject(value)) return true;
    if (Array.isArray(value)) {
      for (const v of value) if (!this.spend(v)) return false;
    } else {
      for (const k in value) if (!this.spend(value[k])) return false;
    }
    return true;
  }
}

/**
 * The structural check the validation pipe makes before class-transformer and class-validator walk
 * a request (their cost grows with every element, and a 200,000-element array held the event loop
 * for seconds): each array field within its cap (ArrayMaxSize, see MaxItems), and at most
 * MAX_STRAY_VALUES values outside the declared fields. Walks only the declared shape (arrays within
 * their caps, nested DTOs), so its own cost is bounded by the caps.
 * @param value the parsed body, query or path parameters; `where` names it in the details ("body").
 * @returns the problems that refuse the request now (empty: the validators decide): every array over
 *   its cap (rule maxItems), where the stray values overflowed (maxValues), the unknown fields seen
 *   (unknownField); a body that is a list where an object is expected (isObject).
 */
export function shapeProblems(value: unknown, target: Type, where: string): ErrorDetail[] {
  const plan = planOf(target);
  if (!plan || !isObject(value)) return [];
  if (Array.isArray(value)) return [{ field: where, rule: 'isObject', message: `the ${where} must be a JSON object, not a list` }];
  const walk = new ShapeWalk();
  walk.object(value, plan, '');
  if (walk.overCap.length === 0 && walk.overflowAt === null) return [];
  const overflow: ErrorDetail[] =
    walk.overflowAt === null
      ? []
      : [{ field: walk.overflowAt, rule: 'maxValues', message: `${walk.overflowAt}: more than ${MAX_STRAY_VALUES} values outside the fields this request takes` }];
  return [...walk.overCap, ...overflow, ...walk.unknown];
}
