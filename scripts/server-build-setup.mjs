// Vitest global set-up: compiles the server when it is stale, so tests that start the real server
// or the operator command line run what `npm start` runs, built once for the whole run.
import { ensureServerBuild } from './server-build.mjs';

export default async function setup() {
  await ensureServerBuild();
}
