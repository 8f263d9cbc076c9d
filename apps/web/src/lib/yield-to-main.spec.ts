import { afterNextPaint, yieldToMain } from './yield-to-main';

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

describe('afterNextPaint', () => {
  const scope = globalThis as { requestAnimationFrame?: unknown; cancelAnimationFrame?: unknown };
  let frames: (() => void)[];

  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    scope.requestAnimationFrame = (callback: () => void) => frames.push(callback);
    scope.cancelAnimationFrame = (id: number) => {
      frames[id - 1] = () => undefined;
    };
  });

  afterEach(() => {
    jest.useRealTimers();
    delete scope.requestAnimationFrame;
    delete scope.cancelAnimationFrame;
  });

  it('runs in a task after the next frame, not before it', () => {
    const calls: string[] = [];
    afterNextPaint(() => calls.push('ran'));
    jest.advanceTimersByTime(50);
    expect(calls).toEqual([]);
    frames.forEach((frame) => frame());
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(calls).toEqual(['ran']);
    jest.advanceTimersByTime(200);
    expect(calls).toEqual(['ran']);
  });

  it('runs after the fallback when no frame comes (a tab in the background), once', () => {
    const calls: string[] = [];
    afterNextPaint(() => calls.push('ran'), 100);
    jest.advanceTimersByTime(100);
    expect(calls).toEqual(['ran']);
    frames.forEach((frame) => frame());
    jest.advanceTimersByTime(100);
    expect(calls).toEqual(['ran']);
  });

  it('does not run once cancelled', () => {
    const calls: string[] = [];
    const cancel = afterNextPaint(() => calls.push('ran'));
    cancel();
    frames.forEach((frame) => frame());
    jest.advanceTimersByTime(500);
    expect(calls).toEqual([]);
  });
});
