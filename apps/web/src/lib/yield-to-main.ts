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
