import type { Pool } from 'pg';

/**
 * A pool listens for an idle connection's loss only. One lost while it is checked out (between two
 * statements of a transaction, or held for a job's advisory lock while the job runs) would
 * otherwise be an unhandled 'error' event, which ends the process: it is reported here, the holder
 * fails on its next statement, and the pool discards the connection on its release
 * (docs/decisions/216).
 */
export function reportPoolErrors(pool: Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('acquire', (client) => client.on('error', onError));
  pool.on('release', (_error, client) => client.removeListener('error', onError));
}
