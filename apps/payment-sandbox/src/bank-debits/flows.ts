import { at, clientApi, type WalletFlowTarget } from '../wallets/wallet-flows';

/**
 * SEPA and US bank account steps as plain HTTP calls, for server-side tests without a browser:
 * what braintree-web's `sepa` and `us-bank-account` modules send, and the payer's answer on the
 * mandate page.
 */

export interface SepaStart {
  readonly iban: string;
  readonly accountHolderName?: string;
  readonly countryCode?: string;
  readonly mandateType?: 'ONE_OFF' | 'RECURRENT';
  readonly customerId?: string;
  readonly merchantAccountId?: string;
}

/** The popup flow's return and cancel URLs, as the module builds them from the assets URL. */
const FRAME = 'https://assets.braintreegateway.com/web/3.124.0/html/redirect-frame.html';

/** POST sepa_debit as braintree-web's `sepa.tokenize` sends it. */
export async function startSepaMandate(target: WalletFlowTarget, fingerprint: string, start: SepaStart) {
  const { status, body } = await clientApi(target, fingerprint, 'sepa_debit', {
    sepa_debit: {
      account_holder_name: start.accountHolderName ?? 'Erika Mustermann',
      billing_address: { country_code: start.countryCode ?? 'DE' },
      iban: start.iban,
      merchant_or_partner_customer_id: start.customerId ?? 'customer-1',
      mandate_type: start.mandateType ?? 'ONE_OFF',
    },
    cancel_url: `${FRAME}?cancel=1`,
    return_url: `${FRAME}?success=1`,
    merchant_account_id: start.merchantAccountId ?? 'store_EUR',
  });
  const account = at(body, 'message', 'body', 'sepaDebitAccount') as { approvalUrl: string; last4: string; bankReferenceToken: string } | undefined;
  return { status, body, account };
}

/** The payer's answer on the mandate page (its form post), and where it sends them. */
export async function answerMandatePage(target: WalletFlowTarget, approvalUrl: string, action: 'approve' | 'cancel') {
  const path = new URL(approvalUrl).pathname;
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return { status: response.status, location, returned: location ? Object.fromEntries(new URL(location).searchParams) : null, html: await response.text() };
}

/** An approved mandate's nonce, as braintree-web's `sepa.tokenize` gets it. */
export async function sepaNonce(target: WalletFlowTarget, fingerprint: string, start: SepaStart) {
  const started = await startSepaMandate(target, fingerprint, start);
  if (!started.account) throw new Error(`sepa_debit answered ${started.status}: ${JSON.stringify(started.body)}`);
  await answerMandatePage(target, started.account.approvalUrl, 'approve');
  const { status, body } = await clientApi(target, fingerprint, 'payment_methods/sepa_debit_accounts', {
    sepa_debit_account: {
      last_4: started.account.last4,
      merchant_or_partner_customer_id: start.customerId ?? 'customer-1',
      bank_reference_token: started.account.bankReferenceToken,
      mandate_type: start.mandateType ?? 'ONE_OFF',
    },
    merchant_account_id: start.merchantAccountId ?? 'store_EUR',
  });
  if (status !== 201) throw new Error(`sepa_debit_accounts answered ${status}: ${JSON.stringify(body)}`);
  return { nonce: at(body, 'nonce') as string, approvalUrl: started.account.approvalUrl, bankReferenceToken: started.account.bankReferenceToken };
}

export interface UsBankAccountStart {
  readonly routingNumber?: string;
  readonly accountNumber?: string;
  readonly accountType?: 'checking' | 'savings';
  readonly mandateText?: string;
  readonly business?: boolean;
}

/** The TokenizeUsBankAccount mutation as braintree-web's `usBankAccount.tokenize({bankDetails})` sends it to GraphQL. */
export async function tokenizeUsBankAccountCall(target: WalletFlowTarget, fingerprint: string, start: UsBankAccountStart = {}) {
  const response = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fingerprint}`, 'Braintree-Version': '2018-05-10' },
    body: JSON.stringify({
      clientSdkMetadata: { platform: 'web', source: 'client', integration: 'custom', sessionId: 'test', version: '3.124.0' },
      query: 'mutation TokenizeUsBankAccount($input: TokenizeUsBankAccountInput!) {  tokenizeUsBankAccount(input: $input) {    paymentMethod {      id      details {        ... on UsBankAccountDetails {          last4        }      }    }  }}',
      variables: {
        input: {
          usBankAccount: {
            achMandate: start.mandateText ?? 'I authorize Affinity Store to debit my bank account.',
            routingNumber: start.routingNumber ?? '011000015',
            accountNumber: start.accountNumber ?? '1000000000',
            accountType: (start.accountType ?? 'checking').toUpperCase(),
            billingAddress: { streetAddress: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
            ...(start.business ? { businessOwner: { businessName: 'Acme Ltd' } } : { individualOwner: { firstName: 'Ada', lastName: 'Lovelace' } }),
          },
        },
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A US bank account nonce, as the module's tokenize resolves it (`paymentMethod.id`). */
export async function usBankAccountNonce(target: WalletFlowTarget, fingerprint: string, start: UsBankAccountStart = {}) {
  const { body } = await tokenizeUsBankAccountCall(target, fingerprint, start);
  const nonce = at(body, 'data', 'tokenizeUsBankAccount', 'paymentMethod', 'id');
  if (typeof nonce !== 'string') throw new Error(`tokenizeUsBankAccount answered ${JSON.stringify(body)}`);
  return nonce;
}
