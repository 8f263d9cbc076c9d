import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it("uses the browser's scheduler.yield when there is one", async () => {
    const calls: string[] = [];
    (globalThis as { scheduler?: unknown }).scheduler = { yield: () => (calls.push('yield'), Promise.resolve()) };
    await yieldToMain();
    expect(calls).toEqual(['yield']);
  });

  it('otherwise resumes in a new task, after work already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToMain();
    order.push('resumed');
    expect(order).toEqual(['queued task', 'resumed']);
  });
});
