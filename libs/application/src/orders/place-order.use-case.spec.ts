import { ErrorCatalogue, PRODUCT_KEY_PATTERN, type DiscountCode } from '@store/domain';
import { aProduct, aSuite } from '@store/domain/testing';
import { aBillingAddress, aCheckoutWorld, aMorCheckout, FakePaymentPort, aShippingAddress, GB_ACCOUNT, InMemoryCatalogue, InMemoryShippingAddresses, TestCheckpoints } from '../testing';
import { PlaceOrder, WITHDRAWAL_CONSENT_REQUIRED } from './place-order.use-case';

async function setUp(options: Parameters<typeof aCheckoutWorld>[0] = {}) {
  const world = aCheckoutWorld(options);
  const payments = new FakePaymentPort();
  const checkpoints = new TestCheckpoints();
  const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { braintree: payments }, world.keys, { checkpoints });
  const { customer, basket, command } = await world.aShopperAtPayment();
  return { ...world, payments, checkpoints, placeOrder, customer, basket, command };
}

/**
 * Places two shoppers' orders at once, both priced from the basket before either reserves (a
 * barrier after drafting): the order they reach the claims in is the one the race is about.
 */
async function placeAtOnce(world: Awaited<ReturnType<typeof setUp>>, shopper: Parameters<Awaited<ReturnType<typeof setUp>>['aShopperAtPayment']>[0] = {}) {
  const shoppers = await Promise.all([1, 2].map(() => world.aShopperAtPayment(shopper)));
  const drafted = world.checkpoints.gate('place-order:drafted', { parties: 2 });
  const results = await Promise.all(shoppers.map(({ command }) => world.placeOrder.execute(command)));
  expect(drafted.arrivals).toBe(2);
  return { placed: results.flatMap((result) => (result.ok ? [result.value.order] : [])), refused: results.flatMap((result) => (result.ok ? [] : [result.error])) };
}

/** The order number a failure names (the shopper's retry sends it back). */
const numberIn = (result: { ok: boolean; error?: { data?: Record<string, unknown> } }) => result.error?.data?.order_number as string;

