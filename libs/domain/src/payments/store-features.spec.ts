import { enabledFeatures } from './store-features';

describe('enabledFeatures', () => {
  const all = { cardGateway: true, applePay: true, googlePay: true, payPal: true, deviceData: true };

  it('lists the flags that are on, in the one order', () => {
    expect(enabledFeatures(all)).toEqual(['apple-pay', 'google-pay', 'paypal', 'device-data']);
    expect(enabledFeatures({ ...all, applePay: false, deviceData: false })).toEqual(['google-pay', 'paypal']);
  });

  it('lists none without the card gateway they belong to', () => {
    expect(enabledFeatures({ ...all, cardGateway: false })).toEqual([]);
  });
});
