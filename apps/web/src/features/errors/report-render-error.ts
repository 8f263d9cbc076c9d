import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERROR_PATH,
  CLIENT_ERROR_WHERE,
  ErrorCatalogue,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type ClientErrorReportJson,
} from '@store/domain';

/** The code a render error shows and is reported with (spec 2 §8: "a render error adds the generic code"). */
export const RENDER_ERROR_CODE = ErrorCatalogue.GENERIC.code;

/**
 * Makes what was thrown an Error carrying the generic code, as the spec asks (a thrown string or
 * object is reported and rethrown like any other). The code is added, never replaced: an error that
 * already has a code of its own keeps it on the object, and the page shows and reports 999.
 */
export function withGenericCode(thrown: unknown): Error {
  const error = thrown instanceof Error ? thrown : new Error(typeof thrown === 'string' ? thrown : safeText(thrown));
  const coded = error as Error & { code?: unknown };
  if (coded.code === undefined) {
    try {
      coded.code = RENDER_ERROR_CODE;
    } catch {
      // A frozen error keeps no code; the report and the screen still carry the generic one.
    }
  }
  return error;
}

function safeText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'A value that cannot be shown as text was thrown';
  }
}

/** Keeps `where` inside what the API accepts: unknown characters become '-', and it is cut to size. */
export function cleanWhere(where: string): string {
  const cleaned = where.replace(/[^A-Za-z0-9:/._-]/g, '-').slice(0, CLIENT_ERROR_LIMITS.where);
  return CLIENT_ERROR_WHERE.test(cleaned) ? cleaned : 'unknown';
}

/** The report's body: trimmed to the contract's sizes, so the API never refuses it for its length. */
export function renderErrorReport(error: Error, where: string): ClientErrorReportJson {
  const message = (error.message || error.name || 'Error').slice(0, CLIENT_ERROR_LIMITS.message);
  const stack = typeof error.stack === 'string' && error.stack.length > 0 ? error.stack.slice(0, CLIENT_ERROR_LIMITS.stack) : undefined;
  return { message, code: RENDER_ERROR_CODE, where: cleanWhere(where), ...(stack ? { stack } : {}) };
}

/** Errors already reported, so one caught by a section and seen again (rethrown, re-rendered) is reported once. */
const reported = new WeakSet<object>();

export interface ReportOptions {
  /** In development the error is also written to the console, where the developer is looking. */
  readonly dev?: boolean;
  readonly fetch?: typeof fetch;
}

/**
 * Sends a caught render error to the store's log, fire and forget: keepalive lets it finish while
 * the shopper reloads or leaves, and nothing about reporting (no network, a refusal, a fetch that
 * throws at once) may throw into the page that is trying to recover. False when this error was
 * reported already (React may hand a boundary the same error twice), so it is not rethrown twice.
 */
export function reportRenderError(error: Error, where: string, options: ReportOptions = {}): boolean {
  if (reported.has(error)) return false;
  reported.add(error);
  try {
    const body = renderErrorReport(error, where);
    if (options.dev) console.error(`Render error in ${body.where} (code ${body.code}):`, error);
    const send = options.fetch ?? globalThis.fetch;
    void send(CLIENT_ERROR_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // Reporting is a courtesy to us; the shopper's page matters more.
  }
  return true;
}

/**
 * Spec 2 §8: the render error is rethrown. Caught by a boundary, it would otherwise never reach the
 * window's error handling (the browser's console as an uncaught error, any monitoring script the store
 * adds); thrown again from a task of its own, it does, while the page stays usable.
 */
export function rethrowOutsideReact(error: Error, schedule: (task: () => void) => void = (task) => setTimeout(task, 0)): void {
  schedule(() => {
    throw error;
  });
}
