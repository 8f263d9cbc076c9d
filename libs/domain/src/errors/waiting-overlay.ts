/** The blocking waits of the checkout and what the overlay says during each (spec 2 §4). */
export const WAITING_STATES = {
  'free-content': 'Processing',
  'retail-order': 'Processing your order',
  'creating-account': 'Creating Affinity Store account',
  'signing-in': 'Signing in to your Affinity Store account',
  'updating-checkout': 'Updating checkout',
  'tax-certificate-upload': 'Uploading tax exemption certificate',
  'payment-details': 'Loading payment details',
  'please-wait': 'Please wait',
} as const;

export type WaitingState = keyof typeof WAITING_STATES;

export function waitingMessage(state: WaitingState): string {
  return WAITING_STATES[state];
}

/** What the overlay says as it closes: 'Done', unless the last response was not a success. */
export function waitingClosingText(lastResponseCode: number): string {
  return lastResponseCode === 200 ? 'Done' : 'There was an error. Please try again';
}

/** Application readiness (spec 1 §4): a blocking wait outranks a pending request. */
export type Readiness = 'READY' | 'PROGRESS' | 'WAITING';

export function readiness(counters: {
  readonly requestCount: number;
  readonly responseCount: number;
  readonly startWaitCount: number;
  readonly endWaitCount: number;
}): Readiness {
  if (counters.startWaitCount > counters.endWaitCount) return 'WAITING';
  if (counters.requestCount > counters.responseCount) return 'PROGRESS';
  return 'READY';
}
