import type { PaymentGateway } from '@store/domain';

/** The gateways whose own browser code the page loads; a complimentary order loads none. */
export type ScriptProvider = Exclude<PaymentGateway, 'complimentary'>;

/**
 * Spec 2 §4: one provider's scripts never share a page with the other's. The first provider whose
 * code this page loaded is the page's for good; a gateway decision naming the other one reloads the
 * page. No provider loaded yet, the same one, a complimentary order or no gateway at all: no reload.
 */
export function gatewayChangeReloads(firstLoaded: ScriptProvider | null, next: PaymentGateway | null): boolean {
  return firstLoaded !== null && next !== null && next !== 'complimentary' && next !== firstLoaded;
}

// One page, one record: a reload starts it afresh.
let firstLoaded: ScriptProvider | null = null;

/** Called just before a provider's code is first asked for; later calls do not change the page's provider. */
export function providerLoading(provider: ScriptProvider): void {
  firstLoaded ??= provider;
}

/** The provider whose code this page has loaded, if any. */
export function loadedProvider(): ScriptProvider | null {
  return firstLoaded;
}

/** Whether moving to this gateway needs a fresh page (see gatewayChangeReloads). */
export function needsReloadFor(gateway: PaymentGateway | null): boolean {
  return gatewayChangeReloads(firstLoaded, gateway);
}

/**
 * A fresh page at the same checkout address. The journey lives on the server (billing, the gateway
 * the basket now takes), so the new page opens at payment; stage=billing keeps the account type
 * confirmed as it was on this page (spec 2 §2).
 */
export function reloadForGateway(location: Pick<Location, 'href' | 'replace'> = window.location): void {
  const url = new URL(location.href);
  url.searchParams.set('stage', 'billing');
  location.replace(url.toString());
}
