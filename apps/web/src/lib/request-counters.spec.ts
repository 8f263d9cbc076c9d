import { counted, requestCounters } from './request-counters';

describe('request counters', () => {
  it('counts a call as pending until it settles, answered or failed', async () => {
    const start = requestCounters.snapshot();
    const seen: Array<{ requestCount: number; responseCount: number }> = [];
    const stop = requestCounters.subscribe(() => seen.push(requestCounters.snapshot()));
    let finish: (value: string) => void = () => undefined;
    const pending = counted(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(requestCounters.snapshot()).toEqual({ requestCount: start.requestCount + 1, responseCount: start.responseCount });
    finish('ok');
    await expect(pending).resolves.toBe('ok');
    await expect(counted(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    stop();
    expect(requestCounters.snapshot()).toEqual({ requestCount: start.requestCount + 2, responseCount: start.responseCount + 2 });
    expect(seen).toHaveLength(4);
  });
});
