import { errorCodes, futureExpiry } from './target';
import { useContractTarget } from './suite';

/**
 * A card tokenized in the browser (braintree-web 3's client API request, with a client token's
 * fingerprint) carries the bin data the server SDK reports for the same number: the documented card
 * type indicator test cards (the server SDKs' CardTypeIndicators numbers and the testing
 * reference's table) answer the same indicator in the client API's `binData`, in
 * `paymentMethodNonce.find` and on the sale.
 */

const { target } = useContractTarget();

interface DecodedToken {
  readonly authorizationFingerprint: string;
  readonly clientApiUrl: string;
}

type BinData = Record<string, string>;

async function clientToken(): Promise<DecodedToken> {
  const result = await target.gateway.clientToken.generate({});
  expect(errorCodes(result)).toEqual([]);
  return JSON.parse(Buffer.from(result.clientToken, 'base64').toString('utf8')) as DecodedToken;
}

const clientApiUrl = (token: DecodedToken): string => target.reachable(token.clientApiUrl);

const expiry = futureExpiry();

/** braintree-web 3's tokenization: what a Hosted Fields or card form `tokenize` hands the page. */
async function tokenize(number: string): Promise<{ nonce: string; binData: BinData; details: Record<string, unknown> }> {
  const token = await clientToken();
  const response = await fetch(`${clientApiUrl(token)}/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ creditCard: { number, expirationDate: expiry.date, options: { validate: false } }, authorizationFingerprint: token.authorizationFingerprint }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { creditCards: { nonce: string; binData: BinData; details: Record<string, unknown> }[] };
  return body.creditCards[0];
}

/** The nonce's bin data as the server SDK reads it. */
async function serverBinData(nonce: string): Promise<BinData> {
  const found = (await target.gateway.paymentMethodNonce.find(nonce)) as unknown as { binData: BinData };
  return found.binData;
}

const INDICATORS = ['prepaid', 'commercial', 'debit', 'payroll', 'healthcare', 'durbinRegulated'] as const;

describe('the client API\'s binData', () => {
  it.each([
    ['4111111111111210', 'prepaid'],
    ['4500600000000061', 'prepaid'],
    ['4117101010101010', 'debit'],
    ['4012000033330125', 'debit'],
  ] as const)('%s tokenized in the browser is %s Yes there and on the server', async (number, indicator) => {
    const { nonce, binData, details } = await tokenize(number);
    expect(details).toMatchObject({ lastFour: number.slice(-4), cardType: 'Visa' });
    expect(binData[indicator]).toBe('Yes');
    const server = await serverBinData(nonce);
    expect(server[indicator]).toBe('Yes');
    // Every indicator braintree-web reads agrees with the server's.
    for (const key of INDICATORS) expect(binData[key]).toBe(server[key]);
    const sale = await target.gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(sale.success).toBe(true);
    expect((sale.transaction.creditCard as unknown as BinData)[indicator]).toBe('Yes');
  });

  it('the no-indicators card is No throughout; the country of issuance card names its country', async () => {
    const none = await tokenize('4111111111310101');
    for (const key of INDICATORS) expect(none.binData[key]).toBe('No');
    const usa = await tokenize('4111111111121102');
    expect(usa.binData.countryOfIssuance).toBe('USA');
    expect((await serverBinData(usa.nonce)).countryOfIssuance).toBe('USA');
  });

  it('a card the test values do not name is Unknown', async () => {
    const { binData } = await tokenize('4111111111111111');
    expect(binData).toMatchObject({ prepaid: 'Unknown', debit: 'Unknown', commercial: 'Unknown' });
  });
});
