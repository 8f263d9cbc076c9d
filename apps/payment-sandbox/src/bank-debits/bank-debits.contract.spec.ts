import braintree from 'braintree';
import { createServer, type Server } from 'node:http';
import type { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { ACH_NETWORK_CHECK_ACCOUNTS, SEPA_TEST_IBANS } from '../test-values';
import { at, clientApi, type WalletFlowTarget } from '../wallets/wallet-flows';
import { answerMandatePage, sepaNonce, startSepaMandate, tokenizeUsBankAccountCall, usBankAccountNonce } from './flows';
import { ibanProblem, routingNumberValid } from './validation';

/**
 * SEPA direct debit and US bank account (ACH) through the real `braintree` SDK: the client API and
 * GraphQL calls as braintree-web's modules send them, the mandate page's returns, sales that wait
 * in settlement_pending, the settle / fail / return controls, and the signed transaction webhooks
 * the SDK's own parser reads.
 */

interface Received {
  readonly signature: string;
  readonly payload: string;
}

/** A store's webhook endpoint: records each POST and answers 200. */
class Receiver {
  readonly received: Received[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        this.received.push({ signature: form.get('bt_signature') ?? '', payload: form.get('bt_payload') ?? '' });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/webhooks/braintree/`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;
let fingerprint: string;
let receiver: Receiver;

const control = async (path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};

/** Waits until a webhook about the transaction arrives, and parses it with the SDK. */
async function webhookFor(id: string, kind: string, timeoutMs = 3000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const received of receiver.received) {
      const parsed: any = await gateway.webhookNotification.parse(received.signature, received.payload);
      if (parsed.kind === kind && parsed.transaction?.id === id) return parsed;
    }
    if (Date.now() > deadline) throw new Error(`no ${kind} webhook for ${id}; got ${receiver.received.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// The SDK's typings lack the bank account details, UsBankAccount and the customer's bank accounts, which the SDK itself reads.
const sepaDetails = (transaction: braintree.Transaction): any => (transaction as unknown as { sepaDirectDebitAccountDetails?: unknown }).sepaDirectDebitAccountDetails;
const bankAccount = (transaction: braintree.Transaction): any => (transaction as unknown as { usBankAccount?: unknown }).usBankAccount;
const ANY_REASON_CODE = (braintree.Transaction as unknown as { ReasonCode: { Any: string } }).ReasonCode.Any;
interface SavedUsBankAccount {
  readonly token: string;
  readonly verified: boolean;
  readonly verifications: readonly Record<string, unknown>[];
}

function collect<T>(stream: Readable): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    stream.on('data', (item: T) => items.push(item));
    stream.on('end', () => resolve(items));
    stream.on('error', reject);
  });
}

const sepaSale = async (iban: string) => {
  const { nonce } = await sepaNonce(target, fingerprint, { iban });
  const result = await gateway.transaction.sale({ amount: '49.99', paymentMethodNonce: nonce, merchantAccountId: 'store_EUR', orderId: `sepa-${iban.slice(-4)}`, options: { submitForSettlement: true } });
  expect(result.success).toBe(true);
  return result.transaction;
};

const achSale = async (accountNumber: string) => {
  const nonce = await usBankAccountNonce(target, fingerprint, { accountNumber });
  const result = await gateway.transaction.sale({ amount: '120.00', paymentMethodNonce: nonce, merchantAccountId: 'store_USD', options: { submitForSettlement: true } });
  expect(result.success).toBe(true);
  return result.transaction;
};

beforeAll(async () => {
  receiver = new Receiver();
  await receiver.start();
  ({ sandbox, gateway, target, fingerprint } = await sandboxWithSdk({ config: { webhookRetryBaseMs: 50, webhookTimeoutMs: 1000, webhookUrl: receiver.url } }));
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

describe('test values', () => {
  it('every test IBAN is a valid IBAN and the documented routing number passes the ABA checksum', () => {
    for (const iban of Object.keys(SEPA_TEST_IBANS)) expect(ibanProblem(iban)).toBeNull();
    expect(ibanProblem('DE89370400440532013001')).toBe('checksum');
    expect(ibanProblem('DE8937040044053201300')).toBe('length');
    expect(ibanProblem('US64SVBKUS6S3300958879')).toBe('country');
    expect(routingNumberValid('011000015')).toBe(true);
    expect(routingNumberValid('011000016')).toBe(false);
  });
});

describe('POST sepa_debit', () => {
  it('answers the mandate as braintree-web reads it: message.body.sepaDebitAccount', async () => {
    const { status, account } = await startSepaMandate(target, fingerprint, { iban: 'DE89 3704 0044 0532 0130 00' });
    expect(status).toBe(201);
    expect(account?.last4).toBe('3000');
    expect(account?.approvalUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/__sandbox\/sepa\/mandates\/[A-Z0-9]{17}$/);
    expect(account?.bankReferenceToken).toEqual(expect.any(String));
  });

  it.each([
    ['a wrong checksum', { iban: 'DE89370400440532013001' }, 'iban', 'iban_checksum'],
    ['a missing holder', { iban: 'DE89370400440532013000', accountHolderName: '' }, 'accountHolderName', 'required'],
    ['a non-SEPA country', { iban: 'DE89370400440532013000', countryCode: 'US' }, 'billingAddress.countryCode', 'unsupported'],
    ['an unknown mandate type', { iban: 'DE89370400440532013000', mandateType: 'WEEKLY' as never }, 'mandateType', 'invalid'],
    ['a pound account', { iban: 'DE89370400440532013000', merchantAccountId: 'store_GBP' }, 'merchantAccountId', 'currency'],
  ])('refuses %s with 422 and the field at fault', async (_, start, field, code) => {
    const before = Object.keys(sandbox.context.store.state.sepaMandates).length;
    const { status, body } = await startSepaMandate(target, fingerprint, start);
    expect(status).toBe(422);
    expect(at(body, 'fieldErrors', 0, 'field')).toBe('sepaDebit');
    expect(at(body, 'fieldErrors', 0, 'fieldErrors')).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(Object.keys(sandbox.context.store.state.sepaMandates)).toHaveLength(before);
  });
});

describe('the mandate page', () => {
  it('shows the mandate and returns to the return URL with success and cart_id; the nonce comes once', async () => {
    const { account } = await startSepaMandate(target, fingerprint, { iban: 'DE89370400440532013000', mandateType: 'RECURRENT' });
    const approvalUrl = account?.approvalUrl ?? '';
    const cartId = approvalUrl.split('/').at(-1) ?? '';
    const html = await (await fetch(`${sandbox.url}${new URL(approvalUrl).pathname}`)).text();
    expect(html).toContain('<dt>IBAN</dt><dd>ending in 3000</dd>');
    expect(html).toContain('<dt>Creditor</dt><dd>Affinity Store</dd>');
    expect(html).toContain('Recurring payments');
    expect(html).toContain('<button type="submit" name="action" value="approve">Approve mandate</button>');

    const tokenize = () =>
      clientApi(target, fingerprint, 'payment_methods/sepa_debit_accounts', {
        sepa_debit_account: { last_4: '3000', merchant_or_partner_customer_id: 'customer-1', bank_reference_token: account?.bankReferenceToken, mandate_type: 'RECURRENT' },
        merchant_account_id: 'store_EUR',
      });
    expect((await tokenize()).status).toBe(422);

    const answered = await answerMandatePage(target, approvalUrl, 'approve');
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(`https://assets.braintreegateway.com/web/3.124.0/html/redirect-frame.html?success=1&cart_id=${cartId}`);

    const detail = await fetch(`${sandbox.url}/merchants/${target.merchantId}/client_api/v1/sepa_debit/${cartId}?authorizationFingerprint=${encodeURIComponent(fingerprint)}`);
    expect(await detail.json()).toMatchObject({ sepaDebitMandateDetail: { last4: '3000', merchantOrPartnerCustomerId: 'customer-1', mandateType: 'RECURRENT', bankReferenceToken: account?.bankReferenceToken } });

    const first = await tokenize();
    expect(first.status).toBe(201);
    expect(at(first.body, 'nonce')).toEqual(expect.any(String));
    expect((await tokenize()).status).toBe(422);
  });

  it('cancel returns to the cancel URL and the mandate never gives a nonce', async () => {
    const { account } = await startSepaMandate(target, fingerprint, { iban: 'NL91ABNA0417164300' });
    const answered = await answerMandatePage(target, account?.approvalUrl ?? '', 'cancel');
    expect(answered.returned).toMatchObject({ cancel: '1', cart_id: expect.any(String) });
    const again = await answerMandatePage(target, account?.approvalUrl ?? '', 'approve');
    expect(again.status).toBe(200);
    expect(again.html).toContain('This mandate is already canceled.');
  });
});

describe('SEPA sales and settlement', () => {
  it('a sale waits in settlement_pending with the SEPA details; settle sends TRANSACTION_SETTLED', async () => {
    const sale = await sepaSale('DE89370400440532013000');
    expect(sale.status).toBe('settlement_pending');
    expect(sale.paymentInstrumentType).toBe('sepa_debit_account');
    expect(sepaDetails(sale)).toMatchObject({ last4: '3000', mandateType: 'ONE_OFF', merchantOrPartnerCustomerId: 'customer-1' });
    expect(receiver.received).toHaveLength(0);

    expect((await control(`transactions/${sale.id}/settle`, {})).body.status).toBe('settled');
    const webhook = await webhookFor(sale.id, 'transaction_settled');
    expect(webhook.transaction.status).toBe('settled');
    expect(webhook.transaction.amount).toBe('49.99');
    expect((await gateway.transaction.find(sale.id)).status).toBe('settled');
  });

  it('fail declines a pending debit with the bank reason, once', async () => {
    const sale = await sepaSale('DE62370400440532013001');
    const failed = await control(`transactions/${sale.id}/fail`, { code: 'AC04', text: 'Account closed' });
    expect(failed.body.status).toBe('settlement_declined');
    const webhook = await webhookFor(sale.id, 'transaction_settlement_declined');
    expect(webhook.transaction.processorSettlementResponseCode).toBe('AC04');
    const found = await gateway.transaction.find(sale.id);
    expect(found.status).toBe('settlement_declined');
    expect(found.processorSettlementResponseText).toBe('Account closed');
    expect((await control(`transactions/${sale.id}/fail`, {})).status).toBe(422);
  });

  it('return takes a settled debit back: settlement_declined with MD06, and the webhook again', async () => {
    const sale = await sepaSale('DE35370400440532013002');
    expect((await control(`transactions/${sale.id}/return`, {})).status).toBe(422);
    await control(`transactions/${sale.id}/settle`, {});
    await webhookFor(sale.id, 'transaction_settled');
    expect((await control(`transactions/${sale.id}/return`, {})).body.status).toBe('settlement_declined');
    const webhook = await webhookFor(sale.id, 'transaction_settlement_declined');
    expect(webhook.transaction.processorSettlementResponseCode).toBe('MD06');
    const found = await gateway.transaction.find(sale.id);
    expect(found.statusHistory?.map((event) => event.status)).toEqual(['authorized', 'settlement_pending', 'settled', 'settlement_declined']);
  });

  it('a SEPA nonce does not pay a dollar account (91577)', async () => {
    const { nonce } = await sepaNonce(target, fingerprint, { iban: 'FR7630006000011234567890189' });
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce, merchantAccountId: 'store_USD' });
    expect(result.success).toBe(false);
    expect(result.errors.deepErrors().map((error) => error.code)).toContain('91577');
  });

  it('a RECURRENT mandate saves as the customer\'s SEPA account, pays again by token, and the vault list names it', async () => {
    const customer = await gateway.customer.create({ firstName: 'Erika' });
    const { clientToken } = await gateway.clientToken.generate({ customerId: customer.customer.id });
    const customerFingerprint = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
    const { nonce } = await sepaNonce(target, customerFingerprint, { iban: 'DE89370400440532013000', mandateType: 'RECURRENT' });
    const saved = await gateway.paymentMethod.create({ customerId: customer.customer.id, paymentMethodNonce: nonce });
    expect(saved.success).toBe(true);
    const method = saved.paymentMethod as unknown as { token: string; last4: string; mandateType: string; viewMandateUrl: string };
    expect(method).toMatchObject({ last4: '3000', mandateType: 'RECURRENT', viewMandateUrl: expect.stringMatching(/^https:\/\/www\.sandbox\.paypal\.com\/__sandbox\/sepa\/mandates\//) });
    const found = (await gateway.customer.find(customer.customer.id)) as unknown as { sepaDebitAccounts: { token: string }[] };
    expect(found.sepaDebitAccounts.map((account) => account.token)).toEqual([method.token]);

    const again = await gateway.transaction.sale({ amount: '9.99', paymentMethodToken: method.token, merchantAccountId: 'store_EUR', options: { submitForSettlement: true } });
    expect(again.transaction.status).toBe('settlement_pending');
    expect(sepaDetails(again.transaction)).toMatchObject({ token: method.token, mandateType: 'RECURRENT' });

    const listed = await fetch(`${sandbox.url}/merchants/${target.merchantId}/client_api/v1/payment_methods?authorizationFingerprint=${encodeURIComponent(customerFingerprint)}`);
    expect(((await listed.json()) as any).paymentMethods).toEqual([
      expect.objectContaining({ type: 'SepaDebitAccount', description: 'SEPA direct debit account ending in 3000', details: expect.objectContaining({ ibanLastChars: '3000' }) }),
    ]);
  });

  it('gateway.testing.settlementDecline declines a pending debit with its webhook', async () => {
    const sale = await sepaSale('NL91ABNA0417164300');
    const declined = await gateway.testing.settlementDecline(sale.id);
    expect(declined.transaction.status).toBe('settlement_declined');
    await webhookFor(sale.id, 'transaction_settlement_declined');
  });
});

describe('US bank account (ACH)', () => {
  it('tokenizes bank details into a nonce whose sale waits in settlement_pending with the account details', async () => {
    const { body } = await tokenizeUsBankAccountCall(target, fingerprint, { accountNumber: '1000000000' });
    expect(at(body, 'data', 'tokenizeUsBankAccount', 'paymentMethod', 'details', 'last4')).toBe('0000');
    const sale = await achSale('1000000000');
    expect(sale.status).toBe('settlement_pending');
    expect(sale.paymentInstrumentType).toBe('us_bank_account');
    expect(bankAccount(sale)).toMatchObject({ routingNumber: '011000015', last4: '0000', accountType: 'checking', accountHolderName: 'Ada Lovelace', bankName: 'FEDERAL RESERVE BANK' });
    expect(bankAccount(sale).achMandate.text).toBe('I authorize Affinity Store to debit my bank account.');
  });

  it('refuses a routing number that fails the ABA checksum as a GraphQL VALIDATION error, with HTTP 200 as the provider', async () => {
    const { status, body } = await tokenizeUsBankAccountCall(target, fingerprint, { routingNumber: '011000016' });
    expect(status).toBe(200);
    expect(at(body, 'errors', 0)).toMatchObject({ message: 'Routing number is invalid.', extensions: { errorClass: 'VALIDATION', inputPath: ['input', 'usBankAccount', 'routingNumber'] } });
    expect(at(body, 'data', 'tokenizeUsBankAccount')).toBeNull();
  });

  it('network check verifies by the documented account numbers; a sale refuses an unverified saved account (915172)', async () => {
    const customer = await gateway.customer.create({ firstName: 'Ada', lastName: 'Lovelace' });
    const save = async (accountNumber: string) => {
      const nonce = await usBankAccountNonce(target, fingerprint, { accountNumber });
      const result = await gateway.paymentMethod.create({ customerId: customer.customer.id, paymentMethodNonce: nonce, options: { usBankAccountVerificationMethod: 'network_check' } } as never);
      expect(result.success).toBe(true);
      return result.paymentMethod as unknown as SavedUsBankAccount;
    };
    const verified = await save('1000000000');
    expect(verified.verified).toBe(true);
    expect(verified.verifications[0]).toMatchObject({ status: 'verified', verificationMethod: 'network_check', processorResponseCode: '1000' });
    const declined = await save('1000000004');
    expect(declined.verified).toBe(false);
    expect(declined.verifications[0]).toMatchObject({ status: 'processor_declined', processorResponseCode: ACH_NETWORK_CHECK_ACCOUNTS['1000000004'].code });

    const paid = await gateway.transaction.sale({ amount: '15.00', paymentMethodToken: verified.token, merchantAccountId: 'store_USD', options: { submitForSettlement: true } });
    expect(paid.transaction.status).toBe('settlement_pending');
    const refused = await gateway.transaction.sale({ amount: '15.00', paymentMethodToken: declined.token, merchantAccountId: 'store_USD', options: { submitForSettlement: true } });
    expect(refused.success).toBe(false);
    expect(refused.errors.deepErrors().map((error) => error.code)).toContain('915172');
    const found = await gateway.customer.find(customer.customer.id);
    expect((found as unknown as { usBankAccounts: SavedUsBankAccount[] }).usBankAccounts.map((account) => account.token)).toEqual([verified.token, declined.token]);
  });

  it('a settled ACH debit returned by the bank becomes settlement_declined with R10 and TRANSACTION_SETTLEMENT_DECLINED', async () => {
    const sale = await achSale('2000000002');
    await control(`transactions/${sale.id}/settle`, {});
    expect((await webhookFor(sale.id, 'transaction_settled')).transaction.usBankAccount.last4).toBe('0002');
    await control(`transactions/${sale.id}/return`, {});
    const webhook = await webhookFor(sale.id, 'transaction_settlement_declined');
    expect(webhook.transaction.status).toBe('settlement_declined');
    expect(webhook.transaction.processorSettlementResponseCode).toBe('R10');
  });
});

describe('finding returned debits (reconciliation without the webhook)', () => {
  it('the transaction search finds returns by reason code, any reason, return date and status', async () => {
    const sale = await achSale('2000000002');
    const startedAt = new Date(Date.now() - 1000);
    await control(`transactions/${sale.id}/settle`, {});
    await control(`transactions/${sale.id}/return`, { code: 'R02', text: 'Account Closed' });
    const ids = async (build: (search: any) => void) => (await collect<braintree.Transaction>(gateway.transaction.search(build))).map((transaction) => transaction.id);
    expect(await ids((search) => search.reasonCode().is('R02'))).toEqual([sale.id]);
    expect(await ids((search) => search.reasonCode().is(ANY_REASON_CODE))).toContain(sale.id);
    expect(await ids((search) => search.achReturnResponsesCreatedAt().min(startedAt))).toContain(sale.id);
    expect(await ids((search) => search.status().is('settlement_declined'))).toContain(sale.id);
    expect(await ids((search) => search.paymentInstrumentType().is('us_bank_account'))).toContain(sale.id);
    const pending = await sepaSale('NL91ABNA0417164300');
    expect(await ids((search) => search.reasonCode().is(ANY_REASON_CODE))).not.toContain(pending.id);
  });
});

describe('automatic settlement', () => {
  it('follows the test accounts: settles, declines, or settles and is returned', async () => {
    const settles = await achSale('1000000000');
    const declines = await achSale('2000000001');
    const returned = await sepaSale('DE35370400440532013002');
    expect((await control('bank-debits/settings', { settleAfterMs: 100 })).body).toEqual({ settleAfterMs: 100 });
    try {
      await webhookFor(settles.id, 'transaction_settled');
      expect((await webhookFor(declines.id, 'transaction_settlement_declined')).transaction.processorSettlementResponseCode).toBe('R01');
      await webhookFor(returned.id, 'transaction_settled');
      expect((await webhookFor(returned.id, 'transaction_settlement_declined')).transaction.processorSettlementResponseCode).toBe('MD06');
    } finally {
      await control('bank-debits/settings', { settleAfterMs: 0 });
    }
    expect((await gateway.transaction.find(settles.id)).status).toBe('settled');
    expect((await control('bank-debits/settings', { settleAfterMs: -1 })).status).toBe(400);
  });
});
