import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '@store/application';

/**
 * Argon2id (the library's default algorithm) with OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane). The parameters
 * travel inside each hash, so raising them later still verifies old hashes.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}
