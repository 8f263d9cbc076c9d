import { ErrorCatalogue } from '../errors/error-catalogue';
import { walletCodesValid, walletFailure } from './wallet-requests';

describe('walletCodesValid', () => {
  it('takes 2-letter countries, 3-letter currencies and 2-letter languages only', () => {
    expect(walletCodesValid({ countryCode: 'GB', currencyCode: 'GBP', language: 'en' })).toBe(true);
    expect(walletCodesValid({ countryCode: 'GB', currencyCode: 'GBP' })).toBe(true);
    expect(walletCodesValid({ countryCode: 'GBR', currencyCode: 'GBP' })).toBe(false);
    expect(walletCodesValid({ countryCode: 'gb', currencyCode: 'GBP' })).toBe(false);
    expect(walletCodesValid({ countryCode: 'GB', currencyCode: 'GB' })).toBe(false);
    expect(walletCodesValid({ countryCode: 'GB', currencyCode: 'GBP', language: 'eng' })).toBe(false);
  });
});

describe('walletFailure', () => {
  it("keeps Google's own CANCELED quiet, and says 'cancelled' for the other wallets", () => {
    expect(walletFailure('google-pay', { statusCode: 'CANCELED' })).toEqual({ kind: 'quiet' });
    expect(walletFailure('apple-pay', { code: 'CANCELED' })).toEqual({ kind: 'message', code: ErrorCatalogue.WALLET_CANCELLED.code });
  });

  it("gives Apple Pay's and Google Pay's other failures the generic message (PayPal's have their own table)", () => {
    expect(walletFailure('google-pay', { code: 'GOOGLE_PAYMENT_NOT_ENABLED' })).toEqual({ kind: 'message', code: 999 });
    expect(walletFailure('apple-pay', null)).toEqual({ kind: 'message', code: 999 });
  });
});
