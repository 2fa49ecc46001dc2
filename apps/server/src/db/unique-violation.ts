/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * The name of the unique key an insert or update broke, or undefined for any other failure.
 * Drivers (pg, PGlite) put it on their error; drizzle wraps that error as the `cause` of its own.
 */
export function violatedUniqueKey(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as DriverError;
    if (candidate.code === UNIQUE_VIOLATION) return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}
