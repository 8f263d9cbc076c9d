import type { PasswordScreen } from '@store/application';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Offline screen against the ~49,000 most common passwords of zxcvbn-ts's list (the same data the
 * zxcvbn strength estimator uses), compared without case. No password leaves the server.
 */
export class PopularPasswordScreen implements PasswordScreen {
  private readonly popular: ReadonlySet<string>;

  constructor(list: readonly string[] = dictionary['passwords-common'] as string[]) {
    this.popular = new Set(list.map((password) => password.toLowerCase()));
  }

  async isCompromised(password: string): Promise<boolean> {
    return this.popular.has(password.toLowerCase());
  }
}
