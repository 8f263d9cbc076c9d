/** Waits for a condition the test observes (not for time to pass), up to a deadline. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, deadlineMs = 20_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
