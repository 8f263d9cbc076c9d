import type { CardGatewayOption } from '@store/domain';
import type { Client } from 'braintree-web/client';
import { withLoadLimit } from '../../load-limit';
import type { CardGatewayMethod, MethodSettings } from './method';

/** What each method's set-up made, by method; a method missing here is not offered. */
export type MethodInstances = Partial<Readonly<Record<CardGatewayOption, unknown>>>;

/**
 * What a set-up gives, or null when it was not asked for, could not be made, or took longer than
 * the limit: a method that cannot be set up (its script does not load, the browser lacks it) is
 * simply not offered.
 */
export async function settleWithin<M, T>(pending: Promise<M> | null, make: (module: M) => Promise<T | null>, limitMs: number, what: string): Promise<T | null> {
  if (!pending) return null;
  try {
    return await withLoadLimit(
      pending.then((module) => make(module)),
      limitMs,
      what,
    );
  } catch {
    return null;
  }
}

/**
 * Sets up the methods that have a set-up of their own and are wanted here, each with its
 * braintree-web module. The modules download together; each method is then made in turn, in the
 * registry's order, the browser getting a turn between the pieces (made all at once they were one
 * long task on a phone-speed CPU).
 */
export async function setUpMethods(methods: readonly CardGatewayMethod[], client: Client, settings: MethodSettings): Promise<MethodInstances> {
  const loads = methods.map((method) => method.setUp?.load(settings) ?? null);
  if (loads.every((pending) => pending === null)) return {};
  for (const pending of loads) pending?.catch(() => undefined);
  const made: Partial<Record<CardGatewayOption, unknown>> = {};
  for (const [index, method] of methods.entries()) {
    const setUp = method.setUp;
    if (!setUp) continue;
    const instance = await settleWithin(loads[index], (module) => setUp.make(module, client, settings), settings.loadLimitMs, setUp.what);
    if (instance === null) continue;
    const followUp = setUp.followUp;
    made[method.key] = followUp ? ((await settleWithin(Promise.resolve(instance), (current) => followUp.ask(current, client), settings.loadLimitMs, followUp.what)) ?? instance) : instance;
  }
  return made;
}
