import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A basket reference is the key to an anonymous basket (whoever holds it can read and claim it), so
 * logs carry a short digest instead: the same basket still reads as the same value across lines.
 */
export function basketRefForLog(reference: string): string {
  return `basket#${createHash('sha256').update(reference).digest('hex').slice(0, 12)}`;
}

// Matched in any letter case and decoded (%2F), so no spelling of the address slips a reference
// past the log, whatever the router does with it.
const BASKET_IN_PATH = /(\/baskets\/+)([^/]+)/gi;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The request's URL as the access log keeps it: basket references in the path or query replaced by their digest. */
export function urlForLog(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const loggedPath = decoded(path).replace(BASKET_IN_PATH, (_match, prefix: string, reference: string) => `${prefix}${basketRefForLog(reference)}`);
  if (queryAt < 0) return loggedPath;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const loggedQuery = [...query].map(([key, value]): [string, string] => [key, /basket/i.test(key) ? basketRefForLog(value) : value]);
  return `${loggedPath}?${new URLSearchParams(loggedQuery).toString()}`;
}

/**
 * Structured JSON logs with one request id on every line of a request, taken from the caller's
 * X-Request-Id when it looks like one, and echoed in the response headers.
 */
export function loggerOptions(config: AppConfig): Params {
  const options: Options = {
    level: config.LOG_LEVEL,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const given = request.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      response.setHeader('X-Request-Id', id);
      return id;
    },
    customProps: (request: IncomingMessage) => ({ requestId: request.id }),
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: urlForLog(request.url) }),
    },
    autoLogging: { ignore: (request: IncomingMessage) => (request.url ?? '').startsWith('/health/') },
  };
  // Asynchronous writes (pino's sonic-boom, flushed on exit): a synchronous write per log line to a
  // pipe was the API's largest single cost under load (tools/bench --profile: writev, 18% of CPU).
  const destination = config.LOG_FILE
    ? pino.destination({ dest: config.LOG_FILE, append: true, mkdir: true, sync: false })
    : pino.destination({ dest: 1, sync: false });
  return { pinoHttp: [options, destination] };
}
