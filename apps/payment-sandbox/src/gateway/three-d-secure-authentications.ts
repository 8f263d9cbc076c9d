import { SandboxStore, type CardRecord, type NonceRecord, type ThreeDSecureInfo } from '../store';
import type { GatewayCall } from './call';
import { cardFromParams } from './cards';
import { fakeNonce, FAKE_NONCE_VALUES } from './fake-nonces';
import { paramsXml } from './params';
import { fieldError, notFound, validationReply, xmlReply, type Reply } from './reply';

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

/**
 * `POST /three_d_secure/create_verification/{merchant_account_id}` {three_d_secure_verification:
 * {number, expiration_month, expiration_year, eci_flag?, cavv?, xid?, three_d_secure_version?,
 * authentication_response?, directory_response?, ds_transaction_id?}}: the provider's sandbox-only
 * endpoint its SDKs' test helpers call to record a 3-D Secure result for a card without a browser.
 * It answers the authentication's id (`three-d-secure-authentication-id`, and under its older name
 * `three-d-secure-token`), which a sale of that card names as `three_d_secure_authentication_id`.
 * The directory's and the issuer's answers give the status: Y and Y authenticated (liability
 * shifted), Y and A attempted, Y and N failed, N not enrolled, U unavailable.
 */
export function createThreeDSecureVerification(call: GatewayCall): Reply {
  const { store, config } = call.context;
  if (!Object.hasOwn(config.merchantAccounts, call.captures.merchantAccountId)) return notFound;
  const params = call.params.object('three_d_secure_verification');
  const parsed = cardFromParams(params);
  if ('error' in parsed) {
    return validationReply([fieldError(['three_d_secure_verification'], parsed.error.attribute, parsed.error.code, parsed.error.message)], paramsXml(call.params));
  }
  const directory = (params.string('directory_response') ?? 'Y').toUpperCase();
  const authentication = (params.string('authentication_response') ?? 'Y').toUpperCase();
  const [status, liabilityShifted, liabilityShiftPossible] =
    directory === 'N'
      ? (['lookup_not_enrolled', false, false] as const)
      : directory !== 'Y'
        ? (['authenticate_unavailable', false, false] as const)
        : authentication === 'Y'
          ? (['authenticate_successful', true, true] as const)
          : authentication === 'A'
            ? (['authenticate_attempt_successful', true, true] as const)
            : (['authenticate_failed', false, true] as const);
  const id = `${SandboxStore.id(8)}-${SandboxStore.id(4)}-${SandboxStore.id(4)}`;
  const info: ThreeDSecureInfo = {
    status,
    liabilityShifted,
    liabilityShiftPossible,
    enrolled: directory,
    cavv: params.string('cavv'),
    eciFlag: params.string('eci_flag'),
    xid: params.string('xid'),
    threeDSecureVersion: params.string('three_d_secure_version') ?? '2.2.0',
    dsTransactionId: params.string('ds_transaction_id'),
    threeDSecureAuthenticationId: id,
  };
  // Kept as a nonce no one is handed (it is consumed), so a sale finds the authentication by its id.
  const nonce: NonceRecord = {
    nonce: SandboxStore.nonceValue(),
    card: parsed.card,
    consumed: true,
    createdAt: new Date().toISOString(),
    threeDSecureInfo: info,
    paymentMethodToken: null,
    customerId: null,
    kind: 'CreditCard',
  };
  store.state.nonces[nonce.nonce] = nonce;
  store.save();
  return xmlReply(201, 'threeDSecureVerification', { threeDSecureAuthenticationId: id, threeDSecureToken: id });
}
