import type { Customer, CheckoutAction } from '@store/domain';
import type { Request, Response } from 'express';

export interface ActionContext {
  readonly request: Request;
  readonly response: Response;
  /** The signed-in customer of the request's session, if any. */
  readonly customer: Customer | null;
}

export type ActionHandler = (body: unknown, context: ActionContext) => Promise<unknown>;

/** A module's share of the checkout data API: the actions it answers. */
export interface CheckoutActionHandlers {
  readonly handlers: Partial<Record<CheckoutAction, ActionHandler>>;
}
