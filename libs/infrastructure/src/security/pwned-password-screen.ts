import type { PasswordScreen } from '@store/application';
import { createHash } from 'node:crypto';

/**
 * Have I Been Pwned's range API with k-anonymity: only the first five hex digits of the password's
 * SHA-1 leave the server, and the answer (padded, so its size says nothing) is searched locally.
 * When the service cannot answer in time, the offline list decides instead: a check that cannot
 * run must not stop a shopper from creating an account.
 */
export class PwnedPasswordScreen implements PasswordScreen {
  constructor(
    private readonly baseUrl: string,
    private readonly fallback: PasswordScreen,
    private readonly timeoutMs = 2000,
  ) {}

  async isCompromised(password: string): Promise<boolean> {
    if (await this.fallback.isCompromised(password)) return true;
    const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const prefix = hash.slice(0, 5);
    const suffix = hash.slice(5);
    try {
      const response = await fetch(`${this.baseUrl.replace(/\/$/, '')}/range/${prefix}`, {
        headers: { 'Add-Padding': 'true', 'User-Agent': 'affinity-store-checkout' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return false;
      const body = await response.text();
      return body.split('\n').some((line) => {
        const [candidate, count] = line.trim().split(':');
        return candidate === suffix && Number(count) > 0;
      });
    } catch {
      return false;
    }
  }
}
