import { hash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { currentRequestId } from '@store/infrastructure';
import pino from 'pino';
import type { AppConfig } from '../config/app-config';

/** What times an answered request for the metrics (StoreMetrics), told from the access line's hook. */
export interface RequestObserver {
  observeRequest(request: IncomingMessage, response: ServerResponse, seconds: number): void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A basket reference is the key to an anonymous basket (whoever holds it can read and claim it), so
 * logs carry a short digest instead: the same basket still reads as the same value across lines.
 */
export function basketRefForLog(reference: string): string {
  return `basket#${hash('sha256', reference, 'hex').slice(0, 12)}`;
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

/** A query's key or value as a form decodes it ('+' is a space). */
const formDecoded = (text: string): string => decoded(text.replace(/\+/g, ' '));

/**
 * The request's URL as the access log keeps it: basket references in the path or query replaced by
 * their digest, everything else as sent. Only a pair whose key names a basket is rewritten, so a
 * line costs a split, not a parse and a re-encoding of the whole query.
 */
export function urlForLog(url: string): string {
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  const path = rawPath.includes('%') ? decoded(rawPath) : rawPath;
  const loggedPath = path.replace(BASKET_IN_PATH, (_match, prefix: string, reference: string) => `${prefix}${basketRefForLog(reference)}`);
  if (queryAt < 0) return loggedPath;
  const pairs = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      if (!/basket/i.test(formDecoded(key))) return pair;
      return `${key}=${encodeURIComponent(basketRefForLog(formDecoded(equals < 0 ? '' : pair.slice(equals + 1))))}`;
    });
  return `${loggedPath}?${pairs.join('&')}`;
}

/** The caller's X-Request-Id when it looks like one (so a trace crosses services), or a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The store's loggers: structured JSON lines (pino) to one destination, written asynchronously
 * (sonic-boom, flushed on exit): a synchronous write per line to a pipe was the API's largest single
 * cost under load (tools/bench --profile: writev, 18% of CPU). `app` redacts secrets from whatever
 * the application logs; `access` writes the access lines, whose fields are fixed and hold none, so
 * they skip redaction's walk over each line (about 5 µs a request).
 */
export function createLoggers(config: AppConfig): { readonly app: pino.Logger; readonly access: pino.Logger } {
  const destination = config.LOG_FILE
    ? pino.destination({ dest: config.LOG_FILE, append: true, mkdir: true, sync: false })
    : pino.destination({ dest: 1, sync: false });
  return {
    app: pino({ level: config.LOG_LEVEL, redact: { paths: ['*.password', '*.token', '*.cookie', '*.authorization'], censor: '[redacted]' } }, destination),
    access: pino({ level: config.LOG_LEVEL }, destination),
  };
}

/**
 * One access line per request, written when its answer has gone (or the caller gave up), with the
 * request id, the address as the log keeps it (basket references digested), the status and the
 * time taken. Built only then: making a child logger per request up front, as an HTTP logging
 * middleware does, serialised and redacted the request before anything was known to be logged,
 * and was the edge's largest cost (tools/bench --profile). Health probes are not logged (nor timed).
 * The same hook gives the request's time to `observer`, the metrics, when there are any.
 */
export function logWhenAnswered(logger: pino.Logger, request: IncomingMessage, response: ServerResponse, requestId: string, observer?: RequestObserver): void {
  const url = request.url ?? '';
  if (url.startsWith('/health/')) return;
  const started = performance.now();
  response.once('close', () => {
    const elapsed = performance.now() - started;
    observer?.observeRequest(request, response, elapsed / 1000);
    const line = { requestId, req: { id: requestId, method: request.method, url: urlForLog(url) }, res: { statusCode: response.statusCode }, responseTime: Math.round(elapsed) };
    if (!response.writableFinished) logger.warn(line, 'request aborted');
    else if (response.statusCode >= 500) logger.error(line, 'request errored');
    else logger.info(line, 'request completed');
  });
}

/** The id of the request being answered (null outside one), for whatever else tags its work: traces' spans. */
export { currentRequestId };

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * Nest's logger on pino: what the application logs through Nest's Logger goes out as JSON with its
 * context and, inside a request, that request's id, so every line of a request can be found by it.
 * An object as the message is merged into the line; an Error goes under `err`.
 */
export class StoreLogger implements LoggerService {
  constructor(private readonly logger: pino.Logger) {}

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const line: Record<string, unknown> = {};
    const requestId = currentRequestId();
    if (requestId) line['requestId'] = requestId;
    // Nest passes the logger's context last.
    const params = rest.length > 0 ? rest.slice(0, -1) : [];
    if (rest.length > 0) line['context'] = rest[rest.length - 1];
    if (message instanceof Error) {
      line['err'] = message;
      this.logger[level](line, ...(params as []));
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level](Object.assign(line, message), ...(params as []));
    } else if (level === 'error' && typeof message === 'string' && params.length === 1 && typeof params[0] === 'string' && /\n\s*at /.test(params[0])) {
      // Nest's own exception handlers pass (message, stack, context).
      const err = new Error(message);
      err.stack = params[0];
      line['err'] = err;
      this.logger[level](line);
    } else {
      this.logger[level](line, String(message), ...(params as []));
    }
  }
}
