import { aCheckoutWorld, anOrderIn, anOrderLine, aShopper } from '../testing';
import { GetDownload } from './get-download.use-case';

const NO_DOWNLOAD = ['NOT_FOUND', 'There is no such download in your account'];

describe('GetDownload', () => {
  it('gives the owner of a paid order the line at the position asked for', async () => {
    const world = aCheckoutWorld();
    const shopper = aShopper();
    const lines = [anOrderLine(), anOrderLine({ productReference: 'photo-2-windows', productName: 'Photo 2 for Windows' })];
    const { order } = await anOrderIn(world, shopper, 'paid', { lines });

    const download = await new GetDownload(world.orders).execute(shopper, order.number, 1);

    expect(download.ok && [download.value.order.number, download.value.line.productReference]).toEqual([order.number, 'photo-2-windows']);
  });

  it.each([
    ['past the last line', 'paid', 1],
    ['before the order is paid', 'pending', 0],
  ] as const)('has nothing to download %s', async (_, outcome, position) => {
    const world = aCheckoutWorld();
    const shopper = aShopper();
    const { order } = await anOrderIn(world, shopper, outcome);
    const download = await new GetDownload(world.orders).execute(shopper, order.number, position);
    expect(!download.ok && [download.error.errorName, download.error.message]).toEqual(NO_DOWNLOAD);
  });

  it('keeps downloads to the order’s owner', async () => {
    const world = aCheckoutWorld();
    const { order } = await anOrderIn(world, aShopper(), 'paid');
    const download = await new GetDownload(world.orders).execute(aShopper(), order.number, 0);
    expect(!download.ok && download.error.message).toBe('There is no such order in your account');
    const signedOut = await new GetDownload(world.orders).execute(null, order.number, 0);
    expect(!signedOut.ok && signedOut.error.errorName).toBe('SESSION_EXPIRED');
  });
});
