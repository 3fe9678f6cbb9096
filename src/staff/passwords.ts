import { Injectable } from '@nestjs/common';
import * as argon2 from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * Password hashing with argon2id (the winner of the Password Hashing Competition and OWASP's
 * first choice) through `@node-rs/argon2`, at OWASP's recommended cost (19 MiB, 2 passes, 1 lane):
 * a few hundredths of a second per sign-in, far too slow for guessing a stolen hash at scale.
 * Not the `argon2` package: its prebuilt linux-x64 binary crashes (SIGSEGV) on this project's
 * Debian machines, and building it needs an install script; @node-rs/argon2 ships per-platform
 * builds through npm alone. Hashes are the standard PHC strings either way.
 */
@Injectable()
export class Passwords {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { algorithm: argon2.Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
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
