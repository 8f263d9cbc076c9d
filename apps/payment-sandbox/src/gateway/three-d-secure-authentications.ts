import type { CardRecord, SandboxStore, ThreeDSecureInfo } from '../store';
import { fakeNonce, FAKE_NONCE_VALUES } from './fake-nonces';

/** One 3-D Secure lookup or authentication: its answer, and the card it was for. */
export interface ThreeDSecureAuthentication {
  readonly info: ThreeDSecureInfo;
  readonly card: CardRecord;
}

/**
 * A 3-D Secure authentication by its id (`three_d_secure_authentication_id` on a sale), as the
 * nonce the lookup or the authentication handed out records it; the documented static 3-D Secure
 * nonces have theirs too. Null for an id no authentication has.
 */
export function findThreeDSecureAuthentication(store: SandboxStore, id: string): ThreeDSecureAuthentication | null {
  for (const nonce of Object.values(store.state.nonces)) {
    if (nonce.threeDSecureInfo?.threeDSecureAuthenticationId === id) return { info: nonce.threeDSecureInfo, card: nonce.card };
  }
  for (const value of FAKE_NONCE_VALUES) {
    const fake = fakeNonce(value);
    if (fake?.threeDSecureInfo?.threeDSecureAuthenticationId === id) return { info: fake.threeDSecureInfo, card: fake.card };
  }
  return null;
}
