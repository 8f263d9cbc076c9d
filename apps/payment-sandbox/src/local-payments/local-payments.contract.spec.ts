import braintree from 'braintree';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG, type SandboxConfig } from '../context';
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { at, clientApi, type WalletFlowTarget } from '../wallets/wallet-flows';
import { answerLandingPage, localPaymentNonce, startLocalPayment } from './flows';

/**
 * Local payments and webhooks through the real `braintree` SDK: the client API's create and
 * tokenize as braintree-web calls them, the landing page's returns, sales of local payment nonces,
 * and signed notifications the SDK's own parser accepts, delivered (and retried, replayed,
 * duplicated, kept across a restart) to a webhook receiver.
 */

interface Received {
  readonly signature: string;
  readonly payload: string;
}

/** A store's webhook endpoint: records each POST and answers the queued statuses (then 200). */
class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
        this.received.push({ signature: form.get('bt_signature') ?? '', payload: form.get('bt_payload') ?? '' });
        response.writeHead(this.answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/webhooks/braintree/`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const CONFIG: Partial<SandboxConfig> = {
  merchantAccounts: { ...DEFAULT_CONFIG.merchantAccounts, store_PLN: 'PLN' },
  webhookRetryBaseMs: 50,
  webhookTimeoutMs: 1000,
  localPaymentCreateDelayMs: 0,
};

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;
let fingerprint: string;
let receiver: Receiver;

const control = async (path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};

const blik = { paymentType: 'blik' as const, amount: '25.00', currency: 'PLN', merchantAccountId: 'store_PLN' };
// The SDK's typings lack the local payment subjects and LocalPaymentDetails the SDK itself reads.
const parse = async (received: Received): Promise<any> => gateway.webhookNotification.parse(received.signature, received.payload);
const localDetails = (transaction: braintree.Transaction): any => (transaction as unknown as { localPayment?: unknown }).localPayment;

/** Waits until the value is reached (deliveries are sent in the background), failing with the last one seen. */
async function until(read: () => number, wanted: number, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (read() !== wanted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(read()).toBe(wanted);
}
const deliveriesFor = async (subjectId: string) => ((await control('webhooks')).body.deliveries as any[]).filter((delivery) => delivery.subjectId === subjectId);

beforeAll(async () => {
  receiver = new Receiver();
  await receiver.start();
  ({ sandbox, gateway, target, fingerprint } = await sandboxWithSdk({ config: { ...CONFIG, webhookUrl: receiver.url } }));
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answers = [];
  await control('webhooks/settings', { held: false, delayNextMs: 0, duplicateNext: 0, dropNext: 0 });
});

describe('local_payments/create', () => {
  it('refuses bad options with 422 and the fields at fault, and records nothing', async () => {
    const before = Object.keys(sandbox.context.store.state.localPayments).length;
    const unknownType = await startLocalPayment(target, fingerprint, { ...blik, paymentType: 'ideal' as never });
    expect(unknownType.status).toBe(422);
    expect(at(unknownType.body, 'fieldErrors', 0, 'field')).toBe('fundingSource');
    const wrongCurrency = await startLocalPayment(target, fingerprint, { ...blik, currency: 'EUR' });
    expect(wrongCurrency.status).toBe(422);
    expect(at(wrongCurrency.body, 'error', 'message')).toBe('Currency EUR does not match merchant account store_PLN (PLN).');
    const refusedCode = await startLocalPayment(target, fingerprint, { ...blik, extra: { blikOptions: { level_0: { authCode: '000000' } } } });
    expect(refusedCode.status).toBe(422);
    expect(at(refusedCode.body, 'fieldErrors', 0)).toMatchObject({ field: 'blikOptions.level_0.authCode', code: 'refused' });
    const invoice = await startLocalPayment(target, fingerprint, { paymentType: 'pay_upon_invoice', amount: '10.00', currency: 'EUR', merchantAccountId: 'store_EUR' });
    expect(invoice.status).toBe(422);
    expect((at(invoice.body, 'fieldErrors') as { field: string }[]).map((error) => error.field)).toEqual(
      expect.arrayContaining(['payerEmail', 'birthDate', 'billingAddress.line1', 'experienceProfile.customerServiceInstructions', 'lineItems']),
    );
    expect(Object.keys(sandbox.context.store.state.localPayments)).toHaveLength(before);
  });

  it('gives a deferred type (BLIK with a code, MB WAY) a payment id and no page to open', async () => {
    const level0 = await startLocalPayment(target, fingerprint, { ...blik, extra: { blikOptions: { level_0: { authCode: '123456' } } } });
    expect(level0.status).toBe(201);
    expect(level0.paymentId).toMatch(/^PAY-[A-Z0-9]{24}$/);
    expect(level0.redirectUrl).toBeNull();
    const mbway = await startLocalPayment(target, fingerprint, { paymentType: 'mbway', amount: '10.00', currency: 'EUR', merchantAccountId: 'store_EUR', extra: { phone: '912345678', phoneCountryCode: '351' } });
    expect(mbway).toMatchObject({ status: 201, redirectUrl: null });
  });
});

describe('the landing page and the nonce', () => {
  it('approve returns btLpToken, btLpPaymentId and btLpPayerId; the nonce sells once, as a local payment', async () => {
    const started = await startLocalPayment(target, fingerprint, blik);
    expect(started.redirectUrl).toBe(`https://www.sandbox.paypal.com/__sandbox/lpm/${started.paymentId}`);
    const page = await (await fetch(`${sandbox.url}/__sandbox/lpm/${started.paymentId}`)).text();
    expect(page).toContain('Pay <strong>25.00 PLN</strong> to <strong>Affinity Store</strong>');
    expect(page).toContain('<label for="blik-code">BLIK code</label>');

    const refused = await answerLandingPage(target, started.paymentId as string, 'approve', '000000');
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('Your bank refused this BLIK code.');

    const { status, returned } = await answerLandingPage(target, started.paymentId as string, 'approve', '123456');
    expect(status).toBe(303);
    expect(returned).toMatchObject({ channel: 'test', btLpPaymentId: started.paymentId, btLpPayerId: 'SBXLOCALPAYER', btLpToken: expect.stringMatching(/^EC-/) });

    const tokenized = await clientApi(target, fingerprint, 'payment_methods/paypal_accounts', {
      paypalAccount: { correlationId: returned?.btLpToken, paymentToken: returned?.btLpPaymentId, payerId: returned?.btLpPayerId, intent: 'sale' },
    });
    expect(tokenized.status).toBe(201);
    expect(at(tokenized.body, 'paypalAccounts', 0)).toMatchObject({ type: 'PayPalAccount', details: { correlationId: returned?.btLpToken, payerInfo: { firstName: 'Jan', lastName: 'Kowalski' } } });
    const nonce = at(tokenized.body, 'paypalAccounts', 0, 'nonce') as string;

    const result = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: nonce, merchantAccountId: 'store_PLN', options: { submitForSettlement: true } });
    expect(result.success).toBe(true);
    expect(result.transaction).toMatchObject({ paymentInstrumentType: 'local_payment', currencyIsoCode: 'PLN', status: 'submitted_for_settlement' });
    expect(localDetails(result.transaction)).toMatchObject({ paymentId: started.paymentId, payerId: 'SBXLOCALPAYER', fundingSource: 'blik' });
    const again = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: nonce, merchantAccountId: 'store_PLN' });
    expect(again.errors.deepErrors().map((error) => error.code)).toEqual(['91564']);
    expect(localDetails(await gateway.transaction.find(result.transaction.id))?.paymentId).toBe(started.paymentId);
    const found: braintree.Transaction[] = [];
    for await (const transaction of gateway.transaction.search((search) => search.ids().in([result.transaction.id]))) found.push(transaction as braintree.Transaction);
    expect(found.map((transaction) => localDetails(transaction)?.paymentId)).toEqual([started.paymentId]);
  });

  it('cancel returns to the cancel URL with btLpToken; fail returns errorcode=processing_error; neither tokenizes', async () => {
    const canceled = await startLocalPayment(target, fingerprint, blik);
    const back = await answerLandingPage(target, canceled.paymentId as string, 'cancel');
    expect(back.returned).toMatchObject({ c: '1', btLpToken: expect.stringMatching(/^EC-/) });
    const failed = await startLocalPayment(target, fingerprint, blik);
    expect((await answerLandingPage(target, failed.paymentId as string, 'fail')).returned).toMatchObject({ errorcode: 'processing_error' });
    const tokenize = await clientApi(target, fingerprint, 'payment_methods/paypal_accounts', { paypalAccount: { paymentToken: canceled.paymentId, payerId: 'SBXLOCALPAYER' } });
    expect(tokenize.status).toBe(422);
    expect(sandbox.context.store.state.localPayments[failed.paymentId as string].status).toBe('failed');
  });
});

