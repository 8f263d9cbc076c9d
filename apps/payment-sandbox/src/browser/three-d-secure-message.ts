/** The message the sandbox's challenge page posts to the Songbird stand-in in the merchant's page. */
export const CHALLENGE_RESULT = 'payment-sandbox:3ds-challenge-result';

export interface ChallengeResultMessage {
  readonly type: typeof CHALLENGE_RESULT;
  readonly transactionId: string;
  /** Songbird's `payments.validated` data (ActionCode, Payment.ExtendedData…). */
  readonly data: Record<string, unknown>;
  /** The response JWT braintree-web sends to authenticate_from_jwt. */
  readonly jwt: string;
}

export const isChallengeResult = (value: unknown): value is ChallengeResultMessage =>
  typeof value === 'object' &&
  value !== null &&
  (value as ChallengeResultMessage).type === CHALLENGE_RESULT &&
  typeof (value as ChallengeResultMessage).transactionId === 'string' &&
  typeof (value as ChallengeResultMessage).jwt === 'string' &&
  typeof (value as ChallengeResultMessage).data === 'object';
