import type { CheckpointName, Checkpoints } from '../orders/checkpoints';

/**
 * A gate that callers wait at until a test opens it: how races are forced into the interleaving a
 * test wants, with no sleeps. `arrived(n)` resolves once n callers wait there; `open()` lets every
 * one of them (and every later one) through. With `parties`, the gate opens by itself when that many
 * have arrived (a barrier); with `holdOnly`, only the first that many callers wait and later ones
 * pass straight through.
 */
export class Gate {
  private count = 0;
  private opened = false;
  private readonly waiting: Array<() => void> = [];
  private readonly watchers: Array<{ readonly count: number; readonly resolve: () => void }> = [];

  constructor(private readonly options: { readonly parties?: number; readonly holdOnly?: number } = {}) {}

  /** How many callers have reached the gate so far. */
  get arrivals(): number {
    return this.count;
  }

  /** A caller reaches the gate: it waits until the gate opens (at once if it is open, or not holding it). */
  async pass(): Promise<void> {
    this.count += 1;
    for (const watcher of this.watchers.filter((candidate) => candidate.count <= this.count)) {
      this.watchers.splice(this.watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
    if (this.opened || (this.options.holdOnly !== undefined && this.count > this.options.holdOnly)) return;
    const released = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.options.parties !== undefined && this.count >= this.options.parties) this.open();
    await released;
  }

  /** Resolves once `count` callers have reached the gate. */
  arrived(count = 1): Promise<void> {
    if (this.count >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ count, resolve }));
  }

  open(): void {
    this.opened = true;
    for (const release of this.waiting.splice(0)) release();
  }
}

/** Checkpoints for tests: a gate at any named point holds the callers that reach it. */
export class TestCheckpoints implements Checkpoints {
  private readonly gates = new Map<CheckpointName, Gate>();

  /** Puts a gate at the point (replacing any earlier one) and returns it. */
  gate(name: CheckpointName, options: ConstructorParameters<typeof Gate>[0] = {}): Gate {
    const gate = new Gate(options);
    this.gates.set(name, gate);
    return gate;
  }

  /** Removes every gate, opening them so nobody stays held. */
  clear(): void {
    for (const gate of this.gates.values()) gate.open();
    this.gates.clear();
  }

  async reached(name: CheckpointName): Promise<void> {
    await this.gates.get(name)?.pass();
  }
}

/**
 * A gate on a port method of a running application (a singleton adapter): each call passes the gate
 * `before` the real method runs, or `after` it returned (holding its answer). Restore with the returned
 * function. This is how a use case that has no checkpoints of its own is paused at a chosen point.
 */
export function gateMethod<T extends object, K extends keyof T>(target: T, method: K, gate: Gate, when: 'before' | 'after'): () => void {
  const original = target[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  const gated = async (...args: unknown[]) => {
    if (when === 'before') {
      await gate.pass();
      return original.apply(target, args);
    }
    const answer = await original.apply(target, args);
    await gate.pass();
    return answer;
  };
  Object.defineProperty(target, method, { value: gated, configurable: true, writable: true });
  return () => {
    delete (target as Record<K, unknown>)[method];
    // An own method (not from the prototype) is put back as it was.
    if (target[method] !== original) Object.defineProperty(target, method, { value: original, configurable: true, writable: true });
  };
}
