import { anImportHasFailed, anImportIsOverdue, DEFAULT_LOAD_LIMIT_MS, importWithinLimit, loadLimitOf, LoadLimitError, withLoadLimit } from './load-limit';

describe('withLoadLimit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Where a promise stands now, without waiting for it. */
  const stateOf = async (promise: Promise<unknown>) => {
    let state = 'pending';
    promise.then(
      () => (state = 'resolved'),
      () => (state = 'rejected'),
    );
    await Promise.resolve();
    await Promise.resolve();
    return state;
  };

  it('gives up with a LoadLimitError when the load never answers, not a moment before the limit', async () => {
    const limited = withLoadLimit(new Promise<never>(() => undefined), 5_000, 'braintree-web');
    limited.catch(() => undefined);
    jest.advanceTimersByTime(4_999);
    expect(await stateOf(limited)).toBe('pending');
    jest.advanceTimersByTime(1);
    await expect(limited).rejects.toBeInstanceOf(LoadLimitError);
    await expect(limited).rejects.toMatchObject({ what: 'braintree-web', limitMs: 5_000, message: 'braintree-web did not load within 5000 ms' });
  });

  it('answers with the load when it arrives in time, and the timer is gone', async () => {
    let arrive: (value: string) => void = () => undefined;
    const limited = withLoadLimit(new Promise<string>((resolve) => (arrive = resolve)), 5_000, 'chunk');
    jest.advanceTimersByTime(4_000);
    arrive('module');
    await expect(limited).resolves.toBe('module');
    expect(jest.getTimerCount()).toBe(0);
  });

  it("passes the load's own failure on at once, and clears its timer", async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const limited = withLoadLimit(Promise.reject(failure), 5_000, 'chunk');
    await expect(limited).rejects.toBe(failure);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('ignores a load that arrives after it has given up', async () => {
    let arrive: (value: string) => void = () => undefined;
    const limited = withLoadLimit(new Promise<string>((resolve) => (arrive = resolve)), 1_000, 'chunk');
    limited.catch(() => undefined);
    jest.advanceTimersByTime(1_000);
    arrive('too late');
    await expect(limited).rejects.toBeInstanceOf(LoadLimitError);
  });
});

describe('loadLimitOf', () => {
  it("takes the server's limit, or spec 2 §9's 120 seconds when there is no sensible one", () => {
    expect(DEFAULT_LOAD_LIMIT_MS).toBe(120_000);
    expect(loadLimitOf(3_000)).toBe(3_000);
    expect(loadLimitOf(undefined)).toBe(120_000);
    expect(loadLimitOf(null)).toBe(120_000);
    expect(loadLimitOf(0)).toBe(120_000);
    expect(loadLimitOf(Number.NaN)).toBe(120_000);
  });
});

describe('importWithinLimit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('remembers an import given up on until its request settles, so Retry knows to ask afresh', async () => {
    let arrive: (value: string) => void = () => undefined;
    const importing = new Promise<string>((resolve) => (arrive = resolve));
    const limited = importWithinLimit(importing, 1_000, 'a chunk');
    limited.catch(() => undefined);
    expect(anImportIsOverdue()).toBe(false);
    jest.advanceTimersByTime(1_000);
    await expect(limited).rejects.toBeInstanceOf(LoadLimitError);
    expect(anImportIsOverdue()).toBe(true);
    arrive('late');
    await importing;
    expect(anImportIsOverdue()).toBe(false);
  });

  it('remembers an import whose request failed, since importing it again in the page fails the same way', async () => {
    expect(anImportHasFailed()).toBe(false);
    await expect(importWithinLimit(Promise.resolve('module'), 1_000, 'a chunk')).resolves.toBe('module');
    expect(anImportHasFailed()).toBe(false);
    const failed = importWithinLimit(Promise.reject(new Error('connection reset')), 1_000, 'a chunk');
    await expect(failed).rejects.toThrow('connection reset');
    expect(anImportHasFailed()).toBe(true);
  });

  it('does not count an import that failed outright or arrived in time', async () => {
    const failed = importWithinLimit(Promise.reject(new Error('connection reset')), 1_000, 'a chunk');
    await expect(failed).rejects.toThrow('connection reset');
    jest.advanceTimersByTime(1_000);
    expect(anImportIsOverdue()).toBe(false);
    await expect(importWithinLimit(Promise.resolve('module'), 1_000, 'a chunk')).resolves.toBe('module');
    expect(anImportIsOverdue()).toBe(false);
  });
});
