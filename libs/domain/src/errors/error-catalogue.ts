/**
 * The one catalogue of error codes. A code is stable: it travels from the domain
 * through the HTTP body to the browser, which maps it to a message or a field.
 * Codes follow the groups the spec declares (HTTP codes, 1001xx account, 2xxxxx basket
 * and payment, 7000xx password, 8000xx request); docs/decisions.md records the choices.
 */
export const ErrorCatalogue = {
  BAD_REQUEST: { code: 400, message: 'The request is not valid' },
  FORBIDDEN: { code: 403, message: 'You are not allowed to do that' },
  NOT_FOUND: { code: 404, message: 'The page or resource you asked for does not exist' },
  TOO_MANY_REQUESTS: {
    code: 429,
    message: "Too many failed attempts. You can't access this page right now. Please try again later.",
  },
  SERVER_ERROR: { code: 500, message: 'Something went wrong' },
  SERVICE_UNAVAILABLE: { code: 503, message: 'The store is unavailable right now. Please try again shortly.' },

  VALIDATION_FAILED: { code: 100100, message: 'One or more fields are not valid' },

  BASKET_NOT_FOUND: {
    code: 200404,
    message: 'We could not find your basket. Please refresh the page and try again.',
  },
  PRODUCT_NOT_FOUND: { code: 200405, message: 'This product is not available' },
  PRODUCT_NOT_AVAILABLE_IN_COUNTRY: {
    code: 200406,
    message: 'This product is not available in your country',
  },
  BASKET_STALE: {
    code: 210,
    message: "This basket has been updated while you've been using the checkout. Please refresh the page and try again.",
  },
  QUANTITY_NOT_VALID: { code: 200407, message: 'The quantity you have chosen is not available' },

  PASSWORD_COMPROMISED: {
    code: 700001,
    message:
      'You have chosen a popular password. To help keep your account secure, please choose one that is more unique',
  },

  MALFORMED_JSON: { code: 800001, message: 'The request body is not valid JSON' },
  PAYLOAD_TOO_LARGE: { code: 800002, message: 'The request body is too large' },
  MISSING_REQUESTED_WITH: {
    code: 800003,
    message: 'Data requests must carry the header X-Requested-With: XMLHttpRequest',
  },
} as const;

export type ErrorName = keyof typeof ErrorCatalogue;
export type ErrorCode = (typeof ErrorCatalogue)[ErrorName]['code'];

/** Field-level details, keyed by field name, for validation failures. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/** An expected failure with a catalogued code; carried as a value in results, or thrown at the edge. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errorName: ErrorName;
  readonly fields?: FieldErrors;

  constructor(name: ErrorName, options: { message?: string; fields?: FieldErrors } = {}) {
    super(options.message ?? ErrorCatalogue[name].message);
    this.name = 'DomainError';
    this.errorName = name;
    this.code = ErrorCatalogue[name].code;
    this.fields = options.fields;
  }
}

export function errorNameForCode(code: number): ErrorName | undefined {
  return (Object.keys(ErrorCatalogue) as ErrorName[]).find((name) => ErrorCatalogue[name].code === code);
}