describe('webhooks', () => {
  it('LOCAL_PAYMENT_COMPLETED reaches the store signed as the SDK checks it, carrying the nonce the page got', async () => {
    const { paymentId, nonce } = await localPaymentNonce(target, fingerprint, blik);
    await until(() => receiver.received.length, 1);
    const notification = await parse(receiver.received[0]);
    expect(notification.kind).toBe('local_payment_completed');
    expect(notification.localPaymentCompleted).toMatchObject({ paymentId, payerId: 'SBXLOCALPAYER', paymentMethodNonce: nonce });
    expect(notification.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const tampered = Buffer.from(Buffer.from(receiver.received[0].payload, 'base64').toString('utf8').replace(paymentId, 'PAY-SOMEONEELSE')).toString('base64');
    await expect(gateway.webhookNotification.parse(receiver.received[0].signature, tampered)).rejects.toMatchObject({ type: 'invalidSignatureError' });
    const otherKeys = gatewayFor(sandbox, { privateKey: 'not_the_private_key' });
    await expect(otherKeys.webhookNotification.parse(receiver.received[0].signature, receiver.received[0].payload)).rejects.toMatchObject({ type: 'invalidSignatureError' });
  });

  it('BLIK one-click: a first use names its alias in LOCAL_PAYMENT_COMPLETED, and a later use pays with the key', async () => {
    const consumerReference = 'cust-one-click-1';
    const first = await startLocalPayment(target, fingerprint, { ...blik, extra: { blikOptions: { oneClick: { authCode: '123456', consumerReference, aliasLabel: 'Test shop' } } } });
    expect(first).toMatchObject({ status: 201, redirectUrl: null });
    expect((await answerLandingPage(target, first.paymentId as string, 'approve')).status).toBe(200);
    await until(() => receiver.received.length, 1);
    const completed = (await parse(receiver.received[0])).localPaymentCompleted;
    expect(completed.paymentId).toBe(first.paymentId);
    expect(completed.blikAliases).toEqual([{ key: expect.stringMatching(/^[0-9]+$/), label: 'Test shop' }]);
    const { key } = completed.blikAliases[0];

    // Sent again, the notification names the same alias.
    await control('webhooks/send', { kind: 'local_payment_completed', id: first.paymentId });
    await until(() => receiver.received.length, 2);
    expect((await parse(receiver.received[1])).localPaymentCompleted.blikAliases).toEqual([{ key, label: 'Test shop' }]);

    const later = await startLocalPayment(target, fingerprint, { ...blik, extra: { blikOptions: { oneClick: { consumerReference, aliasKey: key } } } });
    expect(later).toMatchObject({ status: 201, redirectUrl: null });
    expect((await answerLandingPage(target, later.paymentId as string, 'approve')).status).toBe(200);
    await until(() => receiver.received.length, 3);
    const laterCompleted = (await parse(receiver.received[2])).localPaymentCompleted;
    expect(laterCompleted.paymentId).toBe(later.paymentId);
    // A later use registers nothing new; a payment without one-click names no alias at all.
    expect(laterCompleted.blikAliases).toBeUndefined();

    const unknownKey = await startLocalPayment(target, fingerprint, { ...blik, extra: { blikOptions: { oneClick: { consumerReference, aliasKey: '99999999999999999999' } } } });
    expect(unknownKey.status).toBe(422);
    expect(at(unknownKey.body, 'fieldErrors', 0)).toMatchObject({ field: 'blikOptions.oneClick.aliasKey', code: 'unknown' });
    const someoneElse = await startLocalPayment(target, fingerprint, { ...blik, extra: { blikOptions: { oneClick: { consumerReference: 'cust-other', aliasKey: key } } } });
    expect(someoneElse.status).toBe(422);
  });

  it('"Approve later": the window closes without a return, and the completed webhook alone carries a nonce that sells', async () => {
    const started = await startLocalPayment(target, fingerprint, blik);
    const later = await answerLandingPage(target, started.paymentId as string, 'later');
    expect(later).toMatchObject({ status: 200, returned: null });
    expect(later.html).toContain('/__sandbox/close-window.js');
    await until(() => receiver.received.length, 1);
    const completed = (await parse(receiver.received[0])).localPaymentCompleted;
    const result = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: completed.paymentMethodNonce, merchantAccountId: 'store_PLN' });
    expect(result.success).toBe(true);
    expect(sandbox.context.store.state.localPayments[started.paymentId as string]).toMatchObject({ status: 'sold', transactionId: result.transaction.id });
    // Sent again once sold, the notification names the transaction too.
    await control('webhooks/send', { kind: 'local_payment_completed', id: started.paymentId });
    await until(() => receiver.received.length, 2);
    expect((await parse(receiver.received[1])).localPaymentCompleted.transaction).toMatchObject({ id: result.transaction.id, amount: '25.00', currencyIsoCode: 'PLN' });
  });

  it('retries a refused delivery with the same payload until the store answers 2xx', async () => {
    receiver.answers = [500, 503];
    const { paymentId } = await localPaymentNonce(target, fingerprint, blik);
    await until(() => receiver.received.length, 3, 5000);
    expect(new Set(receiver.received.map((received) => received.payload)).size).toBe(1);
    const [delivery] = await deliveriesFor(paymentId);
    expect(delivery).toMatchObject({ status: 'delivered', kind: 'local_payment_completed' });
    expect(delivery.attempts.map((attempt: { status: number }) => attempt.status)).toEqual([500, 503, 200]);
  });

  it('holds, delays and duplicates deliveries on demand, and replays one by id', async () => {
    await control('webhooks/settings', { held: true, duplicateNext: 1 });
    const { paymentId } = await localPaymentNonce(target, fingerprint, blik);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(0);
    await control('webhooks/settings', { held: false });
    await until(() => receiver.received.length, 2);
    expect(receiver.received[0]).toEqual(receiver.received[1]);

    const [delivery] = await deliveriesFor(paymentId);
    expect((await control(`webhooks/${delivery.id}/replay`, {})).status).toBe(200);
    await until(() => receiver.received.length, 3);
    expect(receiver.received[2]).toEqual(receiver.received[0]);

    // Delayed: a later notification overtakes it, as out-of-order delivery does.
    await control('webhooks/settings', { delayNextMs: 400 });
    const first = await control('webhooks/send', { kind: 'local_payment_completed', id: paymentId });
    const second = await control('webhooks/send', { kind: 'local_payment_reversed', id: paymentId });
    expect([first.status, second.status]).toEqual([201, 201]);
    await until(() => receiver.received.length, 5, 3000);
    expect((await parse(receiver.received[3])).kind).toBe('local_payment_reversed');
    expect((await parse(receiver.received[4])).kind).toBe('local_payment_completed');
  });

  it('sends LOCAL_PAYMENT_EXPIRED, LOCAL_PAYMENT_REVERSED, and LOCAL_PAYMENT_FUNDED after pay upon invoice settles', async () => {
    const expiring = await startLocalPayment(target, fingerprint, blik);
    expect((await control('webhooks/send', { kind: 'local_payment_completed', id: expiring.paymentId })).status).toBe(409);
    await answerLandingPage(target, expiring.paymentId as string, 'expire');
    await until(() => receiver.received.length, 1);
    expect((await parse(receiver.received[0])).localPaymentExpired).toMatchObject({ paymentId: expiring.paymentId });

    const { paymentId: reversedId, nonce: reversedNonce } = await localPaymentNonce(target, fingerprint, blik);
    expect((await control(`local-payments/${reversedId}/reverse`, {})).body.status).toBe('reversed');
    await until(() => receiver.received.length, 3);
    expect((await parse(receiver.received[2])).localPaymentReversed).toMatchObject({ paymentId: reversedId });
    const reversedSale = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: reversedNonce, merchantAccountId: 'store_PLN' });
    expect(reversedSale.errors.deepErrors().map((error) => error.code)).toEqual(['91565']);

    const invoice = await startLocalPayment(target, fingerprint, {
      paymentType: 'pay_upon_invoice',
      amount: '119.00',
      currency: 'EUR',
      merchantAccountId: 'store_EUR',
      extra: {
        payerEmail: 'kunde@example.de',
        phone: '15112345678',
        phoneCountryCode: '49',
        birthDate: '1990-01-01',
        line1: 'Hauptstr. 1',
        city: 'Berlin',
        postalCode: '10115',
        countryCode: 'DE',
        billingAddress: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', countryCode: 'DE' },
        correlationId: 'c0ffee',
        experienceProfile: { locale: 'de-DE', customerServiceInstructions: 'Call us', noShipping: true },
        lineItems: [{ category: 'DIGITAL_GOODS', name: 'Photo editor', quantity: '1', unitAmount: '100.00', unitTaxAmount: '19.00' }],
      },
    });
    expect(invoice).toMatchObject({ status: 201, redirectUrl: null });
    expect((await control(`local-payments/${invoice.paymentId}/approve`, {})).body.status).toBe('approved');
    await until(() => receiver.received.length, 4);
    const completed = (await parse(receiver.received[3])).localPaymentCompleted;
    const sale = await gateway.transaction.sale({ amount: '119.00', paymentMethodNonce: completed.paymentMethodNonce, merchantAccountId: 'store_EUR', options: { submitForSettlement: true } });
    expect(localDetails(sale.transaction)?.fundingSource).toBe('pay_upon_invoice');
    await gateway.testing.settle(sale.transaction.id);
    await until(() => receiver.received.length, 5);
    const funded = await parse(receiver.received[4]);
    expect(funded.kind).toBe('local_payment_funded');
    expect(funded.localPaymentFunded).toMatchObject({ paymentId: invoice.paymentId });
    expect(funded.localPaymentFunded.transaction).toMatchObject({ id: sale.transaction.id, status: 'settled' });
  });

  it('sends transaction and dispute notifications on demand, with the transaction as the SDK reads it', async () => {
    const { nonce } = await localPaymentNonce(target, fingerprint, blik);
    const sale = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: nonce, merchantAccountId: 'store_PLN', orderId: 'order-7' });
    for (const kind of ['transaction_settled', 'transaction_settlement_declined', 'dispute_opened']) {
      expect((await control('webhooks/send', { kind, id: sale.transaction.id })).status).toBe(201);
    }
    expect((await control('webhooks/send', { kind: 'transaction_settled', id: 'nosuch' })).status).toBe(404);
    expect((await control('webhooks/send', { kind: 'subscription_canceled', id: sale.transaction.id })).status).toBe(400);
    await until(() => receiver.received.length, 4);
    const [, settled, declined, dispute] = await Promise.all(receiver.received.map(parse));
    expect(settled.transaction).toMatchObject({ id: sale.transaction.id, status: 'settled', orderId: 'order-7' });
    expect(declined.transaction.status).toBe('settlement_declined');
    expect(dispute.dispute).toMatchObject({ status: 'open', kind: 'chargeback', amount: '25.00', transaction: { id: sale.transaction.id } });
  });
});