describe('PlaceOrder', () => {
  it('charges the basket once and completes the order: paid, keys kept, basket closed, receipt queued', async () => {
    const { placeOrder, command, payments, orders, baskets, basket, paymentStates, customer } = await setUp();
    const placed = await placeOrder.execute(command);
    if (!placed.ok) throw placed.error;
    const order = placed.value.order;
    expect(order).toMatchObject({ status: 'paid', grossMinor: 4199, taxMinor: 700, currency: 'GBP', transactionId: 'txn-1', paymentAttempt: 1 });
    expect(placed.value.redirect).toBe(`/en-gb/order/${order.number}/`);
    expect(payments.charged.map((charge) => [charge.idempotencyKey, charge.amountMinor, charge.currency])).toEqual([[`${order.number}-1`, 4199, 'GBP']]);
    // The order answered is the one stored.
    expect(order).toEqual(await orders.find(order.number));
    const keys = await orders.productKeys(order.number);
    expect(keys).toHaveLength(1);
    expect(keys[0].key).toMatch(PRODUCT_KEY_PATTERN);
    expect(await baskets.find(basket.reference)).toBeNull();
    expect(await paymentStates.gatewayOf(basket.reference)).toBeNull();
    expect(orders.outbox).toHaveLength(1);
    expect(orders.outbox[0].to).toBe(customer.email);
    expect(orders.outbox[0].text).toContain(keys[0].key);
    // UK billing: the consent wording stays with the order.
    expect(order.withdrawalConsent).not.toBeNull();
  });

  it('answers a second placement of a paid basket with the order number, charging nothing more', async () => {
    const { placeOrder, command, payments } = await setUp();
    const first = await placeOrder.execute(command);
    const again = await placeOrder.execute(command);
    expect(!again.ok && again.error).toMatchObject({ code: ErrorCatalogue.ORDER_ALREADY_COMPLETE.code, data: { order_number: first.ok && first.value.order.number, charged: 'charged' } });
    expect(payments.charged).toHaveLength(1);
  });

  it('keeps the order number after a decline, says nothing was charged, and charges the retry once under the next attempt', async () => {
    const { placeOrder, command, payments, orders, baskets, basket } = await setUp();
    payments.declineNext = true;
    const declined = await placeOrder.execute(command);
    expect(!declined.ok && declined.error).toMatchObject({ code: 300011, data: { charged: 'not-charged' } });
    const number = numberIn(declined);
    expect((await orders.find(number))?.status).toBe('failed');
    expect(orders.failureOf(number)).toEqual({ code: 300011, reason: 'Do Not Honor' });
    // The basket is open to edits again.
    expect((await baskets.find(basket.reference))?.orderInFlight).toBeUndefined();

    const retried = await placeOrder.execute({ ...command, existingOrderNumber: number });
    if (!retried.ok) throw retried.error;
    expect(retried.value.order).toMatchObject({ number, status: 'paid', paymentAttempt: 2 });
    expect(payments.charged.map((charge) => charge.idempotencyKey)).toEqual([`${number}-2`]);
  });

  it('refuses a basket whose page is out of date before anything is reserved or charged', async () => {
    const { placeOrder, command, payments, orders, basket } = await setUp();
    const stale = await placeOrder.execute({ ...command, basketStaleHash: '0000000000000000' });
    expect(!stale.ok && stale.error.code).toBe(ErrorCatalogue.BASKET_STALE.code);
    expect(payments.charged).toHaveLength(0);
    expect(await orders.findByBasket(basket.reference)).toBeNull();
  });

  it('refuses a basket edited after it was priced for the order, charging nothing and leaving no order', async () => {
    const { placeOrder, command, payments, orders, baskets, basket, checkpoints } = await setUp();
    const drafted = checkpoints.gate('place-order:drafted');
    const placing = placeOrder.execute(command);
    await drafted.arrived();
    // Another tab changes the quantity while this one is about to reserve.
    expect(await baskets.save({ ...basket, version: basket.version + 1, lines: [{ ...basket.lines[0], quantity: 2 }] })).toBe(true);
    drafted.open();
    const result = await placing;
    expect(!result.ok && result.error).toMatchObject({ code: ErrorCatalogue.BASKET_STALE.code, data: { charged: 'not-charged' } });
    expect(payments.charged).toHaveLength(0);
    expect(await orders.findByBasket(basket.reference)).toBeNull();
  });

  it('leaves the order pending when the gateway does not answer, and the retry completes it without charging again', async () => {
    const { placeOrder, command, payments, orders } = await setUp();
    payments.loseAnswerAfterChargeOnce = true;
    const lost = await placeOrder.execute(command);
    expect(!lost.ok && lost.error).toMatchObject({ code: ErrorCatalogue.ORDER_FAILED_UNEXPECTEDLY.code, data: { charged: 'unknown' } });
    const number = numberIn(lost);
    expect((await orders.find(number))?.status).toBe('pending');
    expect(orders.outbox).toHaveLength(0);

    const retried = await placeOrder.execute({ ...command, existingOrderNumber: number });
    if (!retried.ok) throw retried.error;
    expect(retried.value.order).toMatchObject({ number, status: 'paid', transactionId: 'txn-1', paymentAttempt: 1 });
    expect(payments.charged).toHaveLength(1);
    expect(orders.outbox).toHaveLength(1);
  });

  it('makes one order and one charge of ten placements of one basket at once', async () => {
    const { placeOrder, command, payments, orders } = await setUp();
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder.execute(command)));
    const numbers = new Set(results.map((result) => (result.ok ? result.value.order.number : numberIn(result))));
    expect(numbers.size).toBe(1);
    expect(results.filter((result) => result.ok).length).toBeGreaterThan(0);
    for (const result of results) if (!result.ok) expect(result.error.code).toBe(ErrorCatalogue.ORDER_ALREADY_COMPLETE.code);
    expect(payments.charged).toHaveLength(1);
    expect(orders.outbox).toHaveLength(1);
  });

  // The interleaving a Postgres run of twenty placements at once met: one call looks at the basket,
  // another completes its order (spending the basket's payment state), then the first reads the
  // gateway decided for the basket and finds none. It is told the order is complete, with its number.
  it('answers a call that finds the payment state spent by a concurrent completion with the completed order', async () => {
    const world = await setUp();
    const { placeOrder, command, payments, paymentStates } = world;
    const gatewayOf = paymentStates.gatewayOf.bind(paymentStates);
    let other: Awaited<ReturnType<typeof placeOrder.execute>> | null = null;
    let raced = false;
    paymentStates.gatewayOf = async (reference: string) => {
      // Once, for the first call only: the other call runs to its end in between.
      if (!raced) {
        raced = true;
        other = await placeOrder.execute(command);
      }
      return gatewayOf(reference);
    };
    const late = await placeOrder.execute(command);
    const completed = other as Awaited<ReturnType<typeof placeOrder.execute>> | null;
    expect(completed?.ok).toBe(true);
    expect(!late.ok && late.error).toMatchObject({ code: ErrorCatalogue.ORDER_ALREADY_COMPLETE.code, data: { order_number: completed?.ok && completed.value.order.number, charged: 'charged' } });
    expect(payments.charged).toHaveLength(1);
  });

  it('refuses an order number that is not this basket’s and a gateway other than the one decided', async () => {
    const { placeOrder, command, payments, orders, basket } = await setUp();
    const foreign = await placeOrder.execute({ ...command, existingOrderNumber: 'AFS-99999999' });
    expect(!foreign.ok && foreign.error.code).toBe(ErrorCatalogue.ORDER_FAILED.code);
    const gateway = await placeOrder.execute({ ...command, gateway: 'digital-river' });
    expect(!gateway.ok && gateway.error.code).toBe(ErrorCatalogue.ORDER_FAILED.code);
    expect(payments.charged).toHaveLength(0);
    expect(await orders.findByBasket(basket.reference)).toBeNull();
  });

  it("refuses another shopper's basket, and a paid order without a billing address", async () => {
    const world = await setUp();
    const stranger = await world.aShopperAtPayment();
    const theirs = await world.placeOrder.execute({ ...world.command, customer: stranger.customer });
    expect(!theirs.ok && theirs.error.code).toBe(ErrorCatalogue.BASKET_NOT_FOUND.code);
    world.billing.addresses.delete(world.customer.id);
    const noAddress = await world.placeOrder.execute(world.command);
    expect(!noAddress.ok && noAddress.error.code).toBe(ErrorCatalogue.BILLING_ADDRESS_REQUIRED.code);
    expect(world.payments.charged).toHaveLength(0);
  });

  it('asks a UK shopper to consent to immediate supply before reserving anything', async () => {
    const { placeOrder, command, payments, orders, basket } = await setUp();
    const refused = await placeOrder.execute({ ...command, withdrawalConsent: false });
    expect(!refused.ok && refused.error).toMatchObject({ code: ErrorCatalogue.VALIDATION_FAILED.code, fields: { withdrawal_consent: [WITHDRAWAL_CONSENT_REQUIRED] } });
    expect(payments.charged).toHaveLength(0);
    expect(await orders.findByBasket(basket.reference)).toBeNull();
  });

  it('charges only the amount the page showed: another amount is refused as stale', async () => {
    const { placeOrder, command, payments } = await setUp();
    const other = await placeOrder.execute({ ...command, shownAmount: '41.98' });
    expect(!other.ok && other.error.code).toBe(ErrorCatalogue.BASKET_STALE.code);
    expect(payments.charged).toHaveLength(0);
    const shown = await placeOrder.execute({ ...command, shownAmount: '41.99' });
    expect(shown.ok).toBe(true);
  });

  it('gives the last use of a discount code to one of two shoppers paying at once; the other is charged nothing', async () => {
    const lastUse: DiscountCode = { code: 'LAST10', percentOff: 10, maxUses: 1, uses: 0, maxUsesPerCustomer: null, email: null, expiresAt: null, countryAccounts: null };
    const world = await setUp({ discountCodes: [lastUse] });
    const { placed, refused } = await placeAtOnce(world, { basket: { discountCode: 'LAST10' } });
    expect(placed).toHaveLength(1);
    expect(refused.map((error) => error.code)).toEqual([ErrorCatalogue.DISCOUNT_USAGE_LIMIT.code]);
    expect(world.payments.charged.map((charge) => charge.amountMinor)).toEqual([3779]);
    expect(world.discounts.codes[0].uses).toBe(1);
  });

  it('charges the merchant of record the total of its current checkout, and refuses a checkout that is not it', async () => {
    const world = await setUp();
    const reseller = new FakePaymentPort();
    const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { 'digital-river': reseller }, world.keys);
    const { basket, command } = await world.aShopperAtPayment({ gateway: 'digital-river' });
    expect(await world.paymentStates.saveCheckout(basket.reference, basket.version, aMorCheckout())).toBe(true);

    const expired = await placeOrder.execute({ ...command, checkoutId: 'checkout-0' });
    expect(!expired.ok && expired.error.code).toBe(ErrorCatalogue.MOR_CHECKOUT_EXPIRED.code);
    expect(reseller.charged).toHaveLength(0);

    const placed = await placeOrder.execute({ ...command, checkoutId: 'checkout-1' });
    if (!placed.ok) throw placed.error;
    expect(placed.value.order).toMatchObject({ status: 'paid', gateway: 'digital-river', netMinor: 3500, taxMinor: 700, grossMinor: 4200 });
    // The reseller's tax is its own: no rate is kept on the lines.
    expect(placed.value.order.lines[0].taxRateBasisPoints).toBeUndefined();
    expect(reseller.charged.map((charge) => [charge.amountMinor, charge.checkoutId])).toEqual([[4200, 'checkout-1']]);
  });

  it('fails the order, charging nothing, when the decided gateway has no adapter', async () => {
    const world = await setUp();
    const { basket, command } = await world.aShopperAtPayment({ gateway: 'digital-river' });
    await world.paymentStates.saveCheckout(basket.reference, basket.version, aMorCheckout());
    const result = await world.placeOrder.execute({ ...command, checkoutId: 'checkout-1' });
    expect(!result.ok && result.error).toMatchObject({ code: ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code, data: { charged: 'not-charged' } });
    expect((await world.orders.find(numberIn(result)))?.status).toBe('failed');
    expect(world.payments.charged).toHaveLength(0);
  });

  it('places an order with nothing to pay without a gateway or a billing address', async () => {
    const free: DiscountCode = { code: 'FREE', percentOff: 100, maxUses: null, uses: 0, maxUsesPerCustomer: null, email: null, expiresAt: null, countryAccounts: null };
    const world = await setUp({ discountCodes: [free] });
    const { customer, command } = await world.aShopperAtPayment({ basket: { discountCode: 'FREE' }, gateway: 'complimentary' });
    world.billing.addresses.delete(customer.id);
    // A paying gateway is refused for an order that costs nothing.
    const paying = await world.placeOrder.execute({ ...command, gateway: 'braintree' });
    expect(!paying.ok && paying.error.code).toBe(ErrorCatalogue.ORDER_FAILED.code);

    const placed = await world.placeOrder.execute({ ...command, paymentToken: null });
    if (!placed.ok) throw placed.error;
    expect(placed.value.order).toMatchObject({ status: 'paid', grossMinor: 0, transactionId: null, billingAddress: null, withdrawalConsent: null });
    expect(await world.orders.productKeys(placed.value.order.number)).toHaveLength(1);
    expect(world.payments.charged).toHaveLength(0);
  });

  it('gives a discount use back when the charge is declined', async () => {
    const code: DiscountCode = { code: 'ONCE', percentOff: 10, maxUses: 1, uses: 0, maxUsesPerCustomer: null, email: null, expiresAt: null, countryAccounts: null };
    const world = await setUp({ discountCodes: [code] });
    const { command } = await world.aShopperAtPayment({ basket: { discountCode: 'ONCE' } });
    world.payments.declineNext = true;
    const declined = await world.placeOrder.execute(command);
    expect(declined.ok).toBe(false);
    expect(world.discounts.codes[0].uses).toBe(0);
  });

  it('sells the last unit of a limited product to one of two shoppers paying at once, and takes it back on a decline', async () => {
    const unitsLeft = new Map([['photo-2-macos', 1]]);
    const world = await setUp({ unitsLeft });
    world.payments.declineNext = true;
    const { refused } = await placeAtOnce(world);
    // One reserved the unit and was declined; the other found it gone.
    expect(refused.map((error) => error.code).sort()).toEqual([ErrorCatalogue.PRODUCT_SOLD_OUT.code, 300011]);
    expect(unitsLeft.get('photo-2-macos')).toBe(1);
    expect(world.payments.charged).toHaveLength(0);
  });

  it('pays part with a voucher, and refuses as stale a voucher another order spent meanwhile, charging nothing', async () => {
    const world = await setUp();
    world.vouchers.vouchers.push({
      code: 'GIFT10',
      currency: 'GBP',
      initialMinor: 1000,
      balanceMinor: 1000,
      expiresAt: null,
      maxUsesPerCustomer: null,
      countryAccounts: null,
      email: null,
      newCustomersOnly: false,
    });
    // Both pages priced the basket with the whole voucher before either order took it.
    const { placed, refused } = await placeAtOnce(world, { basket: { voucherCode: 'GIFT10' } });
    expect(placed).toMatchObject([{ voucherCode: 'GIFT10', voucherMinor: 1000, voucherBalanceLeftMinor: 0 }]);
    expect(refused.map((error) => error.code)).toEqual([ErrorCatalogue.BASKET_STALE.code]);
    expect(world.payments.charged.map((charge) => charge.amountMinor)).toEqual([3199]);
    expect(world.vouchers.vouchers[0].balanceMinor).toBe(0);
  });

  it('gives the voucher its amount back when the charge is declined', async () => {
    const world = await setUp();
    world.vouchers.vouchers.push({ code: 'GIFT5', currency: 'GBP', initialMinor: 500, balanceMinor: 500, expiresAt: null, maxUsesPerCustomer: 1, countryAccounts: null, email: null, newCustomersOnly: false });
    const { command } = await world.aShopperAtPayment({ basket: { voucherCode: 'GIFT5' } });
    world.payments.declineNext = true;
    expect((await world.placeOrder.execute(command)).ok).toBe(false);
    expect(world.vouchers.vouchers[0].balanceMinor).toBe(500);
    expect(world.vouchers.redemptions).toEqual([]);
  });

  describe('with a boxed product that is posted and comes with a bonus download', () => {
    const boxed = aSuite({
      reference: 'boxed',
      name: 'Boxed set',
      requiresShipping: true,
      products: [aProduct({ reference: 'boxed-set', name: 'Boxed set', choice: { name: 'Box', synonym: 'box' } })],
      productsIncluded: [aProduct({ reference: 'photo-2-ipados', name: 'Photo 2 for iPad', choice: { name: 'iPad', synonym: 'ipad' } })],
    });

    async function boxedSetUp() {
      const world = aCheckoutWorld({ catalogue: new InMemoryCatalogue(new Map([['GB', [aSuite(), boxed]]]), [GB_ACCOUNT]) });
      const payments = new FakePaymentPort();
      const shipping = new InMemoryShippingAddresses();
      const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { braintree: payments }, world.keys, { shipping });
      const line = { reference: 'line-1', suiteReference: 'boxed', productReference: 'boxed-set', quantity: 2, quantityLocked: false };
      const shopper = await world.aShopperAtPayment({ basket: { lines: [line] } });
      return { ...world, ...shopper, payments, shipping, placeOrder };
    }

    it('orders the bonus product free beside the line, with a key for each', async () => {
      const { placeOrder, command, shipping, orders, customer } = await boxedSetUp();
      await shipping.save(customer.id, { sameAsBilling: true });
      const placed = await placeOrder.execute(command);
      if (!placed.ok) throw placed.error;
      expect(placed.value.order.lines.map((line) => [line.productReference, line.quantity, line.totalMinor, line.isBonus])).toEqual([
        ['boxed-set', 2, 8398, false],
        ['photo-2-ipados', 2, 0, true],
      ]);
      expect(await orders.productKeys(placed.value.order.number)).toHaveLength(2);
    });

    it('posts it to the address chosen, kept on the order before the charge', async () => {
      const { placeOrder, command, shipping, customer } = await boxedSetUp();
      const home = aShippingAddress({ line1: '2 Low Road' });
      await shipping.save(customer.id, { sameAsBilling: false, address: home });
      const placed = await placeOrder.execute(command);
      if (!placed.ok) throw placed.error;
      expect(placed.value.order.shippingAddress).toEqual(home);
      expect(shipping.orderAddresses.get(placed.value.order.number)).toEqual(home);
    });

    it('needs somewhere to post it, and refuses a country other than the one it was priced for', async () => {
      const { placeOrder, command, shipping, customer, payments, orders, basket } = await boxedSetUp();
      const none = await placeOrder.execute(command);
      expect(!none.ok && none.error.code).toBe(ErrorCatalogue.SHIPPING_ADDRESS_REQUIRED.code);
      await shipping.save(customer.id, { sameAsBilling: false, address: aShippingAddress({ country: 'FR' }) });
      const abroad = await placeOrder.execute(command);
      expect(!abroad.ok && abroad.error.code).toBe(ErrorCatalogue.SHIPPING_COUNTRY_CHANGED.code);
      expect(payments.charged).toHaveLength(0);
      expect(await orders.findByBasket(basket.reference)).toBeNull();
    });

    it('takes the billing address as the delivery choice when the page asks so', async () => {
      const { placeOrder, command, shipping, customer } = await boxedSetUp();
      const placed = await placeOrder.execute({ ...command, updateShippingAddress: true });
      expect(placed.ok && placed.value.order.shippingAddress?.line1).toBe(aBillingAddress().line1);
      expect(await shipping.find(customer.id)).toEqual({ sameAsBilling: true });
    });
  });
});
