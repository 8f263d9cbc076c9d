import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { parse as parseCookies } from 'cookie';
import express, { type Express } from 'express';
import type pino from 'pino';
import { inRequestScope } from '@store/infrastructure';
import type { AppConfig } from '../config/app-config';
import { logWhenAnswered, requestIdOf, type RequestObserver } from './logging';
import { isPrivatePath, securityHeaderList } from './security-headers';
import { catalogueBodyParserError } from './api-exception.filter';

/**
 * What every request goes through before the router, as one middleware: its id (echoed in
 * X-Request-Id and on every log line), the security headers, no-store on private answers, the
 * access log line, the request's own scope for once-per-request values, and the JSON and form body
 * parsers. One layer instead of a dozen: each of Express's layers is a match and a
 * call of its own, and with helmet's middlewares and the HTTP logger's child loggers they cost more
 * than the framework itself (tools/bench: the no-database route against a minimal NestJS app).
 * A body the parsers refuse goes on to the exception filter with its catalogued error. With
 * `metrics`, the access log's hook also times the request for them (no second hook).
 */
export function requestEdge(config: AppConfig, logger: pino.Logger, metrics?: RequestObserver): RequestHandler {
  const headers = securityHeaderList(config);
  const json = express.json({ limit: config.BODY_LIMIT_BYTES });
  const form = express.urlencoded({ limit: config.BODY_LIMIT_BYTES, extended: false });
  return (request: Request, response: Response, next: NextFunction) => {
    const requestId = requestIdOf(request);
    response.setHeader('X-Request-Id', requestId);
    for (const [name, value] of headers) response.setHeader(name, value);
    if (isPrivatePath(request.url)) response.setHeader('Cache-Control', 'no-store');
    logWhenAnswered(logger, request, response, requestId, metrics);
    inRequestScope(() => {
      // Most calls (every GET) carry no body: the parsers would each find that out for themselves.
      if (!hasBody(request)) return next();
      json(request, response, (jsonError?: unknown) => {
        if (jsonError) return next(catalogueBodyParserError(jsonError));
        form(request, response, (formError?: unknown) => next(formError && catalogueBodyParserError(formError)));
      });
    }, requestId);
  };
}

/** Whether a request carries a body, by the same rule the body parsers use (type-is's hasBody). */
function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(request.headers['content-length']));
}

const PARSED_COOKIES = Symbol('parsed cookies');

/**
 * `request.cookies`, parsed from the Cookie header the first time a handler reads it (as Express
 * makes `request.query`): a probe or a page's file never pays for it. Values are the cookies' text
 * as sent, decoded; nothing is turned into an object, so a cookie cannot smuggle structure in.
 */
export function parseCookiesWhenRead(server: Express): void {
  // Kept under a symbol by plain assignment: defining an own 'cookies' property on each request
  // (over the prototype's accessor) cost ten times as much.
  Object.defineProperty(server.request, 'cookies', {
    configurable: true,
    get(this: Request & { [PARSED_COOKIES]?: unknown }) {
      return (this[PARSED_COOKIES] ??= parseCookies(this.headers.cookie ?? ''));
    },
    set(this: Request & { [PARSED_COOKIES]?: unknown }, value: unknown) {
      this[PARSED_COOKIES] = value;
    },
  });
}
