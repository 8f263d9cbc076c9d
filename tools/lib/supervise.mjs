// Keeps a server process of `npm start` running. A process that exits without being asked to is
// started again after a pause that doubles with each exit in quick succession (1 s, 2 s, 4 s … at
// most 30 s) and drops back to the first once a run has lasted a minute: a crash loop neither spins
// the machine nor is given up on, and one crash in a day costs a second. Every exit and restart is
// said, so whoever watches the terminal knows the store was down and why.
//
// Only a process that was once ready is restarted: one that cannot start at all (a setting the
// configuration refuses, a port in use) would fail the same way again, so the first start's failure
// is the caller's to report.

/**
 * @typedef {{ child: import('node:child_process').ChildProcess, ready: Promise<unknown> }} Started
 * @param {{
 *   name: string,
 *   launch: () => Started,
 *   say: (line: string) => void,
 *   firstDelayMs?: number, maxDelayMs?: number, stableAfterMs?: number,
 *   now?: () => number,
 * }} options
 */
export function supervise({ name, launch, say, firstDelayMs = 1000, maxDelayMs = 30_000, stableAfterMs = 60_000, now = Date.now }) {
  let current = null;
  let stopped = false;
  let delay = firstDelayMs;
  let restarts = 0;
  let pending = null;

  const watch = (started, startedAt) => {
    current = started.child;
    started.child.once('exit', (code, signal) => {
      if (stopped || current !== started.child) return;
      current = null;
      // A run that lasted was not part of a crash loop: the next pause starts again from the first.
      if (now() - startedAt >= stableAfterMs) delay = firstDelayMs;
      restarts += 1;
      say(`${name} stopped (${signal ?? `exit ${code}`}); starting it again in ${formatSeconds(delay)} (restart ${restarts}).`);
      const wait = delay;
      delay = Math.min(delay * 2, maxDelayMs);
      pending = setTimeout(() => {
        pending = null;
        if (stopped) return;
        const again = launch();
        watch(again, now());
        again.ready.then(
          () => {
            if (!stopped && current === again.child) say(`${name} is running again.`);
          },
          // Exiting before it was ready is an exit like any other: the 'exit' watcher restarts it.
          () => undefined,
        );
      }, wait);
    });
  };

  const first = launch();
  current = first.child;
  const ready = first.ready.then((value) => {
    if (!stopped) watch(first, now());
    return value;
  });

  return {
    /** Resolves with what the first run's `ready` gave; rejects if it never got there. */
    ready,
    /** No more restarts. Answers the process running now (null between an exit and its restart): the caller's to stop. */
    stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      pending = null;
      return current;
    },
  };
}

const formatSeconds = (ms) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
