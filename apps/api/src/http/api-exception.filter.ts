import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { DomainError, ErrorCatalogue, type ApiFailure } from '@store/domain';
import { authProblemType } from './auth-problem-types';
import type { Request, Response } from 'express';
import { CHECKOUT_TIMESTAMP, type TimestampedRequest } from './request-context';
import { statusOf } from './error-status.table';
import { isDatabaseUnavailable } from '../health/database-unavailable';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** Turns an error from the body parsers, Nest or our own code into a catalogued failure. */
export function toDomainError(exception: unknown): DomainError {
  if (exception instanceof DomainError) return exception;
  // The database restarting or a dropped connection: the catalogued 503, and the shopper may retry.
  if (isDatabaseUnavailable(exception)) return new DomainError('SERVICE_UNAVAILABLE');
  const parserError = exception as BodyParserError;
  if (parserError?.type === 'entity.parse.failed') return new DomainError('MALFORMED_JSON');
  if (parserError?.type === 'entity.too.large') return new DomainError('PAYLOAD_TOO_LARGE');
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return new DomainError('NOT_FOUND');
    if (status === 403) return new DomainError('FORBIDDEN');
    if (status === 413) return new DomainError('PAYLOAD_TOO_LARGE');
    if (status === 429) return new DomainError('TOO_MANY_REQUESTS');
    if (status === 503) return new DomainError('SERVICE_UNAVAILABLE');
    if (status >= 400 && status < 500) return new DomainError('BAD_REQUEST');
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500 && parserError.expose) {
    return new DomainError('BAD_REQUEST');
  }
  return new DomainError('SERVER_ERROR');
}

/**
 * A body parser's error as the catalogue names it: Nest would turn it into a bare 400, losing which
 * one it was, so the edge catalogues it before passing it on to the exception filter.
 */
export function catalogueBodyParserError(error: unknown): unknown {
  const type = (error as BodyParserError)?.type;
  return typeof type === 'string' && type.startsWith('entity.') ? toDomainError(error) : error;
}

export function failureBody(error: DomainError): ApiFailure {
  return {
    success: false,
    code: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    ...(error.data ? { data: error.data } : {}),
  };
}

/** Every failure leaves the API as `{ success: false, code, message }`; never a stack trace. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const error = toDomainError(exception);
    if (error.code === ErrorCatalogue.SERVER_ERROR.code) {
      this.logger.error({ err: exception, path: request.path }, 'Unexpected error');
    }
    if (response.headersSent) return;
    // A failed health check keeps its details (which dependency is down) for operators.
    const details = exception instanceof HttpException && request.path.startsWith('/health/') ? exception.getResponse() : undefined;
    // Checkout data calls echo their timestamp on failures too, so stale answers can be dropped.
    const timestamp = (request as TimestampedRequest)[CHECKOUT_TIMESTAMP];
    // Auth service problems also name the spec's problem type (spec 2 §8).
    const type = request.path.startsWith('/auth/') ? authProblemType(error.code) : undefined;
    response.status(statusOf(error)).json({
      ...failureBody(error),
      ...(type ? { type } : {}),
      ...(details ? { data: details } : {}),
      ...(timestamp !== undefined ? { timestamp } : {}),
    });
  }
}
