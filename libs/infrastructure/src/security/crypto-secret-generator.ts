import type { SecretGenerator } from '@store/application';
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url; stored only as a SHA-256 digest, so a leaked table opens no session. */
export class CryptoSecretGenerator implements SecretGenerator {
  secret(): string {
    return randomBytes(32).toString('base64url');
  }

  digest(secret: string): string {
    return createHash('sha256').update(secret).digest('hex');
  }
}
