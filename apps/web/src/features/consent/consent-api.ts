import { CONSENT_CALLS, CONSENT_META_NAME, parseConsentJson, type ConsentJson } from '@store/domain';
import { api } from '../../lib/api-client';

export const getConsent = () => api.get<ConsentJson>(CONSENT_CALLS.savedChoice);

/**
 * The saved choice the server wrote into the page (a meta tag, see apps/api/src/web/serve-web-app.ts),
 * so the notice is drawn with the first paint; null when the page has none (the Vite dev server).
 */
export function consentInPage(document: Pick<Document, 'querySelector'> = globalThis.document): ConsentJson | null {
  const content = document?.querySelector<HTMLMetaElement>(`meta[name="${CONSENT_META_NAME}"]`)?.content;
  if (!content) return null;
  try {
    return parseConsentJson(JSON.parse(content));
  } catch {
    return null;
  }
}

/**
 * A consent PUT of spec 1 §7 (no payload): the choice the server stored, or null when it could not.
 * keepalive: a page load started meanwhile does not cancel the call.
 */
export function putConsent(path: string): Promise<ConsentJson | null> {
  return api.put<ConsentJson>(path, { keepalive: true }).then(parseConsentJson, () => null);
}

/** What the page's own script did with a tap on the drawn notice before the app started (apps/web/consent-head-start.mjs). */
export interface EarlyConsent {
  /** The choice being stored (or stored): its answer, or null when the call failed. */
  choice?: Promise<ConsentJson | null>;
  /** The choice's answer is in, and in the page's store-consent tag. */
  settled?: boolean;
  /** Manage cookies was tapped: the app opens the dialog. */
  manage?: boolean;
  /** The drawn button that has the focus (its data-consent value), to be given to the app's own. */
  focus?: string;
}

/** The early taps, for the app to take over when it starts; none without the script (the Vite dev server). */
export function earlyConsent(scope: { __storeConsentEarly?: EarlyConsent } = globalThis as never): EarlyConsent | null {
  return scope.__storeConsentEarly ?? null;
}

/**
 * GET /cookie-analytics-scripts/ and append the markup to the head (spec 1 §7). A contextual fragment
 * keeps its scripts runnable (innerHTML would not); the content security policy decides what loads.
 */
export async function loadAnalyticsScripts(path: string): Promise<number> {
  const markup = await api.text(path);
  if (markup.trim() === '') return 0;
  const fragment = document.createRange().createContextualFragment(markup);
  const count = fragment.querySelectorAll('script').length;
  document.head.append(fragment);
  return count;
}
