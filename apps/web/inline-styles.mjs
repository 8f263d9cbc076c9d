// The app's stylesheet goes into index.html itself (issue 12). As a <link>, the first paint (the
// cookie notice the build draws into the page, apps/web/prerender-notice.mjs) waited for a second
// round trip, and on a phone's connection the stylesheet shared it with the app's code. It is one
// small file (some 13 kB, 5.5 kB compressed) with no url() to resolve, and the page itself is never
// cached (Cache-Control: no-cache), so nothing is lost by sending it with every page.
// Critical-CSS tools (beasties, formerly critters) would keep only what the first HTML shows, which
// for this app is the cookie notice alone, and load the rest with an onload attribute, an inline
// script the content security policy refuses (scripts need the page's nonce).
// A build-only Vite plugin.
import { indexHtmlPlugin } from './index-html-plugin.mjs';

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;

/** index.html with every stylesheet the build made written into it; `read` gives a file's CSS. */
export function inlineStyles(html, read) {
  return html.replace(STYLESHEET, (tag, href) => {
    const css = read(href);
    if (css === undefined) throw new Error(`inline-styles: ${href} is not in the build`);
    if (/url\(/.test(css)) throw new Error(`inline-styles: ${href} has url() references, which would resolve against the page's address`);
    // </style> inside the CSS would end the element early; CSS can always write it as <\/style>.
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

export function inlineStylesPlugin() {
  return indexHtmlPlugin('store-inline-styles', (html, { config, outputs }) =>
    inlineStyles(html, (href) => {
      const asset = outputs.find((output) => output.type === 'asset' && `${config.base}${output.fileName}` === href);
      return asset === undefined ? undefined : String(asset.source);
    }),
  );
}
