import { ErrorCatalogue, type RefundBody } from '@store/domain';
import { ApiError } from '../../lib/api-client';

/**
 * Whether a failed refund may still have happened, or be happening: the answer was lost (no
 * connection, a server error), the provider did not answer, or a refund under this key is under way.
 * Then a retry must carry the same key, so the API finishes that refund instead of making a second.
 * Any other refusal (not settled yet, declined, lines already refunded) is final for that key: a
 * refund the provider declined stays on record under it, so trying again is a new refund with a new key.
 */
export function mayHaveHappened(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 0 || error.status >= 500) return true;
  return error.code === ErrorCatalogue.REFUND_PROVIDER_UNAVAILABLE.code || error.code === ErrorCatalogue.REFUND_IN_PROGRESS.code;
}

/**
 * One refund the operator has confirmed, with the key that makes it happen once. The key is made when
 * the confirmation is shown, not when it is sent: a double click, or a retry after a lost answer or a
 * provider that did not reply, sends the same key, and the API gives back the refund it already made
 * instead of refunding twice. Changing the refund (going back to the form) makes a new confirmation.
 */
export class RefundConfirmation {
  private sending: Promise<unknown> | null = null;
  private current: RefundBody;

  constructor(
    request: Omit<RefundBody, 'request_key'>,
    /** What it gives back, in minor units, as the confirmation names it. */
    readonly amount: number,
    private readonly makeKey: () => string = () => crypto.randomUUID(),
    private readonly unsettled: (error: unknown) => boolean = mayHaveHappened,
  ) {
    this.current = { ...request, request_key: makeKey() };
  }

  /** What the next send will post. */
  get body(): RefundBody {
    return this.current;
  }

  /**
   * Sends the refund. While a send is under way a second one joins it (a double click sends once).
   * After a failure that may have refunded, the next send is a retry with the same key; after a
   * final refusal, it is a new attempt with a new key.
   */
  send<T>(post: (body: RefundBody) => Promise<T>): Promise<T> {
    if (this.sending) return this.sending as Promise<T>;
    const sending = post(this.current)
      .catch((error: unknown) => {
        if (!this.unsettled(error)) this.current = { ...this.current, request_key: this.makeKey() };
        throw error;
      })
      .finally(() => {
        this.sending = null;
      });
    this.sending = sending;
    return sending;
  }
}
