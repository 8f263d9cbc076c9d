import { createParamDecorator, Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { OperatorAccess, type Operator } from '@store/application';
import type { OperatorAbility } from '@store/domain';
import type { Request } from 'express';
import { readOperatorCookie } from './operator-cookie';

const ABILITY = 'store:operator-ability';
const OPERATOR = Symbol('operator');
type OperatorRequest = Request & { [OPERATOR]?: Operator };

/** The ability a back-office route needs; a route of a guarded controller without one is refused. */
export const Requires = (ability: OperatorAbility) => SetMetadata(ABILITY, ability);

/**
 * Lets a member of staff through when their session is live and their role has the route's
 * ability: 403 OPERATOR_SIGN_IN_REQUIRED without a staff session (a shopper's session is not one),
 * 403 OPERATOR_ROLE_FORBIDDEN without the ability. A route that names no ability is refused, so one
 * added without thinking is closed rather than open.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(
    private readonly access: OperatorAccess,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<OperatorRequest>();
    const ability = this.reflector.getAllAndOverride<OperatorAbility | undefined>(ABILITY, [context.getHandler(), context.getClass()]);
    if (!ability) throw new Error(`${context.getClass().name}.${context.getHandler().name} names no ability`);
    request[OPERATOR] = await this.access.authorise(readOperatorCookie(request), ability);
    return true;
  }
}

/** The member of staff OperatorGuard let through. */
export const CurrentOperator = createParamDecorator((_: unknown, context: ExecutionContext): Operator => {
  const operator = context.switchToHttp().getRequest<OperatorRequest>()[OPERATOR];
  if (!operator) throw new Error('CurrentOperator is used on a route without OperatorGuard');
  return operator;
});
