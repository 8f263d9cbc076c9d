/*
 * Ours, not Digital River's: the payment sandbox's stand-in for DigitalRiver.js
 * (https://js.digitalriverws.com/v1/DigitalRiver.js), served by the sandbox at /v1/DigitalRiver.js.
 * `new DigitalRiver(publicKey, {locale})` offers what the store uses: createDropin (a card form),
 * createElement('taxidentifier'), createSource, authenticateSource and
 * retrieveAvailablePaymentMethods. It talks to the sandbox it was loaded from (the script URL's
 * origin) with the public key; no inline styles or eval, so it runs under a strict CSP that
 * allows that origin (script-src, connect-src, and style-src for /v1/css/DigitalRiver.css).
 */
import { callSandbox, errorsOf, type Json } from './api';
import { DropIn, type DropInConfiguration } from './dropin';
import { TaxIdentifierElement, type TaxIdentifierOptions } from './tax-identifier';

class DigitalRiver {
  readonly locale: string;

  constructor(
    private readonly publicKey: string,
    options: { readonly locale?: string } = {},
  ) {
    if (typeof publicKey !== 'string' || !publicKey.startsWith('pk_')) throw new Error('DigitalRiver.js (sandbox stand-in): a public key (pk_…) is required.');
    this.locale = options.locale ?? 'en-US';
  }

  createDropin(configuration: DropInConfiguration): DropIn {
    return new DropIn(this.publicKey, configuration);
  }

  createElement(type: string, options: TaxIdentifierOptions = {}): TaxIdentifierElement {
    if (type.toLowerCase() !== 'taxidentifier') throw new Error(`DigitalRiver.js (sandbox stand-in): Ours: only the 'taxidentifier' element is offered, not '${type}'.`);
    return new TaxIdentifierElement(this.publicKey, options);
  }

  /**
   * `createSource([element,] sourceData)` resolves `{source}` or `{error: {type, errors}}`. Ours: with
   * no card elements to read, a creditCard source takes `creditCard: {number, expirationMonth,
   * expirationYear, cvv}` in sourceData.
   */
  async createSource(first: unknown, second?: unknown): Promise<Json> {
    const data = (second ?? first) as Json;
    const answer = await callSandbox(this.publicKey, 'sources', { method: 'POST', body: data });
    return answer.ok ? { source: answer.body } : { error: { type: answer.body.type ?? 'bad_request', errors: errorsOf(answer) } };
  }

  /** The sandbox's cards need no 3-D Secure: every source is authenticated. */
  async authenticateSource(data: { sessionId?: string; sourceId?: string; sourceClientSecret?: string }): Promise<{ status: string }> {
    return data.sourceId ? { status: 'complete' } : { status: 'failed' };
  }

  async retrieveAvailablePaymentMethods(data: { sessionId?: string } = {}): Promise<Json> {
    if (data.sessionId) {
      const answer = await callSandbox(this.publicKey, `sessions/${encodeURIComponent(data.sessionId)}`);
      if (!answer.ok) return { error: { type: answer.body.type ?? 'bad_request', errors: errorsOf(answer) } };
    }
    return { paymentMethods: [{ type: 'creditCard', flow: 'standard', supportsRecurring: true, supportsFreeTrial: true, supportsStorage: true }] };
  }
}

declare global {
  interface Window {
    DigitalRiver?: typeof DigitalRiver;
  }
}

window.DigitalRiver = DigitalRiver;
