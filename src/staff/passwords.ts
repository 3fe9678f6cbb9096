import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/**
 * Password hashing with argon2id (the `argon2` package: the winner of the Password Hashing
 * Competition and OWASP's first choice), at the library's defaults (64 MiB, 3 passes, 4 lanes):
 * about a tenth of a second per sign-in, far too slow for guessing a stolen hash at scale.
 */
@Injectable()
export class Passwords {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /** Whether `password` matches `hash`; false for a hash argon2 cannot read. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Verifies against a hash no password matches, taking as long as a real check: an unknown
   * username costs the same time as a wrong password, so timing does not tell which names exist.
   */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(32).toString('base64url'));
    await this.verify(await this.dummy, password);
    return false;
  }
}

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export const randomSecret = (): string => randomBytes(32).toString('base64url');
