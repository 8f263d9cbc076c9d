// The card gateway's part of PLACE_ORDER on its own: the same two calls the store makes for a card
// order with 3-D Secure on (the nonce's kind, then the sale), through the real braintree SDK and the
// store's own gateway set-up, from a process that does nothing else. Its CPU per order is what the
// SDK costs (building the XML, parsing the answer), a floor no change to the store's code can lower.
// Reads GATEWAY_FLOOR={"orders":N,"concurrency":C,"merchantAccountId":...} and the API's BRAINTREE_*
// settings from its environment; tells the parent its CPU per order over IPC.
const { createBraintreeGateway } = require('../../libs/infrastructure/dist/payments/braintree/braintree-card-gateway.js');

const NONCE = 'fake-three-d-secure-visa-full-authentication-nonce';

async function main() {
  const { orders, concurrency, merchantAccountId } = JSON.parse(process.env.GATEWAY_FLOOR);
  const gateway = createBraintreeGateway({
    environment: 'local',
    gatewayUrl: process.env.BRAINTREE_GATEWAY_URL,
    merchantId: process.env.BRAINTREE_MERCHANT_ID,
    publicKey: process.env.BRAINTREE_PUBLIC_KEY,
    privateKey: process.env.BRAINTREE_PRIVATE_KEY,
    timeoutMs: 30_000,
  });
  const run = `floor-${process.pid}-${Date.now()}`;
  const one = async (index) => {
    const nonce = await gateway.paymentMethodNonce.find(NONCE);
    const result = await gateway.transaction.sale({
      amount: '59.99',
      merchantAccountId,
      orderId: `${run}-${index}`,
      paymentMethodNonce: NONCE,
      billing: { postalCode: 'SW1A 1AA', countryCodeAlpha2: 'GB' },
      options: { submitForSettlement: true, storeInVaultOnSuccess: false, threeDSecure: { required: nonce.type === 'CreditCard' } },
    });
    if (!result.success) throw new Error(`the sandbox declined a floor sale: ${result.message}`);
  };
  const pass = async (count, from) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (next < count) await one(from + next++);
      }),
    );
  };
  await pass(Math.min(50, orders), 0); // warm-up: connections, code paths
  process.send?.({ type: 'ready' });
  await new Promise((resolve) => process.once('message', resolve));
  const before = process.cpuUsage();
  const started = performance.now();
  await pass(orders, 1000);
  const used = process.cpuUsage(before);
  process.send?.({ type: 'done', orders, seconds: (performance.now() - started) / 1000, cpuMsPerOrder: (used.user + used.system) / 1000 / orders });
}

main().catch((error) => {
  process.stderr.write(`The gateway floor failed: ${error.message}\n`);
  process.exit(1);
});
