import { randomInt, randomUUID } from 'node:crypto';
import { readJsonFile, writeJsonFile } from '../json-file';
import type { DigitalRiverState } from './model';

const emptyState = (): DigitalRiverState => ({
  checkouts: {},
  sources: {},
  taxIdentifiers: {},
  customers: {},
  files: {},
  orders: {},
  refunds: {},
  forced: [],
  dropInHangs: false,
});

/**
 * The Digital River sandbox's state: in memory, and written to a file after each change when one
 * is given (atomically: a temporary file renamed over the old one), so a restarted sandbox still
 * knows its checkouts, sources and orders.
 */
export class DigitalRiverStore {
  state: DigitalRiverState;

  constructor(private readonly file: string | null = null) {
    this.state = { ...emptyState(), ...readJsonFile<DigitalRiverState>(file) };
  }

  save(): void {
    if (this.file) writeJsonFile(this.file, this.state);
  }

  reset(): void {
    this.state = emptyState();
    this.save();
  }

  /** The provider's ids are UUIDs for checkouts, sources, sessions, tax identifiers and files. */
  static uuid(): string {
    return randomUUID();
  }

  /** Orders, charges and customers have numeric ids (`189917880336`). */
  static numericId(): string {
    return `${randomInt(100000, 999999)}${randomInt(100000, 999999)}`;
  }
}

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
