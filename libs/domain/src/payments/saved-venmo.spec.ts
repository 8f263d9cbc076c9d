import { savedVenmoFits } from './saved-venmo';

describe('a saved Venmo account', () => {
  it('pays US dollar baskets billed to the US while Venmo is switched on, and nothing else', () => {
    expect(savedVenmoFits({ billingCountry: 'US', currency: 'USD', featuresOn: ['venmo'] })).toBe(true);
    expect(savedVenmoFits({ billingCountry: 'US', currency: 'USD', featuresOn: ['paypal'] })).toBe(false);
    expect(savedVenmoFits({ billingCountry: 'GB', currency: 'USD', featuresOn: ['venmo'] })).toBe(false);
    expect(savedVenmoFits({ billingCountry: 'US', currency: 'GBP', featuresOn: ['venmo'] })).toBe(false);
  });
});
