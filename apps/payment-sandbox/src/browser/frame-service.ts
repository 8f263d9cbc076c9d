/*
 * Ours, not the provider's: the script of the payment sandbox's stand-ins for braintree-web's
 * frame-service pages, which are not published: the hidden dispatch frame (it tells the merchant's
 * page it is ready, with the page's configuration) and the local payment and SEPA redirect frames (the popup
 * lands there from the bank's page and reports the return's query to the merchant's page, which
 * closes the popup and tokenizes). Without an opener (the popup lost it) the redirect frame shows
 * the merchant's fallback link instead, carrying btLpToken, btLpPaymentId and btLpPayerId.
 * The popup's loading frame, shown again while the merchant's page tokenizes, closes the popup
 * itself if the page's own close was lost (Chromium may drop a close that races a navigation).
 */
import Framebus from 'framebus';

const CONFIGURATION_REQUEST = 'BUS_CONFIGURATION_REQUEST';
const DISPATCH_FRAME_READY = 'frameService:DISPATCH_FRAME_READY';
const DISPATCH_FRAME_REPORT = 'frameService:DISPATCH_FRAME_REPORT';
/** The popup closes itself this long after reporting if the merchant's page did not close it. */
const CLOSE_TIMEOUT_MS = 1000;
/** Set (in the popup's session storage, shared by the assets host's pages) once the return is reported. */
const REPORTED_KEY = 'paymentSandbox.localPaymentReported';

declare global {
  interface Window {
    bus?: Framebus;
    getConfiguration?: () => unknown;
  }
}

function startDispatchFrame(): void {
  // The frame is named dispatch_<service id>; the service id is the bus channel.
  const channel = window.name.split('_')[1]?.split('?')[0];
  if (!channel) return;
  const bus = new Framebus({ channel });
  let configuration: unknown = null;
  window.bus = bus;
  window.getConfiguration = () => structuredClone(configuration);
  bus.emit(CONFIGURATION_REQUEST, (local) => {
    configuration = local;
    bus.emit(DISPATCH_FRAME_READY);
  });
}

const query = (): Record<string, string> => Object.fromEntries(new URL(location.href).searchParams);

function fallbackLink(params: Record<string, string>): void {
  const { r: fallbackUrl, t: buttonText } = params;
  if (!fallbackUrl || !buttonText) return;
  let url: URL;
  try {
    url = new URL(fallbackUrl);
  } catch {
    return;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
  for (const key of ['btLpToken', 'btLpPaymentId', 'btLpPayerId', 'errorcode']) if (params[key]) url.searchParams.set(key, params[key]);
  if (params.c === '1' || params.wasCanceled) url.searchParams.set('wasCanceled', 'true');
  const link = document.createElement('a');
  link.id = 'redirect';
  link.href = url.href;
  link.textContent = buttonText;
  document.getElementById('container')?.append(link);
  const status = document.getElementById('status');
  if (status) status.textContent = 'Return to the shop to finish.';
}

/**
 * The frame service's channel: the local payment module puts it in the return URL's query; SEPA's
 * return URL has none, and the popup's window name (`<name>_<service id>`) carries it instead.
 */
function channelOf(params: Record<string, string>): string | undefined {
  return params.channel || window.name.split('_')[1]?.split('?')[0] || undefined;
}

function startRedirectFrame(): void {
  const params = query();
  const channel = channelOf(params);
  if (!window.opener || !channel) {
    fallbackLink(params);
    return;
  }
  const closeTimer = setTimeout(() => window.close(), CLOSE_TIMEOUT_MS);
  sessionStorage.setItem(REPORTED_KEY, channel);
  new Framebus({ channel }).emit(DISPATCH_FRAME_REPORT, { err: null, payload: params }, () => clearTimeout(closeTimer));
}

/** The loading frame after a report: braintree-web closes the popup once it has tokenized, else this does. */
function startLoadingFrame(): void {
  if (!window.opener || sessionStorage.getItem(REPORTED_KEY) === null) return;
  sessionStorage.removeItem(REPORTED_KEY);
  setTimeout(() => window.close(), CLOSE_TIMEOUT_MS);
}

const frame = document.documentElement.dataset.frame;
if (frame === 'dispatch') startDispatchFrame();
else if (frame === 'redirect') startRedirectFrame();
else if (frame === 'loading') startLoadingFrame();
