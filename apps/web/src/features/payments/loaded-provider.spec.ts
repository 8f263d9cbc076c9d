import { CARD_GATEWAY, MERCHANT_OF_RECORD_GATEWAY } from '@store/domain';
import { gatewayChangeReloads, loadedProvider, needsReloadFor, providerLoading, reloadForGateway } from './loaded-provider';

const CARD = CARD_GATEWAY.key;
const RESELLER = MERCHANT_OF_RECORD_GATEWAY.key;

describe('gatewayChangeReloads', () => {
  it('reloads when billing moves the basket from one provider to the other, both ways', () => {
    expect(gatewayChangeReloads(CARD, RESELLER)).toBe(true);
    expect(gatewayChangeReloads(RESELLER, CARD)).toBe(true);
  });

  it('does not reload for the same provider, a complimentary order, no gateway, or before any provider loaded', () => {
    expect(gatewayChangeReloads(CARD, CARD)).toBe(false);
    expect(gatewayChangeReloads(RESELLER, RESELLER)).toBe(false);
    expect(gatewayChangeReloads(CARD, 'complimentary')).toBe(false);
    expect(gatewayChangeReloads(RESELLER, null)).toBe(false);
    expect(gatewayChangeReloads(null, RESELLER)).toBe(false);
    expect(gatewayChangeReloads(null, CARD)).toBe(false);
  });
});

describe("the page's provider", () => {
  it('is the first one loaded, and stays so', () => {
    expect(loadedProvider()).toBeNull();
    expect(needsReloadFor(RESELLER)).toBe(false);
    providerLoading(RESELLER);
    providerLoading(CARD);
    expect(loadedProvider()).toBe(RESELLER);
    expect(needsReloadFor(CARD)).toBe(true);
    expect(needsReloadFor('complimentary')).toBe(false);
  });

  it('reloads at the same address with the account type kept confirmed, in place of this page in the history', () => {
    const replaced: string[] = [];
    reloadForGateway({ href: 'https://store.example/en-gb/checkout/?ref=abc', replace: (url: string | URL) => void replaced.push(String(url)) });
    expect(replaced).toEqual(['https://store.example/en-gb/checkout/?ref=abc&stage=billing']);
  });
});
