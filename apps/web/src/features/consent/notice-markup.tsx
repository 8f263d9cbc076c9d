import { renderToStaticMarkup } from 'react-dom/server';
import { CookieNoticeBar } from './cookie-notice';

/**
 * The cookie notice bar as HTML, rendered by the build into index.html (apps/web/prerender-notice.mjs)
 * from the same component the app draws: never part of the browser bundle. Inert: a click on it
 * before the app has started would be lost, so it takes none (nor focus) until the app's own,
 * identical, bar replaces it.
 */
export function noticeMarkup(): string {
  return renderToStaticMarkup(<CookieNoticeBar inert />);
}
