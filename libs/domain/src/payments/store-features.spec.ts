import { enabledFeatures } from './store-features';

describe('enabledFeatures', () => {
  const all = { cardGateway: true, applePay: true, googlePay: true, payPal: true, deviceData: true };

  it('lists the flags that are on, in the one order', () => {
    expect(enabledFeatures(all)).toEqual(['apple-pay', 'google-pay', 'paypal', 'device-data']);
    expect(enabledFeatures({ ...all, applePay: false, deviceData: false })).toEqual(['google-pay', 'paypal']);
  });

  it('leaves the retired networks off unless each is switched on', () => {
    expect(enabledFeatures(all)).not.toContain('masterpass');
    expect(enabledFeatures({ ...all, masterpass: true, unionPay: true })).toEqual(['apple-pay', 'google-pay', 'paypal', 'device-data', 'masterpass', 'unionpay']);
    expect(enabledFeatures({ ...all, visaCheckout: true, cardGateway: false })).toEqual([]);
  });

  it('lists none without the card gateway they belong to', () => {
    expect(enabledFeatures({ ...all, cardGateway: false })).toEqual([]);
  });
});
