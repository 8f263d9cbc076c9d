import { randomBytes, randomUUID } from 'node:crypto';
import { SandboxStore, type CardRecord, type ChallengeRecord, type ThreeDSecureInfo } from '../store';
import { signJwt } from './jwt';

export const THREE_D_SECURE_VERSION = '2.2.0';

const MASTERCARD_FAMILY = new Set(['MasterCard', 'Maestro']);

/** The ECI a scheme gives an authentication: fully authenticated, attempted, or not authenticated. */
function eciFlagOf(card: CardRecord, outcome: 'authenticated' | 'attempted' | 'not-authenticated' | null): string | null {
  if (outcome === null) return null;
  const codes = MASTERCARD_FAMILY.has(card.cardType) ? { authenticated: '02', attempted: '01', 'not-authenticated': '00' } : { authenticated: '05', attempted: '06', 'not-authenticated': '07' };
  return codes[outcome];
}

function outcomeOf(status: string, enrolled: string): 'authenticated' | 'attempted' | 'not-authenticated' | null {
  if (status === 'authenticate_successful') return 'authenticated';
  if (status === 'authenticate_attempt_successful') return 'attempted';
  return enrolled === 'Y' ? 'not-authenticated' : null;
}

/** The 3-D Secure record of one lookup or authentication, with plausible scheme values. */
export function threeDSecureInfoFor(
  card: CardRecord,
  result: { status: string; liabilityShifted: boolean; liabilityShiftPossible: boolean; enrolled: string },
): ThreeDSecureInfo {
  const { status, liabilityShifted, liabilityShiftPossible, enrolled } = result;
  const outcome = outcomeOf(status, enrolled);
  return {
    status,
    liabilityShifted,
    liabilityShiftPossible,
    enrolled,
    // A CAVV exists only when the issuer authenticated (or attempted) the cardholder.
    cavv: outcome === 'authenticated' || outcome === 'attempted' ? randomBytes(20).toString('base64') : null,
    eciFlag: eciFlagOf(card, outcome),
    threeDSecureVersion: THREE_D_SECURE_VERSION,
    dsTransactionId: enrolled === 'Y' ? randomUUID() : null,
    threeDSecureAuthenticationId: SandboxStore.id(28),
  };
}

export type ChallengeAction = 'authenticate' | 'fail' | 'cancel';

/** What the cardholder's click on the challenge page comes to for this card. */
export function challengeResultOf(challenge: ChallengeRecord, action: ChallengeAction): NonNullable<ChallengeRecord['result']> {
  if (action === 'cancel') return 'cancelled';
  // The documented failing challenge card fails whatever the cardholder does, as on the provider's test ACS.
  return action === 'authenticate' && challenge.succeeds ? 'authenticated' : 'failed';
}

/**
 * The `payments.validated` data and JWT that Cardinal's Songbird hands braintree-web after a
 * challenge. A cancel is a FAILURE with ChallengeCancel "01", which braintree-web reports as the
 * `customer-canceled` event before it asks the gateway (authenticate_from_jwt) as for any failure.
 */
export function cardinalValidationFor(store: SandboxStore, challenge: ChallengeRecord) {
  const authenticated = challenge.result === 'authenticated';
  const data = {
    Validated: authenticated,
    ActionCode: authenticated ? 'SUCCESS' : 'FAILURE',
    ErrorNumber: 0,
    ErrorDescription: 'Success',
    Payment: {
      Type: 'CCA',
      ProcessorTransactionId: challenge.transactionId,
      ExtendedData: {
        Enrolled: 'Y',
        PAResStatus: authenticated ? 'Y' : 'N',
        SignatureVerification: 'Y',
        ...(challenge.result === 'cancelled' ? { ChallengeCancel: '01' } : {}),
      },
    },
  };
  const jwt = signJwt(store, { iss: 'payment-sandbox', jti: randomUUID(), transactionId: challenge.transactionId, Payload: data });
  return { data, jwt };
}
