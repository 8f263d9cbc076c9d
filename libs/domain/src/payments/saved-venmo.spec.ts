import { isSavedVenmoToken, SAVED_VENMO_TOKEN, savedVenmoFits } from './saved-venmo';

describe('a saved Venmo account', () => {
  it('is named by one word, which no nonce or saved bank account reference matches', () => {
    expect(isSavedVenmoToken(SAVED_VENMO_TOKEN)).toBe(true);
    for (const other of [null, undefined, '', 'tokencc_bd_abc', 'sba_00112233445566778899aabbccddeeff', 'SAVED-VENMO']) expect(isSavedVenmoToken(other)).toBe(false);
  });

  it('pays US dollar baskets billed to the US while Venmo is switched on, and nothing else', () => {
    expect(savedVenmoFits({ billingCountry: 'US', currency: 'USD', featuresOn: ['venmo'] })).toBe(true);
    expect(savedVenmoFits({ billingCountry: 'US', currency: 'USD', featuresOn: ['paypal'] })).toBe(false);
    expect(savedVenmoFits({ billingCountry: 'GB', currency: 'USD', featuresOn: ['venmo'] })).toBe(false);
    expect(savedVenmoFits({ billingCountry: 'US', currency: 'GBP', featuresOn: ['venmo'] })).toBe(false);
  });
});
