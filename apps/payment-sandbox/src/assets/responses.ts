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
