import { ErrorCatalogue } from '../errors/error-catalogue';

/**
 * The codes the wallets' payment requests need (spec 2 §5): a country code of 2 letters, a currency
 * code of 3 and a language of 2. A wallet is not offered when the order's codes are not of that shape.
 */
export function walletCodesValid(input: { readonly countryCode: string; readonly currencyCode: string; readonly language?: string }): boolean {
  return /^[A-Z]{2}$/.test(input.countryCode) && /^[A-Z]{3}$/.test(input.currencyCode) && (input.language === undefined || /^[a-z]{2}$/.test(input.language));
}

/** How a wallet failure is told (spec 2 §8): Google's CANCELED status is quiet; other cancels say 'cancelled'. */
export type WalletFailure = { readonly kind: 'quiet' } | { readonly kind: 'message'; readonly code: number };

const WALLET_CANCELLED = ErrorCatalogue.WALLET_CANCELLED.code;
const GENERIC = ErrorCatalogue.GENERIC.code;

export function walletFailure(wallet: 'apple-pay' | 'google-pay', error: { readonly code?: string; readonly statusCode?: string } | null): WalletFailure {
  if (wallet === 'google-pay' && error?.statusCode === 'CANCELED') return { kind: 'quiet' };
  const code = error?.code ?? '';
  if (code === 'CANCELED' || code === 'APPLE_PAY_CANCELED' || code === 'GOOGLE_PAYMENT_CANCELED' || error?.statusCode === 'CANCELED') {
    return { kind: 'message', code: WALLET_CANCELLED };
  }
  return { kind: 'message', code: GENERIC };
}
