/**
 * Named points inside a use case where a test may hold callers, so that a race is forced into the
 * interleaving it wants to prove safe instead of being hoped for with timing. In production every
 * point is a no-op that is awaited and does nothing else.
 */
export type CheckpointName =
  /** PLACE_ORDER: every check passed and the order drafted from the basket; nothing reserved yet. */
  | 'place-order:drafted'
  /** PLACE_ORDER: the order is reserved (its number, its discount use and limited units claimed); nothing charged yet. */
  | 'place-order:reserved'
  /** PLACE_ORDER: the gateway said charged; the order is not completed yet. */
  | 'place-order:charged';

export interface Checkpoints {
  /** Called at each point with what identifies the call there (the order number, when there is one). */
  reached(name: CheckpointName, detail?: { readonly orderNumber?: string }): Promise<void>;
}

export const NO_CHECKPOINTS: Checkpoints = { reached: () => Promise.resolve() };
export const CHECKPOINTS = Symbol('Checkpoints');
