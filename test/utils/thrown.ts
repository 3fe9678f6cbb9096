import { DomainError } from '../../src/common/errors/domain-error';

/**
 * For specs: the DomainError `fn` throws, to assert its code and details; fails the test when `fn`
 * throws nothing or throws something else.
 */
export function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected a DomainError');
}
