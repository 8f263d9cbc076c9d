import type { ChargeRequest, ChargeResult, PaymentPort, ProviderCharge } from '../orders/orders.ports';

/**
 * An in-memory payment gateway with the property the real ones have: a charge with a key it has
 * seen answers the first result again, charging nothing more. Faults can be injected: decline the
 * next charge, or lose the answer after charging (a timeout after the money moved).
 */
export class FakePaymentPort implements PaymentPort {
  /** Charges that moved money, in order. */
  readonly charged: ChargeRequest[] = [];
  private readonly results = new Map<string, Promise<ChargeResult>>();
  /** Charges given back, by transaction id. */
  readonly reversed: string[] = [];
  declineNext = false;
  loseAnswerAfterChargeOnce = false;

  /** How many turns of the event loop's microtask queue a charge takes, so concurrent calls overlap. */
  constructor(private readonly latencyTurns = 5) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    let result = this.results.get(request.idempotencyKey);
    if (!result) {
      result = this.process(request);
      this.results.set(request.idempotencyKey, result);
    }
    const answer = await result;
    if (this.loseAnswerAfterChargeOnce && answer.outcome === 'charged') {
      this.loseAnswerAfterChargeOnce = false;
      throw new Error('The gateway did not answer in time');
    }
    return answer;
  }

  async settle(idempotencyKey: string): Promise<ChargeResult> {
    const known = this.results.get(idempotencyKey);
    if (known) return known;
    const abandoned: ChargeResult = { outcome: 'declined', code: 300100, reason: 'Never charged' };
    this.results.set(idempotencyKey, Promise.resolve(abandoned));
    return abandoned;
  }

  async chargesFor(idempotencyKeys: readonly string[]): Promise<readonly ProviderCharge[]> {
    return this.charged
      .map((request, index) => ({ idempotencyKey: request.idempotencyKey, transactionId: `txn-${index + 1}` }))
      .filter((charge) => idempotencyKeys.includes(charge.idempotencyKey) && !this.reversed.includes(charge.transactionId));
  }

  async unfinishedReversals(): Promise<readonly ProviderCharge[]> {
    return [];
  }

  async reverse(charge: ProviderCharge): Promise<void> {
    if (!this.reversed.includes(charge.transactionId)) this.reversed.push(charge.transactionId);
  }

  private async process(request: ChargeRequest): Promise<ChargeResult> {
    for (let turn = 0; turn < this.latencyTurns; turn++) await Promise.resolve();
    if (this.declineNext) {
      this.declineNext = false;
      return { outcome: 'declined', code: 300011, reason: 'Do Not Honor' };
    }
    this.charged.push(request);
    return { outcome: 'charged', transactionId: `txn-${this.charged.length}` };
  }
}
