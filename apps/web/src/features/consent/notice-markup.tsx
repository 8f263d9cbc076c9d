import { renderToStaticMarkup } from 'react-dom/server';
import { CookieNoticeBar } from './cookie-notice';

/**
 * The cookie notice bar as HTML, rendered by the build into index.html (apps/web/prerender-notice.mjs)
 * from the same component the app draws: never part of the browser bundle. Marked as drawn: the
 * page's own script (apps/web/consent-head-start.mjs) answers its taps until the app's own,
 * identical, bar replaces it, so a tap while the app is still starting is never lost.
 */
export function noticeMarkup(): string {
  return renderToStaticMarkup(<CookieNoticeBar drawn />);
}
