import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { DomainError } from '@store/domain';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * For endpoints the spec defines as multipart forms. The API also parses form-encoded bodies (the
 * checkout data call is one), so without this a multipart endpoint would quietly read the same
 * fields sent form-encoded: one endpoint, one body type, anything else refused before validation.
 */
@Injectable()
export class MultipartOnlyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.is('multipart/form-data')) throw new DomainError('BAD_REQUEST');
    return next.handle();
  }
}
