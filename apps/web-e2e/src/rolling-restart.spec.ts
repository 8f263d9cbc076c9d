import { agreeToImmediateSupply, challenge, enterCard, expect, expectConfirmation, openPayment, shopperAtPayment, test } from './card-gateway';
import { XHR } from './support';
import { balancerLog, basketReference, CONTROL_URL, instances, ordersInDatabase, watchLandings } from './two-instances';

// A rolling restart as an orchestrator does it: one instance gets SIGTERM in the middle of a
// shopper's checkout, drains (new connections refused, so nginx sends them to the other instance;
// requests in progress answered) and exits, then is started again, while the shopper carries on,
// pays and another tab keeps reading. Nothing nginx accepted is lost, and one order is placed.

test('an instance stopped and started again mid-checkout: every request answered, one order placed, no error shown', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { landings, unanswered } = watchLandings(page, baseURL as string);
  const logBefore = (await balancerLog(page.request)).length;
  const restarted = (await instances(page.request)).find((instance) => instance.name === 'b');
  expect(restarted?.running).toBe(true);

  await shopperAtPayment(page);
  const basket = await basketReference(page.request);
  const payment = await openPayment(page);

  // Another tab of the same shopper reads the session over and over across the whole restart.
  let reading = true;
  const reads: number[] = [];
  const readFailures: string[] = [];
  const otherTab = (async () => {
    while (reading) {
      try {
        reads.push((await page.request.get('/data/session/', { headers: XHR })).status());
      } catch (error) {
        readFailures.push(String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();

  // SIGTERM to instance b while the shopper types the card; the control answers once b has exited.
  const stopping = page.request.post(`${CONTROL_URL}/instances/b/stop`, { timeout: 30_000 });
  await enterCard(page, { number: '4000000000001091' });
  const stopped = await (await stopping).json();
  // It drained and exited by itself (exit 0), well within its drain bound, not killed.
  expect(stopped).toMatchObject({ name: 'b', running: false, code: 0, signal: null });
  expect(stopped.ms).toBeLessThan(8_000);

  // Started again while the shopper pays, with a 3-D Secure challenge on the way.
  const starting = page.request.post(`${CONTROL_URL}/instances/b/start`, { timeout: 60_000 });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
  const orderNumber = await expectConfirmation(page);
  expect((await starting).ok()).toBe(true);
  // Back in the rotation: nginx sends requests to b again.
  await expect
    .poll(async () => (await page.request.get('/health/ready')).headers()['x-upstream']?.split(',').at(-1)?.trim(), { timeout: 15_000 })
    .toBe(restarted?.upstream);
  reading = false;
  await otherTab;

  // Every request the page and the other tab sent was answered, none with a server error.
  expect(readFailures).toEqual([]);
  expect(reads.length).toBeGreaterThan(10);
  expect(reads.filter((status) => status !== 200)).toEqual([]);
  expect(unanswered).toEqual([]);
  expect(landings.filter((landing) => landing.status >= 500)).toEqual([]);
  // nginx's own log of the same time: nothing it accepted ended in a gateway error.
  const lines = (await balancerLog(page.request)).slice(logBefore).split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(reads.length);
  expect(lines.filter((line) => /" (502|503|504) upstream=/.test(line))).toEqual([]);
  // Some request met b stopped and went to a instead (b first in X-Upstream, a answering).
  expect(lines.some((line) => line.includes(`upstream=${restarted?.upstream}, `))).toBe(true);

  // Exactly one order for the basket, the one the shopper was shown.
  const placed = (await ordersInDatabase(page.request)).filter((order) => order.basket_reference === basket);
  expect(placed.map((order) => order.number)).toEqual([orderNumber.trim()]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
