import type { Clock, IdGenerator } from '@store/application';
import { randomBytes } from 'node:crypto';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** 128 random bits, base64url: unguessable, safe in addresses and cookies. */
export class RandomIdGenerator implements IdGenerator {
  next(): string {
    return randomBytes(16).toString('base64url');
  }
}
