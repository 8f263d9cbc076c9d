import type { ServerResponse } from 'node:http';

/** Our pages load only our own bundles: no inline script, which the policy makes sure of. */
const PAGE_SECURITY_POLICY = "script-src 'self'; object-src 'none'; base-uri 'none'";

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response
    .writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': PAGE_SECURITY_POLICY })
    .end(html);
}

export function sendJavaScript(response: ServerResponse, source: string | Buffer): void {
  response.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(source);
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

/** One of the sandbox's own pages: a comment saying whose it stands in for, its style, its scripts (deferred) and body. */
export function sandboxPage(page: { readonly comment: string; readonly title: string; readonly style: string; readonly scripts: readonly string[]; readonly body: string }): string {
  return `<!doctype html>
<!--
  ${page.comment}
-->
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(page.title)}</title>
    <style>${page.style}
    </style>
${page.scripts.map((src) => `    <script src="${src}" defer></script>\n`).join('')}  </head>
  <body>
    <main>
${page.body}
    </main>
  </body>
</html>
`;
}
