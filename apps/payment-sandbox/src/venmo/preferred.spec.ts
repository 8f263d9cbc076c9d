import type { SandboxRequest } from '../context';
import { preferredFor } from './preferred';

const requestFrom = (userAgent?: string) => ({ headers: userAgent === undefined ? {} : { 'user-agent': userAgent } }) as unknown as SandboxRequest;

describe('the preferred-payment-methods answer', () => {
  const neither = { paypalPreferred: false, venmoPreferred: false };

  it.each([
    ['an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'],
    ['an Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'],
  ])('takes %s to have the Venmo app', (_name, userAgent) => {
    expect(preferredFor(requestFrom(userAgent), neither)).toEqual({ paypalPreferred: false, venmoPreferred: true });
  });

  it('takes a computer, or a request without a user agent, to have it only when the control says so', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
    expect(preferredFor(requestFrom(desktop), neither)).toEqual(neither);
    expect(preferredFor(requestFrom(), neither)).toEqual(neither);
    expect(preferredFor(requestFrom(desktop), { paypalPreferred: true, venmoPreferred: true })).toEqual({ paypalPreferred: true, venmoPreferred: true });
  });
});
