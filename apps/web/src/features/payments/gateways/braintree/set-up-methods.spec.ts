import type { CardCheckoutJson, CardGatewayOption } from '@store/domain';
import type { Client } from 'braintree-web/client';
import { defineMethod, type MethodSettings, type MethodSetUp } from './method';
import { setUpMethods } from './set-up-methods';

const client = {} as Client;
const settings = (loadLimitMs = 1_000): MethodSettings => ({ checkout: {} as CardCheckoutJson, currency: 'GBP', loadLimitMs });
const Nothing = () => null;

/** A method whose module arrives when the test says so, recording what the runner did with it. */
function method(key: CardGatewayOption, log: string[], setUp?: Partial<MethodSetUp<string, string>> & { wanted?: boolean }) {
  let arrive: (module: string) => void = () => undefined;
  const module = new Promise<string>((resolve) => (arrive = resolve));
  const plugin = defineMethod<string, string>({
    key,
    offered: () => true,
    Component: Nothing,
    setUp: {
      what: key,
      load: () => {
        log.push(`load ${key}`);
        return setUp?.wanted === false ? null : module;
      },
      make: async (loaded) => {
        log.push(`make ${key}`);
        return `${loaded} made`;
      },
      ...setUp,
    },
  });
  return { plugin, arrive };
}

describe('setUpMethods', () => {
  it('starts every download at once, then makes the methods one at a time in the registry order', async () => {
    const log: string[] = [];
    const payPal = method('paypal', log);
    const googlePay = method('google-pay', log);
    const running = setUpMethods([payPal.plugin, googlePay.plugin], client, settings());
    expect(log).toEqual(['load paypal', 'load google-pay']);
    // The second arrives first, but is made only after the first.
    googlePay.arrive('google-payment');
    await Promise.resolve();
    expect(log).toEqual(['load paypal', 'load google-pay']);
    payPal.arrive('paypal-checkout');
    expect(await running).toEqual({ paypal: 'paypal-checkout made', 'google-pay': 'google-payment made' });
    expect(log).toEqual(['load paypal', 'load google-pay', 'make paypal', 'make google-pay']);
  });

  it('leaves out a method that is not wanted, fails, or does not arrive within the limit; the others are still set up', async () => {
    jest.useFakeTimers();
    try {
      const log: string[] = [];
      const unwanted = method('apple-pay', log, { wanted: false });
      const failing = method('paypal', log, { make: () => Promise.reject(new Error('PAYPAL_BROWSER_NOT_SUPPORTED')) });
      const late = method('google-pay', log);
      failing.arrive('paypal-checkout');
      const running = setUpMethods([unwanted.plugin, failing.plugin, late.plugin], client, settings(5_000));
      await jest.advanceTimersByTimeAsync(5_000);
      expect(await running).toEqual({});
      expect(log).not.toContain('make apple-pay');
    } finally {
      jest.useRealTimers();
    }
  });

  it("keeps a method as made when its follow-up question fails, and takes the follow-up's answer when it comes", async () => {
    const log: string[] = [];
    const answered = method('paypal', log, { followUp: { what: 'preferred', ask: async (made) => `${made}, preferred` } });
    const unanswered = method('google-pay', log, { followUp: { what: 'preferred', ask: () => Promise.reject(new Error('down')) } });
    answered.arrive('paypal-checkout');
    unanswered.arrive('google-payment');
    expect(await setUpMethods([answered.plugin, unanswered.plugin], client, settings())).toEqual({
      paypal: 'paypal-checkout made, preferred',
      'google-pay': 'google-payment made',
    });
  });

  it('asks for nothing when no method has a set-up wanted here', async () => {
    const log: string[] = [];
    expect(await setUpMethods([method('apple-pay', log, { wanted: false }).plugin], client, settings())).toEqual({});
  });
});
