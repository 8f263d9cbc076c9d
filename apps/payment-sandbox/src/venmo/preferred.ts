import type { SandboxRequest } from '../context';
import type { PreferredPaymentMethods } from '../store';

/** A phone's browser, as braintree-web's own detection tells one (iOS or Android in the user agent). */
const PHONE = /iPhone|iPod|iPad|Android/i;

/**
 * The preferred-payment-methods answer for this request. The provider says venmoPreferred where the
 * payer's device has the Venmo app; ours: the sandbox takes every phone's browser (by its user
 * agent) to have it, and a computer to have it only when the control says so
 * (`POST /__sandbox/preferred {"venmoPreferred": true}`). paypalPreferred is the control's alone.
 */
export function preferredFor(request: SandboxRequest, stored: PreferredPaymentMethods): PreferredPaymentMethods {
  const phone = PHONE.test(String(request.headers['user-agent'] ?? ''));
  return { paypalPreferred: stored.paypalPreferred, venmoPreferred: stored.venmoPreferred || phone };
}
