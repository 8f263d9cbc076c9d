import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { SessionService } from '@store/application';
import { DomainError, type Customer } from '@store/domain';
import type { Request } from 'express';
import { readSessionCookie } from '../identity/session-cookie';

const SIGNED_IN = Symbol('signedInCustomer');
type SignedInRequest = Request & { [SIGNED_IN]?: Customer };

/**
 * Lets only a signed-in customer through, with SESSION_EXPIRED otherwise. A guard runs before
 * interceptors, so an upload from a signed-out browser is refused before its body is read.
 */
@Injectable()
export class SignedInCustomerGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SignedInRequest>();
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    request[SIGNED_IN] = customer;
    return true;
  }
}

/** The customer SignedInCustomerGuard let through on this request. */
export function signedInCustomerOf(request: Request): Customer {
  const customer = (request as SignedInRequest)[SIGNED_IN];
  if (!customer) throw new Error('SignedInCustomer is used on a route without SignedInCustomerGuard');
  return customer;
}

/** The customer SignedInCustomerGuard let through. */
export const SignedInCustomer = createParamDecorator((_: unknown, context: ExecutionContext): Customer =>
  signedInCustomerOf(context.switchToHttp().getRequest<Request>()),
);
