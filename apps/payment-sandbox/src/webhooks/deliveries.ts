import type { SandboxContext } from '../context';
import { SandboxStore, type WebhookDeliveryRecord } from '../store';
import type { SignedNotification, WebhookKind } from './notifications';

/**
 * Webhook delivery as the provider does it: POST application/x-www-form-urlencoded
 * (bt_signature, bt_payload) to the merchant's URL, at least once. Ours: the schedule. An attempt
 * that gets no 2xx within webhookTimeoutMs is retried after webhookRetryBaseMs, then twice as long
 * each time (at most an hour), until webhookMaxAttempts attempts; every attempt sends the same
 * payload. Deliveries live in the state file, so a restarted sandbox resumes the pending ones.
 */

const MAX_RETRY_WAIT_MS = 3_600_000;
const TICK_MS = 50;
/** Finished deliveries kept for the controls' list; older ones go, so a long-lived state file stays small. */
const FINISHED_KEPT = 500;

/** The URL in force: the control endpoint's, else the configured one. */
export const webhookUrlOf = (context: SandboxContext): string | null => context.store.state.webhookSettings.url ?? context.config.webhookUrl;

/** Queues a signed notification; the dispatcher sends it when due. */
export function enqueueWebhook(context: SandboxContext, kind: WebhookKind, subjectId: string, notification: SignedNotification, now = Date.now()): WebhookDeliveryRecord {
  const settings = context.store.state.webhookSettings;
  const delivery: WebhookDeliveryRecord = {
    id: `wh_${SandboxStore.id(12)}`,
    kind,
    subjectId,
    btSignature: notification.btSignature,
    btPayload: notification.btPayload,
    createdAt: new Date(now).toISOString(),
    dueAt: new Date(now + settings.delayNextMs).toISOString(),
    status: 'pending',
    extraCopies: settings.duplicateNext,
    dropsLeft: settings.dropNext,
    attempts: [],
  };
  settings.delayNextMs = 0;
  settings.duplicateNext = 0;
  settings.dropNext = 0;
  pruneFinished(context);
  context.store.state.webhooks[delivery.id] = delivery;
  context.store.save();
  return delivery;
}

function pruneFinished(context: SandboxContext): void {
  const finished = Object.values(context.store.state.webhooks)
    .filter((delivery) => delivery.status !== 'pending')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const delivery of finished.slice(FINISHED_KEPT)) delete context.store.state.webhooks[delivery.id];
}

/** The wait before the retry that follows `attempts` failed attempts. */
export function retryDelayMs(context: SandboxContext, attempts: number): number {
  return Math.min(context.config.webhookRetryBaseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_WAIT_MS);
}

async function post(url: string, delivery: WebhookDeliveryRecord, timeoutMs: number): Promise<{ status: number | null; error: string | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'Braintree Webhooks (payment sandbox)' },
      body: new URLSearchParams({ bt_signature: delivery.btSignature, bt_payload: delivery.btPayload }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { status: null, error: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error) };
  }
}

/** One attempt: records it, then schedules the next copy or retry, or gives up. */
export async function attemptDelivery(context: SandboxContext, delivery: WebhookDeliveryRecord, url: string): Promise<void> {
  const dropped = (delivery.dropsLeft ?? 0) > 0;
  if (dropped) delivery.dropsLeft = (delivery.dropsLeft ?? 0) - 1;
  const outcome = dropped ? { status: null, error: 'lost on the way (the sandbox control dropNext)' } : await post(url, delivery, context.config.webhookTimeoutMs);
  const now = Date.now();
  delivery.attempts.push({ at: new Date(now).toISOString(), ...outcome });
  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  if (succeeded && delivery.extraCopies > 0) {
    delivery.extraCopies -= 1;
    delivery.dueAt = new Date(now).toISOString();
  } else if (succeeded) {
    delivery.status = 'delivered';
    delivery.dueAt = null;
  } else {
    const failures = delivery.attempts.filter((attempt) => attempt.error !== null).length;
    if (failures >= context.config.webhookMaxAttempts) {
      delivery.status = 'failed';
      delivery.dueAt = null;
    } else {
      delivery.dueAt = new Date(now + retryDelayMs(context, failures)).toISOString();
    }
  }
  context.store.save();
}

/**
 * Sends due deliveries one at a time, oldest due first (so a delayed one is overtaken, as on the
 * provider's side), while not held and a URL is known.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly context: SandboxContext, private readonly onTick: (now: number) => void = () => undefined) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.sendDue().finally(() => {
      this.running = null;
    });
  }

  private async sendDue(): Promise<void> {
    const now = Date.now();
    this.onTick(now);
    const { store } = this.context;
    const url = webhookUrlOf(this.context);
    if (!url || store.state.webhookSettings.held) return;
    const due = Object.values(store.state.webhooks)
      .filter((delivery) => delivery.status === 'pending' && delivery.dueAt !== null && Date.parse(delivery.dueAt) <= now)
      .sort((a, b) => (a.dueAt ?? '').localeCompare(b.dueAt ?? '') || a.createdAt.localeCompare(b.createdAt));
    for (const delivery of due) {
      if (store.state.webhookSettings.held || this.timer === null) return;
      await attemptDelivery(this.context, delivery, url);
    }
  }
}
