import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * Argon2id with the OWASP password-storage parameters (19 MiB, 2 passes, 1 lane): strong enough
 * for passwords and quick enough (tens of ms) that sign-in stays fast on small machines.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password and for a malformed hash alike. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_OPTIONS);
    } catch {
      return true;
    }
  }

  /**
   * Spends the time of one verification for an unknown e-mail, so the answer time does not tell
   * whether an account exists.
   */
  async burn(password: string): Promise<void> {
    this.dummy ??= this.hash('not-a-real-password-0');
    await this.verify(await this.dummy, password);
  }
}
