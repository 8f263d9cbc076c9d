// The cookie notice is drawn into index.html before the app starts (prerender-notice.mjs), and on a
// phone-speed CPU the app takes seconds to start: a tap on the drawn notice must not be lost
// meanwhile, nor seem to work and do nothing. This small inline script, at the top of the page
// with the page's CSP nonce like every script (apps/api/src/web/serve-web-app.ts), answers taps on
// the drawn notice's buttons at once:
// - Accept all / Reject non-essential: the one consent call that stores the whole choice (spec 1
//   §7's allow or disallow PUT, whose answer also sets the viewed marker), with the data calls'
//   header; the notice hides only once that answer is in (a page load before it would otherwise
//   show the notice again), the page's store-consent tag then says the choice, so an app starting
//   later starts with it; an app already started takes the answer over (consent-provider.tsx).
//   A failed call leaves the notice up, to be tapped again.
// - Manage cookies: the dialog is the app's, so the tap is kept for the app to open it.
// - Focus on a drawn button is noted, so the app puts it on its own identical button.
// Once the app has drawn its own bar the drawn one is gone and this script does nothing.
// It cannot use the app's data client (apps/web/src/lib/api-client.ts) or the domain's contract:
// it is plain JavaScript written into the page that runs before any of the app's code has arrived,
// and this file is loaded by Node from the Vite config, where the domain's TypeScript is not
// importable. So it repeats the few facts of the consent contract it needs (the two paths, the data
// calls' header, the answer's and the tag's JSON: ConsentJson in
// libs/domain/src/contracts/consent.contract.ts), and apps/web/src/consent-head-start.spec.ts holds
// them to the domain's.
import { indexHtmlPlugin } from './index-html-plugin.mjs';

/** The global the script leaves the early taps under (read by the app's consent provider). */
export const CONSENT_EARLY_GLOBAL = '__storeConsentEarly';

/** The calls for the drawn notice's buttons (spec 1 §7), by the buttons' data-consent value. */
export const CHOICE_CALLS = { accept: '/cookie-allow-analytics/', reject: '/cookie-disallow-analytics/' };

/** The meta tag that carries the saved choice in the page (CONSENT_META_NAME). */
export const CONSENT_META = 'store-consent';

export function consentHeadStartScript() {
  const headers = JSON.stringify({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  return `(()=>{const early=window.${CONSENT_EARLY_GLOBAL}={};const calls=${JSON.stringify(CHOICE_CALLS)};
document.addEventListener('click',(event)=>{
const button=event.target instanceof Element?event.target.closest('[data-store-drawn] [data-consent]'):null;
if(!button)return;
const notice=button.closest('[data-store-drawn]');const action=button.getAttribute('data-consent');
if(action==='manage'){early.manage=true;notice.setAttribute('aria-busy','true');return}
const path=calls[action];if(!path||early.choice)return;
notice.setAttribute('aria-busy','true');
early.choice=fetch(path,{method:'PUT',credentials:'same-origin',keepalive:true,headers:${headers}})
.then((response)=>response.ok?response.json():null)
.then((body)=>{const data=body&&body.data;if(!data||typeof data.analytics!=='boolean')throw new Error('not stored');
const meta=document.querySelector('meta[name="${CONSENT_META}"]');if(meta)meta.content=JSON.stringify({analytics:data.analytics,viewed:data.viewed===true});
early.settled=true;notice.remove();return data})
.catch(()=>{notice.removeAttribute('aria-busy');early.choice=undefined;return null});
},true);
document.addEventListener('focusin',(event)=>{const button=event.target instanceof Element?event.target.closest('[data-store-drawn] [data-consent]'):null;early.focus=button?button.getAttribute('data-consent'):undefined},true)})()`;
}

export function consentHeadStart() {
  return indexHtmlPlugin('store-consent-head-start', () => [{ tag: 'script', children: consentHeadStartScript(), injectTo: 'head-prepend' }]);
}
