import { createRequire } from 'node:module';
import { DEFAULT_CONFIG } from '../context';
import { SandboxStore, type TransactionRecord } from '../store';
import { cardRecord } from './cards';
import { fakeNonce } from './fake-nonces';
import { creditCardXml, customerXml, nonceXml, transactionXml } from './presenters';
import { errorReply, fieldError } from './reply';
import { dasherize, datetime, XmlCollection, xmlDocument, XmlList, type XmlValue } from './xml';

/** The SDK's own reader, exactly as its http.js runs it. */
const load = createRequire(__filename);
const { Util } = load('braintree/lib/braintree/util') as { Util: { toCamelCase(key: string): string; convertNodeToObject(node: unknown): unknown } };
const xml2js = load('xml2js') as { parseStringPromise(xml: string, options: object): Promise<unknown> };

async function sdkRead(document: string): Promise<unknown> {
  return Util.convertNodeToObject(await xml2js.parseStringPromise(document, { attrkey: '@', charkey: '#', explicitArray: false }));
}

function keysOf(value: XmlValue | undefined, keys = new Set<string>()): Set<string> {
  if (value instanceof XmlList) value.items.forEach((item) => keysOf(item, keys));
  else if (value instanceof XmlCollection) {
    keysOf(value.fields, keys);
    value.items.forEach((item) => keysOf(item, keys));
  } else if (value && typeof value === 'object' && !('iso' in value)) {
    for (const [key, child] of Object.entries(value)) {
      keys.add(key);
      keysOf(child, keys);
    }
  }
  return keys;
}

describe('the XML writer', () => {
  it('dasherizes with the SDK split rule, so every key comes back unchanged', () => {
    expect(dasherize('threeDSecureInfo')).toBe('three-d-secure-info');
    expect(dasherize('last4')).toBe('last-4');
    expect(dasherize('currencyIsoCode')).toBe('currency-iso-code');

    const store = new SandboxStore();
    const context = { store, config: DEFAULT_CONFIG };
    const card = cardRecord({ number: '4111111111111111', expirationMonth: '12', expirationYear: '2030' });
    const nonce = fakeNonce('fake-three-d-secure-visa-full-authentication-nonce');
    const now = new Date().toISOString();
    const transaction: TransactionRecord = {
      id: 'tx1',
      status: 'authorized',
      type: 'sale',
      amount: '1.00',
      currencyIsoCode: 'GBP',
      merchantAccountId: 'store_GBP',
      orderId: null,
      createdAt: now,
      updatedAt: now,
      customerId: null,
      card,
      paymentMethodToken: null,
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      processorResponseType: 'approved',
      processorAuthorizationCode: 'ABC123',
      gatewayRejectionReason: null,
      threeDSecureInfo: nonce?.threeDSecureInfo ?? null,
      deviceDataCaptured: false,
      cvvResponseCode: 'M',
      avsPostalCodeResponseCode: 'M',
      statusHistory: [{ status: 'authorized', timestamp: now, amount: '1.00' }],
      refundIds: [],
      refundedTransactionId: null,
    };
    const method = { token: 'tok', customerId: 'c', card, isDefault: true, createdAt: now, updatedAt: now };
    const customer = { id: 'c', firstName: null, lastName: null, email: null, createdAt: now, updatedAt: now };
    const wallets = (['PayPalAccount', 'ApplePayCard', 'AndroidPayCard'] as const).map((paymentInstrument) => transactionXml({ ...transaction, paymentInstrument }, context));
    const error = errorReply({ errors: [fieldError(['transaction', 'creditCard'], 'number', '81715', 'x')] }).body;
    const keys = keysOf({ a: transactionXml(transaction, context), b: creditCardXml(method, DEFAULT_CONFIG), c: customerXml(customer, [method], DEFAULT_CONFIG), d: nonce ? nonceXml(nonce) : null, e: new XmlList('x', wallets), f: error });
    const broken = [...keys].filter((key) => Util.toCamelCase(dasherize(key)) !== key);
    expect(broken).toEqual([]);
  });

  it('writes nil, booleans, integers, datetimes, escaped text and arrays the way the SDK reads them', async () => {
    const document = xmlDocument('transaction', {
      orderId: null,
      recurring: true,
      pageSize: 50,
      createdAt: datetime('2030-01-02T03:04:05.678Z'),
      name: 'A & B <C>',
      empty: new XmlList('item', []),
      one: new XmlList('credit-card', [{ token: 't1' }]),
      two: new XmlList('item', ['a', 'b']),
    });
    expect(document.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<transaction>')).toBe(true);
    expect(await sdkRead(document)).toEqual({
      transaction: {
        orderId: null,
        recurring: true,
        pageSize: 50,
        createdAt: '2030-01-02T03:04:05Z',
        name: 'A & B <C>',
        empty: [],
        one: [{ token: 't1' }],
        two: ['a', 'b'],
      },
    });
  });

  it('writes a search page as a collection of repeated items', async () => {
    const one = xmlDocument('creditCardTransactions', new XmlCollection({ pageSize: 50 }, 'transaction', [{ id: 'a' }]));
    expect(await sdkRead(one)).toEqual({ creditCardTransactions: { pageSize: 50, transaction: { id: 'a' } } });
    const two = xmlDocument('creditCardTransactions', new XmlCollection({ pageSize: 50 }, 'transaction', [{ id: 'a' }, { id: 'b' }]));
    expect(await sdkRead(two)).toEqual({ creditCardTransactions: { pageSize: 50, transaction: [{ id: 'a' }, { id: 'b' }] } });
  });
});
