let issued = 0;

/**
 * A fresh UUID-shaped id for test data: a counter, since the domain takes no randomness of its own.
 * Unique within a test process, which is what a test database (one per suite) needs.
 */
export function nextTestId(): string {
  issued += 1;
  return `00000000-0000-4000-8000-${String(issued).padStart(12, '0')}`;
}
