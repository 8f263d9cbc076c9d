import { CARD_GATEWAY, COMPLIMENTARY_GATEWAY, ErrorCatalogue, MERCHANT_OF_RECORD_GATEWAY } from '@store/domain';
import { cardSalesFor, storeWithCardSandbox } from '../testing/card-store';
import { payByCard, payThroughMerchantOfRecord, shopperReadyToPay, type Shopper } from '../testing/shopper';

// What each gateway charges with must come with PLACE_ORDER (its descriptor says what): without it
// the order is refused with the spec's message before anything is reserved or charged.

const store = storeWithCardSandbox();

const MISSING = { success: false, code: 300023, message: 'One or more required fields were missing' };

async function expectNothingPlaced(shopper: Shopper) {
  const rows = await store.t.db.dataSource.query('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);
  expect(rows).toEqual([{ n: 0 }]);
  expect(await cardSalesFor(store, shopper)).toEqual([]);
}

describe('PLACE_ORDER without what the gateway charges with', () => {
  it.each<[string, Record<string, unknown>]>([
    ['no nonce', { token: undefined }],
    ['an empty nonce', { token: '' }],
  ])('the card gateway with %s is refused, nothing reserved', async (_name, change) => {
    const shopper = await shopperReadyToPay(store.t);
    const placed = await payByCard(store.t, shopper, { gateway: CARD_GATEWAY.key, ...change });
    expect(placed.body).toMatchObject(MISSING);
    await expectNothingPlaced(shopper);
  });

  it.each<[string, string, string]>([
    ['no checkout', '', 'source-1'],
    ['no source', 'checkout-1', ''],
  ])('the merchant of record with %s is refused, nothing reserved', async (_name, checkoutId, sourceId) => {
    const shopper = await shopperReadyToPay(store.t);
    const placed = await payThroughMerchantOfRecord(store.t, shopper, checkoutId, sourceId, { gateway: MERCHANT_OF_RECORD_GATEWAY.key });
    expect(placed.body).toMatchObject(MISSING);
    await expectNothingPlaced(shopper);
  });

  it('a complimentary order needs neither: it is judged on its basket instead (this one has something to pay)', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const placed = await payByCard(store.t, shopper, { gateway: COMPLIMENTARY_GATEWAY.key, token: undefined });
    expect(placed.body).toMatchObject({ success: false, code: ErrorCatalogue.ORDER_FAILED.code });
    await expectNothingPlaced(shopper);
  });
});
