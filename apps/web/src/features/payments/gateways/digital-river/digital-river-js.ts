/**
 * What the page uses of DigitalRiver.js (the merchant of record's browser library, loaded from the
 * set-up's mor_script_url: the provider's https://js.digitalriverws.com/v1/DigitalRiver.js or the
 * payment sandbox's stand-in): the drop-in and the tax identifier element.
 */
import { MERCHANT_OF_RECORD_GATEWAY } from '@store/domain';
import { DEFAULT_LOAD_LIMIT_MS, LoadLimitError } from '../../load-limit';
import { providerLoading } from '../../loaded-provider';
import { stylesheetUrlFor } from './merchant-of-record-rules';

export interface DropInSuccess {
  readonly source: { readonly id: string; readonly [key: string]: unknown };
  readonly readyForStorage?: boolean;
}

export interface DropInConfiguration {
  readonly sessionId: string;
  readonly options: Record<string, unknown>;
  readonly billingAddress?: Record<string, unknown>;
  readonly onSuccess: (data: DropInSuccess) => void;
  readonly onError: (data: { readonly errors?: readonly { readonly code?: string; readonly message?: string }[] }) => void;
  readonly onCancel: (data: unknown) => void;
  readonly onReady: (data: unknown) => void;
}

export interface DropIn {
  mount(containerId: string): void;
  unmount?(): void;
  destroy?(): void;
}

export interface TaxIdentifierElement {
  on(event: 'ready' | 'change' | 'focus' | 'blur', handler: (event: Record<string, unknown>) => void): unknown;
  mount(containerId: string): void;
  unmount?(): void;
  destroy?(): void;
}

export interface DigitalRiverClient {
  createDropin(configuration: DropInConfiguration): DropIn;
  createElement(type: 'taxidentifier', options: { readonly taxIdentifier: { readonly sessionId: string } }): TaxIdentifierElement;
}

type DigitalRiverConstructor = new (publicApiKey: string, options: { readonly locale: string }) => DigitalRiverClient;

declare global {
  interface Window {
    DigitalRiver?: DigitalRiverConstructor;
  }
}

const loading = new Map<string, Promise<void>>();
/** How many times each address failed or timed out in this page: the next try asks for it afresh. */
const failures = new Map<string, number>();

/**
 * The address to ask for: the script's own, or after a failure one with a retry query, so that the
 * browser neither waits on the hung request nor answers from a failed one (the providers ignore it).
 */
export function freshScriptUrl(url: string, failed: number): string {
  if (failed === 0) return url;
  const fresh = new URL(url, document.baseURI);
  fresh.searchParams.set('retry', String(failed));
  return fresh.toString();
}

/**
 * Adds the script (once per address: later calls share the first load). A load that fails or takes
 * longer than the limit (spec 2 §9) is taken off the page, and the next call tries again afresh.
 */
export function loadScriptOnce(url: string, timeoutMs = DEFAULT_LOAD_LIMIT_MS): Promise<void> {
  const known = loading.get(url);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => fail(new LoadLimitError(url, timeoutMs)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      loading.delete(url);
      failures.set(url, (failures.get(url) ?? 0) + 1);
      reject(error);
    };
    script.src = freshScriptUrl(url, failures.get(url) ?? 0);
    script.async = true;
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => fail(new Error(`Could not load ${url}`)));
    document.head.append(script);
  });
  loading.set(url, load);
  return load;
}

/** The library's stylesheet, beside the script (added once). */
function addStylesheet(scriptUrl: string): void {
  const href = stylesheetUrlFor(scriptUrl);
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}

/** Loads DigitalRiver.js (within the limit, spec 2 §9) and makes a client with the public key and the shopper's locale (e.g. en-GB). */
export async function loadDigitalRiver(scriptUrl: string, publicApiKey: string, locale: string, loadLimitMs = DEFAULT_LOAD_LIMIT_MS): Promise<DigitalRiverClient> {
  providerLoading(MERCHANT_OF_RECORD_GATEWAY.key);
  addStylesheet(scriptUrl);
  await loadScriptOnce(scriptUrl, loadLimitMs);
  const DigitalRiver = window.DigitalRiver;
  if (!DigitalRiver) throw new Error('DigitalRiver.js did not load');
  return new DigitalRiver(publicApiKey, { locale });
}

/** Takes a drop-in or element off the page, whichever way this version of the library offers. */
export function release(component: { unmount?(): void; destroy?(): void } | null): void {
  if (!component) return;
  try {
    if (component.destroy) component.destroy();
    else component.unmount?.();
  } catch {
    // Already gone with its container.
  }
}
