import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

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
      req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
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
