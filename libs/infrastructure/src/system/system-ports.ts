import type { Clock, IdGenerator } from '@store/application';
import { randomUUID } from 'node:crypto';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** Random (version 4) UUIDs: unguessable, safe in addresses and cookies, and Postgres uuid values. */
export class RandomIdGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
