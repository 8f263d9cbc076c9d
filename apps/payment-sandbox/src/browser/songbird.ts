/*
 * Ours, not Cardinal's: the payment sandbox's stand-in for Cardinal Commerce's Songbird script
 * (window.Cardinal), which braintree-web's 3-D Secure module loads from the gateway configuration's
 * cardinalSongbirdUrl. braintree-web's own Songbird code drives it unchanged. A challenge shows the
 * sandbox's challenge page in a dialog over the merchant's page.
 */
import { isChallengeResult } from './three-d-secure-message';

type Listener = (...args: unknown[]) => void;

interface ContinueData {
  readonly AcsUrl?: string;
  readonly Payload?: string;
}

interface OrderData {
  readonly OrderDetails?: { readonly TransactionId?: string };
}

const listeners = new Map<string, Listener[]>();
// The challenge page is served from where this script came from; only its messages count.
const assetsOrigin = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href).origin;

function emit(event: string, ...args: unknown[]): void {
  for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function styled<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element.style, style);
  return element;
}

function showChallenge(acsUrl: string, transactionId: string): void {
  const source = new URL(acsUrl);
  source.searchParams.set('parentOrigin', location.origin);
  const overlay = styled('div', { position: 'fixed', inset: '0', zIndex: '2147483647', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(0, 0, 0, 0.6)' });
  overlay.setAttribute('data-payment-sandbox', 'three-d-secure-challenge');
  const dialog = styled('div', { background: '#fff', borderRadius: '4px', maxWidth: 'calc(100vw - 2rem)' });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', '3-D Secure challenge');
  const frame = styled('iframe', { display: 'block', width: '400px', maxWidth: '100%', height: '420px', border: '0' });
  frame.title = '3-D Secure challenge';
  frame.src = source.href;
  frame.addEventListener('load', () => frame.focus(), { once: true });

  // Keyboard users land back where they were once the dialog goes.
  const previouslyFocused = document.activeElement;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== assetsOrigin || event.source !== frame.contentWindow) return;
    if (!isChallengeResult(event.data) || event.data.transactionId !== transactionId) return;
    window.removeEventListener('message', onMessage);
    overlay.remove();
    if (previouslyFocused instanceof HTMLElement) previouslyFocused.focus();
    emit('ui.close');
    emit('payments.validated', event.data.data, event.data.jwt);
  };
  window.addEventListener('message', onMessage);
  dialog.append(frame);
  overlay.append(dialog);
  document.body.append(overlay);
  emit('ui.render');
}

const Cardinal = {
  configure(): void {
    // Logging and display options change nothing in the sandbox.
  },
  on(event: string, listener: Listener): void {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
  },
  /** Without a listener, removes them all (braintree-web tears down that way). */
  off(event: string, listener?: Listener): void {
    listeners.set(event, listener ? (listeners.get(event) ?? []).filter((entry) => entry !== listener) : []);
  },
  setup(kind: string): void {
    if (kind !== 'init') return;
    // Device data collection: the session id braintree-web sends to the lookup as dfReferenceId.
    setTimeout(() => emit('payments.setupComplete', { sessionId: `sandbox_${randomId()}`, modules: [{ module: 'CCA', loaded: true }] }), 0);
  },
  trigger(event: string): Promise<unknown> {
    return Promise.resolve(event === 'bin.process' ? { Status: true } : undefined);
  },
  continue(kind: string, data: ContinueData, order: OrderData): void {
    const transactionId = order?.OrderDetails?.TransactionId;
    if (kind !== 'cca' || !data?.AcsUrl || !transactionId) {
      emit('payments.validated', { Validated: false, ActionCode: 'ERROR', ErrorNumber: 10006, ErrorDescription: 'Continue needs an AcsUrl and a TransactionId.' }, undefined);
      return;
    }
    showChallenge(data.AcsUrl, transactionId);
  },
};

declare global {
  interface Window {
    Cardinal?: typeof Cardinal;
  }
}

window.Cardinal = Cardinal;
