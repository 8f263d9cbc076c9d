import { agreeToImmediateSupply, challenge, enterCard, expect, expectConfirmation, openPayment, shopperAtPayment, test } from './card-gateway';
import { basketReference, instances, ordersInDatabase, ordersPlacedMetric, watchLandings } from './two-instances';

// The store behind nginx balancing over two API instances with no stickiness: one shopper's steps
// land on both, and the journey works because everything a step needs is in the shared database
// and the shared secrets, not in one process's memory.

test('a card payment with a 3-D Secure challenge lands its steps on both instances, and places one order', async ({ page, baseURL }) => {
  const { landings, unanswered } = watchLandings(page, baseURL as string);
  const placedBefore = await ordersPlacedMetric(page.request);
  await shopperAtPayment(page);
  const basket = await basketReference(page.request);
  const payment = await openPayment(page);
  await enterCard(page, { number: '4000000000001091' });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
  const orderNumber = await expectConfirmation(page);

  const both = (await instances(page.request)).map((instance) => instance.upstream);
  expect(both).toHaveLength(2);
  const answeredBy = new Set(landings.map((landing) => landing.upstream));
  expect([...answeredBy].sort()).toEqual([...both].sort());
  // The data calls were shared out too, not only the page's files.
  const dataCalls = new Set(landings.filter((landing) => new URL(landing.url).pathname.startsWith('/data/')).map((landing) => landing.upstream));
  expect([...dataCalls].sort()).toEqual([...both].sort());
  expect(landings.filter((landing) => landing.status >= 500)).toEqual([]);
  expect(unanswered).toEqual([]);

  const placed = (await ordersInDatabase(page.request)).filter((order) => order.basket_reference === basket);
  expect(placed.map((order) => order.number)).toEqual([orderNumber.trim()]);

  // Operations see it too: the instance that placed it counted a card order through Braintree (other
  // journeys of this project may be paying at the same time, so at least this one).
  const card = '{gateway="braintree",method="card"}';
  const placedAfter = await ordersPlacedMetric(page.request);
  expect((placedAfter.get(card) ?? 0) - (placedBefore.get(card) ?? 0), [...placedAfter].join('; ')).toBeGreaterThanOrEqual(1);
});
