import { inject } from 'vitest';
import type { E2eServer } from './global-setup';

/**
 * The server of the worker running this file: each worker has its own (docs/decisions/139), so
 * a file's orders, clock moves and rate limits never meet another file's running at the same time.
 */
export function ownServer(): E2eServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % servers.length];
  if (!server) throw new Error('no browser-test server was started');
  return server;
}
