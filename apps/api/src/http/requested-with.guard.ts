import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError, REQUESTED_WITH_VALUE } from '@store/domain';
import type { Request } from 'express';

/**
 * Data, auth and cookie-consent calls must carry X-Requested-With (spec 2 §7). A cross-site form or image cannot set
 * the header, so this also closes the door on request forgery against cookie sessions.
 */
@Injectable()
export class RequestedWithGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!['/data/', '/auth/', '/cookie-'].some((prefix) => request.path.startsWith(prefix))) return true;
    const value = request.header('x-requested-with');
    if (value?.toLowerCase() === REQUESTED_WITH_VALUE.toLowerCase()) return true;
    throw new DomainError('MISSING_REQUESTED_WITH');
  }
}
