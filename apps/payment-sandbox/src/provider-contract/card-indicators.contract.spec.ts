import { futureExpiry } from './target';
import { useContractTarget } from './suite';
import { verificationGateway } from './vault-helpers';

/**
 * Card type indicators (bin data) of the documented test cards: the server SDKs'
 * `Test::CreditCardNumbers::CardTypeIndicators` numbers, on a sale's card details and on the
 * static nonces' bin data.
 */

const { gateway } = useContractTarget();

type Details = Record<string, unknown>;

const cardOfSale = async (number: string): Promise<Details> => {
  const result = await gateway.transaction.sale({ amount: '10.00', creditCard: { number, expirationDate: futureExpiry().date } });
  expect(result.transaction.status).toBe('authorized');
  return result.transaction.creditCard as unknown as Details;
};

describe('on a sale of the indicator test cards', () => {
  it.each([
    ['4111111111111210', 'prepaid'],
    ['4111111111131010', 'commercial'],
    ['4117101010101010', 'debit'],
    ['4111111114101010', 'payroll'],
    ['4111111510101010', 'healthcare'],
    ['4111161010101010', 'durbinRegulated'],
    ['4229989900000002', 'prepaidReloadable'],
    ['4229989800000003', 'business'],
    ['4229989700000004', 'consumer'],
    ['4229989100000000', 'corporate'],
    ['4229989500000006', 'purchase'],
  ])('%s answers %s Yes', async (number, field) => {
    expect(await cardOfSale(number)).toMatchObject({ [field]: 'Yes' });
  });

  it('the no-indicators card answers No, the unknown-indicators card Unknown', async () => {
    const fields = ['prepaid', 'commercial', 'debit', 'payroll', 'healthcare', 'durbinRegulated'];
    const no = await cardOfSale('4111111111310101');
    const unknown = await cardOfSale('4111111111112101');
    for (const field of fields) {
      expect(no[field]).toBe('No');
      expect(unknown[field]).toBe('Unknown');
    }
  });

  it('the issuing country and issuing bank cards answer the documented defaults (USA, NETWORK ONLY)', async () => {
    expect(await cardOfSale('4111111111121102')).toMatchObject({ countryOfIssuance: 'USA' });
    expect(await cardOfSale('4111111141010101')).toMatchObject({ issuingBank: 'NETWORK ONLY' });
  });

  it.each([
    ['4500600000000061', { prepaid: 'Yes' }],
    ['4009040000000009', { commercial: 'Yes' }],
    ['4005519200000004', { durbinRegulated: 'Yes' }],
    ['4012000033330026', { healthcare: 'Yes' }],
    ['4012000033330125', { debit: 'Yes' }],
    ['4012000033330224', { payroll: 'Yes' }],
    ['4012000033330422', { prepaid: 'No', debit: 'No', commercial: 'No' }],
    ['4012000033330323', { prepaid: 'Unknown', debit: 'Unknown', commercial: 'Unknown' }],
    ['4012000033330620', { countryOfIssuance: 'USA' }],
    ['4012000033330729', { countryOfIssuance: 'CAN' }],
    ['4444333322221111', { countryOfIssuance: 'GBR' }],
    ['4023490000000008', { countryOfIssuance: 'IRL' }],
    ['4012000033330521', { issuingBank: 'NETWORK ONLY' }],
  ])('the testing reference\'s %s answers %o', async (number, expected) => {
    expect(await cardOfSale(number)).toMatchObject(expected);
  });

  it('an ordinary test card answers Unknown', async () => {
    expect(await cardOfSale('4111111111111111')).toMatchObject({ prepaid: 'Unknown', debit: 'Unknown', commercial: 'Unknown', countryOfIssuance: 'Unknown' });
  });
});

describe('on the static nonces', () => {
  it.each([
    ['fake-valid-prepaid-nonce', 'prepaid'],
    ['fake-valid-commercial-nonce', 'commercial'],
    ['fake-valid-debit-nonce', 'debit'],
    ['fake-valid-payroll-nonce', 'payroll'],
    ['fake-valid-healthcare-nonce', 'healthcare'],
    ['fake-valid-durbin-regulated-nonce', 'durbinRegulated'],
  ])('%s has bin data %s Yes, found and on its sale', async (nonce, field) => {
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found.binData).toMatchObject({ [field]: 'Yes' });
    const sold = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(sold.transaction.creditCard).toMatchObject({ [field]: 'Yes' });
  });

  it('the country of issuance and issuing bank nonces answer USA, CAN and NETWORK ONLY', async () => {
    expect((await gateway.paymentMethodNonce.find('fake-valid-country-of-issuance-usa-nonce')).binData).toMatchObject({ countryOfIssuance: 'USA' });
    expect((await gateway.paymentMethodNonce.find('fake-valid-country-of-issuance-cad-nonce')).binData).toMatchObject({ countryOfIssuance: 'CAN' });
    expect((await gateway.paymentMethodNonce.find('fake-valid-issuing-bank-network-only-nonce')).binData).toMatchObject({ issuingBank: 'NETWORK ONLY' });
  });

  it('the no- and unknown-indicators nonces answer No and Unknown', async () => {
    expect((await gateway.paymentMethodNonce.find('fake-valid-no-indicators-nonce')).binData).toMatchObject({ prepaid: 'No', debit: 'No', healthcare: 'No' });
    expect((await gateway.paymentMethodNonce.find('fake-valid-unknown-indicators-nonce')).binData).toMatchObject({ prepaid: 'Unknown', debit: 'Unknown' });
  });
});

describe('on a verification of an indicator test card', () => {
  it("the verification's card carries the same bin data as a sale's", async () => {
    const result = await verificationGateway(gateway).create({ creditCard: { number: '4111111111111210', expirationDate: futureExpiry().date } });
    expect(result.success).toBe(true);
    expect(result.verification?.creditCard).toMatchObject({ prepaid: 'Yes' });
  });
});
