/**
 * Gives the browser a turn (input, painting) between pieces of long start-up work, so a page that
 * sets up several payment components never holds the main thread for all of them at once:
 * scheduler.yield() where the browser has it (it resumes ahead of other queued tasks), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `callback` once the browser has painted the next frame (a task after the frame's animation
 * callbacks), or after `fallbackMs` where no frame comes (a tab in the background); returns a cancel.
 * For work that should not hold up what the page is about to show.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 100): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
  };
}
