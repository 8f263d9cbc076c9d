import { gatewayChangeReloads, loadedProvider, needsReloadFor, providerLoading, reloadForGateway } from './loaded-provider';

describe('gatewayChangeReloads', () => {
  it('reloads when billing moves the basket from one provider to the other, both ways', () => {
    expect(gatewayChangeReloads('braintree', 'digital-river')).toBe(true);
    expect(gatewayChangeReloads('digital-river', 'braintree')).toBe(true);
  });

  it('does not reload for the same provider, a complimentary order, no gateway, or before any provider loaded', () => {
    expect(gatewayChangeReloads('braintree', 'braintree')).toBe(false);
    expect(gatewayChangeReloads('digital-river', 'digital-river')).toBe(false);
    expect(gatewayChangeReloads('braintree', 'complimentary')).toBe(false);
    expect(gatewayChangeReloads('digital-river', null)).toBe(false);
    expect(gatewayChangeReloads(null, 'digital-river')).toBe(false);
    expect(gatewayChangeReloads(null, 'braintree')).toBe(false);
  });
});

describe("the page's provider", () => {
  it('is the first one loaded, and stays so', () => {
    expect(loadedProvider()).toBeNull();
    expect(needsReloadFor('digital-river')).toBe(false);
    providerLoading('digital-river');
    providerLoading('braintree');
    expect(loadedProvider()).toBe('digital-river');
    expect(needsReloadFor('braintree')).toBe(true);
    expect(needsReloadFor('complimentary')).toBe(false);
  });

  it('reloads at the same address with the account type kept confirmed, in place of this page in the history', () => {
    const replaced: string[] = [];
    reloadForGateway({ href: 'https://store.example/en-gb/checkout/?ref=abc', replace: (url: string | URL) => void replaced.push(String(url)) });
    expect(replaced).toEqual(['https://store.example/en-gb/checkout/?ref=abc&stage=billing']);
  });
});
