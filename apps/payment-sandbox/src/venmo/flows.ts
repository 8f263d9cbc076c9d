import type { WalletFlowTarget } from '../wallets/wallet-flows';

type Answer = {
  readonly createVenmoPaymentContext?: { readonly venmoPaymentContext?: { readonly id?: string } };
  readonly node?: { readonly status?: string; readonly paymentMethodId?: string | null } | null;
};

/**
 * Venmo's desktop flow as braintree-web's venmo module drives it, for tests: the payment context
 * mutation on the client GraphQL endpoint (SINGLE_USE, or MULTI_USE when the shopper saves the
 * account), the payer scanning and approving in the app (the control endpoint), and the status
 * query that hands the module the VenmoAccount nonce.
 */
export async function venmoNonce(target: WalletFlowTarget, fingerprint: string, usage: 'SINGLE_USE' | 'MULTI_USE'): Promise<string> {
  const graphQL = async (query: string, variables: object) => {
    const response = await fetch(`${target.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fingerprint}`, 'Braintree-Version': '2018-05-10' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Answer | null; errors?: unknown[] };
  };
  const created = await graphQL(
    'mutation CreateVenmoPaymentContext($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { venmoPaymentContext { id } } }',
    { input: { paymentMethodUsage: usage, intent: 'CONTINUE', customerClient: 'DESKTOP' } },
  );
  const id = created.data?.createVenmoPaymentContext?.venmoPaymentContext?.id;
  if (!id) throw new Error(`Venmo payment context: ${JSON.stringify(created)}`);
  for (const action of ['scan', 'approve']) {
    const response = await fetch(`${target.url}/__sandbox/venmo/payment-contexts/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
    if (!response.ok) throw new Error(`Venmo app ${action}: ${response.status}`);
  }
  const status = await graphQL('query PaymentContext($id: ID!) { node(id: $id) { ... on VenmoPaymentContext { status paymentMethodId } } }', { id });
  const nonce = status.data?.node?.paymentMethodId;
  if (!nonce) throw new Error(`Venmo payment context status: ${JSON.stringify(status)}`);
  return nonce;
}
