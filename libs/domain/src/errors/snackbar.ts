import { catalogueEntryFor } from './error-catalogue';

/** Every snackbar message shows for 8 seconds (spec 2 §8, §9). */
export const SNACKBAR_DURATION_MS = 8000;

export interface SnackbarMessage {
  readonly code: number;
  readonly text: string;
  readonly tone: 'success' | 'error';
  readonly position: 'top' | 'bottom';
  readonly durationMs: number;
}

/** The snackbar message for a response code: basket notices at the top, everything else at the bottom. */
export function snackbarFor(code: number, text?: string): SnackbarMessage {
  const entry = catalogueEntryFor(code);
  return {
    code: entry.code === 999 && code !== 999 ? code : entry.code,
    text: text ?? entry.message,
    tone: entry.kind === 'success-notice' ? 'success' : 'error',
    position: entry.position ?? 'bottom',
    durationMs: SNACKBAR_DURATION_MS,
  };
}

/** A queue shows one message at a time in arrival order; the same message is not queued twice in a row. */
export function enqueueSnackbar(queue: readonly SnackbarMessage[], message: SnackbarMessage): readonly SnackbarMessage[] {
  const last = queue[queue.length - 1];
  if (last && last.code === message.code && last.text === message.text) return queue;
  return [...queue, message];
}
