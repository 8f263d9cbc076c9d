/**
 * POST /data/client-errors/ (ours): what the page's error boundaries send about a render error they
 * caught. The page trims to these sizes; the API refuses anything longer, so a report stays one
 * readable log line.
 */
export interface ClientErrorReportJson {
  readonly message: string;
  /** The catalogued code the page showed with the error (the generic 999 for a render error). */
  readonly code: number;
  /** Where the page was: `route:/en-gb/checkout` for a page, `checkout:basket` for a checkout section. */
  readonly where: string;
  readonly stack?: string;
}

export const CLIENT_ERROR_PATH = '/data/client-errors/';

export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, where: 120 } as const;

/** What `where` may hold: letters, digits and a few separators, so a report cannot forge log structure. */
export const CLIENT_ERROR_WHERE = /^[A-Za-z0-9:/._-]+$/;
