/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a
 * failover, a terminated backend, a pool that cannot connect): a passing condition the shopper can
 * retry after, answered as SERVICE_UNAVAILABLE (503) rather than a server error. A socket error that
 * reaches the filter from another backing service (unreachable, reset) is the same kind of passing
 * condition and is answered the same way.
 */

/**
 * SQLSTATE classes and codes of a lost or refused connection (08: connection exception; 57P01-03:
 * shutdown, crash, starting up; 53300: too many connections) and of a statement the server cancelled
 * at the statement timeout (57014): the database is too slow to answer now.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300|57014)$/;
/** Node's socket errors when the server is not there or went away. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres's own words for a connection that ended or could not be made. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  // A statement the server did not answer within the read timeout (a frozen or unreachable server).
  'Query read timeout',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || SOCKET_ERRORS.has(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.includes(words))) return true;
  // TypeORM wraps the driver's error; errors may carry their cause.
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}
