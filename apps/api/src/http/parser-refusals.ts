import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError } from '@store/domain';
import { failureBody } from './api-exception.filter';

/**
 * Node's own status for each parser error, and the catalogued failure it carries. The spec fixes the
 * request group at 800001 to 800003, so a head too large or too slow is the catalogued 400 ("The
 * request is not valid") under Node's more precise HTTP status; chunk extensions too large are a body
 * too large.
 */
function refusalOf(code: string | undefined): { status: number; error: DomainError } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, error: new DomainError('BAD_REQUEST') };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, error: new DomainError('PAYLOAD_TOO_LARGE') };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, error: new DomainError('BAD_REQUEST') };
    default:
      return { status: 400, error: new DomainError('BAD_REQUEST') };
  }
}

/** The raw HTTP response for a request Node's parser refused: the one error shape, never sniffed or cached. */
export function parserRefusalResponse(code: string | undefined): string {
  const { status, error } = refusalOf(code);
  const body = JSON.stringify(failureBody(error));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Requests Node's HTTP parser refuses before any of our code runs (a request head over 16 KB, a
 * malformed request line, headers that never finish arriving) get the catalogued failure instead of
 * Node's bare status line. Like Node's default: nothing is written once a response has begun or the
 * peer has gone, and the connection is closed either way.
 */
export function answerParserRefusals(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) socket.write(parserRefusalResponse(error.code));
    socket.destroy();
  });
}