describe('the bank app and lost deliveries', () => {
  it('lists a deferred payment waiting for approval; approving it there sends the completed webhook', async () => {
    const mbway = await startLocalPayment(target, fingerprint, { paymentType: 'mbway', amount: '12.00', currency: 'EUR', merchantAccountId: 'store_EUR', extra: { phone: '912345678', phoneCountryCode: '351' } });
    const app = await (await fetch(`${sandbox.url}/__sandbox/bank-app`)).text();
    expect(app).toContain(`<a href="/__sandbox/lpm/${mbway.paymentId}">MB WAY: 12.00 EUR to Affinity Store</a>`);
    const approved = await answerLandingPage(target, mbway.paymentId as string, 'approve');
    expect(approved).toMatchObject({ status: 200, returned: null });
    expect(approved.html).toContain('You approved 12.00 EUR to Affinity Store.');
    await until(() => receiver.received.length, 1);
    expect((await parse(receiver.received[0])).localPaymentCompleted).toMatchObject({ paymentId: mbway.paymentId, paymentMethodNonce: expect.any(String) });
    expect(await (await fetch(`${sandbox.url}/__sandbox/bank-app`)).text()).not.toContain(mbway.paymentId);
  });

  it('loses the next delivery on the way when told, then delivers it on the retry', async () => {
    await control('webhooks/settings', { dropNext: 1 });
    const { paymentId } = await localPaymentNonce(target, fingerprint, blik);
    await until(() => receiver.received.length, 1);
    const [delivery] = await deliveriesFor(paymentId);
    expect(delivery.attempts.map((attempt: { status: number | null }) => attempt.status)).toEqual([null, 200]);
    expect(delivery.attempts[0].error).toBe('lost on the way (the sandbox control dropNext)');
  });

  it('gives up after webhookMaxAttempts failed attempts, each retry waiting twice as long', async () => {
    const refusing = new Receiver();
    await refusing.start();
    refusing.answers = [500, 500, 500, 500];
    const short = await startBraintreeSandbox({ config: { ...CONFIG, webhookUrl: refusing.url, webhookMaxAttempts: 3, webhookRetryBaseMs: 100 } });
    try {
      const shortGateway = gatewayFor(short);
      const { clientToken } = await shortGateway.clientToken.generate({});
      const shortFingerprint = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
      await localPaymentNonce({ url: short.url, merchantId: short.config.merchantId }, shortFingerprint, blik);
      await until(() => Object.values(short.context.store.state.webhooks).filter((delivery) => delivery.status === 'failed').length, 1, 3000);
      const [delivery] = Object.values(short.context.store.state.webhooks);
      expect(delivery.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500]);
      const [first, second, third] = delivery.attempts.map((attempt) => Date.parse(attempt.at));
      expect(second - first).toBeGreaterThanOrEqual(100);
      expect(third - second).toBeGreaterThanOrEqual(200);
      expect(refusing.received).toHaveLength(3);
    } finally {
      await short.close();
      await refusing.close();
    }
  });
});

describe('deliveries across a restart', () => {
  it('keeps a pending delivery in the state file and delivers it once the restarted sandbox can', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sandbox-webhooks-'));
    const stateFile = join(directory, 'state.json');
    try {
      const first = await startBraintreeSandbox({ stateFile, config: { ...CONFIG, webhookUrl: null } });
      const firstGateway = gatewayFor(first);
      const { clientToken } = await firstGateway.clientToken.generate({});
      const firstFingerprint = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
      const { paymentId } = await localPaymentNonce({ url: first.url, merchantId: first.config.merchantId }, firstFingerprint, blik);
      expect(Object.values(first.context.store.state.webhooks)).toEqual([expect.objectContaining({ subjectId: paymentId, status: 'pending', attempts: [] })]);
      await first.close();

      const second = await startBraintreeSandbox({ stateFile, config: { ...CONFIG, webhookUrl: receiver.url } });
      try {
        await until(() => receiver.received.length, 1);
        expect((await parse(receiver.received[0])).localPaymentCompleted.paymentId).toBe(paymentId);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
