/** Time and identity come in through ports so that use cases stay deterministic under test. */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('Clock');

export interface IdGenerator {
  /** A new unguessable identifier, safe to show to shoppers and to put in addresses. */
  next(): string;
}
export const ID_GENERATOR = Symbol('IdGenerator');
