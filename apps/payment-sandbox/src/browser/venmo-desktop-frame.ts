/*
 * Ours, not the provider's: the payment sandbox's stand-in for braintree-web's Venmo desktop frame
 * (`{assetsUrl}/web/{version}/html/venmo-desktop-frame.html#{environment}_{channel}`), which is not
 * published. braintree-web's venmo module (venmo/external/venmo-desktop.js) creates and polls the
 * payment context itself and tells this frame, over framebus, what to show: the QR code for a
 * context, the scanned state ('Authorize on your Venmo app'), the approval, or an error message.
 * The frame answers with ready, the payer's cancel (closing the dialog) and a request for a new
 * QR code after an error. The QR code opens the sandbox's Venmo app page for the context.
 */
import Framebus from 'framebus';
import QRCode from 'qrcode';

const EVENTS = {
  ready: 'VENMO_DESKTOP_IFRAME_READY',
  displayQrCode: 'VENMO_DESKTOP_DISPLAY_QR_CODE',
  authorizing: 'VENMO_DESKTOP_AUTHORIZING',
  authorize: 'VENMO_DESKTOP_AUTHORIZE',
  displayError: 'VENMO_DESKTOP_DISPLAY_ERROR',
  closedFromParent: 'VENMO_DESKTOP_CLOSED_FROM_PARENT',
  customerCanceled: 'VENMO_DESKTOP_CUSTOMER_CANCELED',
  requestNewQrCode: 'VENMO_DESKTOP_REQUEST_NEW_QR_CODE',
} as const;

/** The sandbox's Venmo app page for a payment context (what a phone would open by scanning). */
export const appPageUrl = (id: string) => `${location.origin}/__sandbox/venmo-app?context=${encodeURIComponent(id)}`;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text) made.textContent = text;
  return made;
}

function start(): void {
  const channel = location.hash.slice(1).split('_').slice(1).join('_');
  if (!channel) return;
  const bus = new Framebus({ channel });

  const dialog = element('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'venmo-title', class: 'dialog' });
  const title = element('h1', { id: 'venmo-title' }, 'Pay with Venmo');
  const message = element('p', { id: 'venmo-message', role: 'status' }, 'Generating a QR code, get your Venmo app ready');
  const code = element('img', { id: 'venmo-qr-code', alt: '', width: '200', height: '200', hidden: '' });
  const appLink = element('a', { id: 'venmo-app-link', target: '_blank', rel: 'noopener', hidden: '' }, 'Open the Venmo app (payment sandbox)');
  const retry = element('button', { type: 'button', id: 'venmo-retry', hidden: '' }, 'Try again');
  const close = element('button', { type: 'button', id: 'venmo-close' }, 'Cancel');
  const actions = element('div', { class: 'actions' });
  actions.append(retry, close);
  dialog.append(title, message, code, appLink, actions);
  document.body.append(dialog);

  let codeFor = '';
  const show = (text: string, view: 'loading' | 'code' | 'scanned' | 'done' | 'error') => {
    message.textContent = text;
    code.hidden = view !== 'code';
    appLink.hidden = view !== 'code' && view !== 'scanned';
    retry.hidden = view !== 'error';
  };
  const reset = () => {
    codeFor = '';
    show('Generating a QR code, get your Venmo app ready', 'loading');
  };

  bus.on(EVENTS.displayQrCode, (data) => {
    const { id } = (data ?? {}) as { id?: string };
    if (!id) return;
    codeFor = id;
    appLink.setAttribute('href', appPageUrl(id));
    code.setAttribute('alt', 'QR code to scan with your Venmo app');
    show('To scan the QR code, open your Venmo app', 'code');
    void QRCode.toDataURL(appPageUrl(id), { width: 200, margin: 1 }).then((url) => {
      if (codeFor === id) code.setAttribute('src', url);
    });
    close.focus();
  });
  bus.on(EVENTS.authorizing, () => show('Authorize on your Venmo app', 'scanned'));
  bus.on(EVENTS.authorize, () => show('Venmo account authorized', 'done'));
  bus.on(EVENTS.displayError, (data) => {
    const { message: text } = (data ?? {}) as { message?: string };
    show(text || 'Something went wrong', 'error');
    retry.focus();
  });
  bus.on(EVENTS.closedFromParent, reset);

  retry.addEventListener('click', () => {
    reset();
    bus.emit(EVENTS.requestNewQrCode);
  });
  const cancel = () => {
    reset();
    bus.emit(EVENTS.customerCanceled);
  };
  close.addEventListener('click', cancel);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
  });

  bus.emit(EVENTS.ready);
}

start();
