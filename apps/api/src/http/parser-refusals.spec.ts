import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ErrorCatalogue } from '@store/domain';
import { answerParserRefusals } from './parser-refusals';

/** A plain Node server with the handler: what reaches the request listener is not the point here. */
let server: Server;
let reached = 0;
beforeAll(async () => {
  // Short timeouts so a stalled request head is refused within the test (Node checks every interval).
  server = createServer({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 }, (request, response) => {
    // Answered once the whole body has arrived, as the app's body parsers do.
    request.resume().on('end', () => {
      reached += 1;
      response.end('reached');
    });
  });
  answerParserRefusals(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  reached = 0;
});

/** Writes raw bytes and reads everything the server sends until it closes the connection. */
function exchange(chunks: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (answer += data));
    socket.on('close', () => resolve(answer));
    // The server may close while a large head is still being written: what it answered is still read.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    for (const chunk of chunks) socket.write(chunk);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

function expectCatalogued(answer: string, status: number, entry: { code: number; message: string }) {
  const { status: actual, headers, body } = parse(answer);
  expect(actual).toBe(status);
  expect(headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(headers['content-length'])).toBe(Buffer.byteLength(answer.split('\r\n\r\n')[1]));
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('no-store');
  expect(headers.connection).toBe('close');
  expect(body).toEqual({ success: false, code: entry.code, message: entry.message });
  expect(reached).toBe(0);
}

describe("requests Node's HTTP parser refuses", () => {
  it('answers a malformed request line with the catalogued 400', async () => {
    expectCatalogued(await exchange(['NOT A REQUEST\r\n\r\n']), 400, ErrorCatalogue.BAD_REQUEST);
  });

  it('answers a request head over 16 KB with the catalogued 431', async () => {
    const answer = await exchange([`GET /data/catalogue/ HTTP/1.1\r\nHost: store.test\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expectCatalogued(answer, 431, ErrorCatalogue.BAD_REQUEST);
  });

  it('answers an oversized chunk extension with the catalogued 413', async () => {
    const head = 'POST /data/basket/lines/ HTTP/1.1\r\nHost: store.test\r\nTransfer-Encoding: chunked\r\n\r\n';
    const answer = await exchange([head, `1;${'x'.repeat(20_000)}\r\na\r\n0\r\n\r\n`]);
    expectCatalogued(answer, 413, ErrorCatalogue.PAYLOAD_TOO_LARGE);
  });

  it('answers a request head that never finishes arriving with the catalogued 408', async () => {
    expectCatalogued(await exchange(['GET /data/catalogue/ HTTP/1.1\r\nHost: store.test\r\n']), 408, ErrorCatalogue.BAD_REQUEST);
  });

  it('still serves a well-formed request', async () => {
    const answer = await exchange(['GET / HTTP/1.1\r\nHost: store.test\r\nConnection: close\r\n\r\n']);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith('reached')).toBe(true);
    expect(reached).toBe(1);
  });
});
