import { DatabaseUnavailableError } from './client';

/**
 * SQLSTATEs that mean the connection, not the statement, failed: connection exceptions (class 08),
 * the server shutting down or ending the backend (57P01–57P03), and no connection slot left.
 */
const LOST_CONNECTION_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300']);
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says when a connection drops under a query or the pool cannot open one in time. */
const LOST_CONNECTION_MESSAGES = [/^Connection terminated/, /connection error and is not queryable/, /timeout exceeded when trying to connect/];

/**
 * The error, or one it wraps (drizzle wraps the driver's), says the database could not be reached
 * or the connection was lost: the request did nothing and may be asked again, so it is answered 503,
 * not 500 (docs/decisions/201). A transaction cut this way was rolled back by PostgreSQL.
 */
export function isDatabaseUnavailable(thrown: unknown): boolean {
  for (let current: unknown = thrown, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CONNECTION_STATES.has(code) || LOST_SOCKET_CODES.has(code))) return true;
    if (LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}
