import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, REQUESTED_WITH_VALUE } from '@store/domain';
import type { Request } from 'express';

const REACHED_BY_NAVIGATION = 'store:reached-by-navigation';

/**
 * Marks a controller (or one handler) that the browser reaches by following a link or a probe
 * reaches with a plain GET, so it cannot carry X-Requested-With: downloads and health checks.
 * Such routes must change nothing.
 */
export const ReachedByNavigation = () => SetMetadata(REACHED_BY_NAVIGATION, true);

const CALLED_BY_PROVIDER = 'store:called-by-provider';

/**
 * Marks a controller a payment provider's servers call (its signed notifications): no browser and
 * no session are involved, so the header proves nothing there. The route must prove its caller in
 * another way (the provider's signature) and act on nothing it cannot prove.
 */
export const CalledByProvider = () => SetMetadata(CALLED_BY_PROVIDER, true);

/**
 * Every API route must carry X-Requested-With (spec 2 §7 asks it of the data, auth and cookie calls)
 * unless it is marked as reached by navigation. A cross-site form or image cannot set the header,
 * so this closes the door on request forgery against cookie sessions. The rule follows the route
 * Nest matched, not the address as spelt: no spelling of the address (letter case, doubled or
 * encoded slashes, trailing dots) can reach a handler without it, and a route added later is
 * covered without anyone remembering to list its prefix.
 */
@Injectable()
export class RequestedWithGuard implements CanActivate {
  // Whether a route is exempt, worked out on its first request: the marks are decorators, fixed
  // once the app has started, and reading them took four metadata look-ups on every request. Keyed
  // by controller class, then handler, since a handler inherited by two controllers is one function.
  private readonly exempt = new WeakMap<object, WeakMap<object, boolean>>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    const controller = context.getClass();
    let known = this.exempt.get(controller);
    if (!known) this.exempt.set(controller, (known = new WeakMap()));
    let exempt = known.get(handler);
    if (exempt === undefined) {
      const targets = [handler, controller];
      exempt = Boolean(this.reflector.getAllAndOverride<boolean>(REACHED_BY_NAVIGATION, targets) || this.reflector.getAllAndOverride<boolean>(CALLED_BY_PROVIDER, targets));
      known.set(handler, exempt);
    }
    if (exempt) return true;
    const value = context.switchToHttp().getRequest<Request>().header('x-requested-with');
    if (value?.toLowerCase() === REQUESTED_WITH_VALUE.toLowerCase()) return true;
    throw new DomainError('MISSING_REQUESTED_WITH');
  }
}
