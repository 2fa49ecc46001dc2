import { defineConfig } from 'vitest/config';

const apiTests = ['apps/server/test/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;
/** Compiles the server when stale: tests start it and its command line as `npm start` does, and open the prepared empty database. */
const serverBuild = 'scripts/server-build-setup.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.js'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: [serverBuild],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                // Process start-up and file locking concern the embedded database only.
                exclude: ['apps/server/test/process.test.ts'],
                env: { TEST_DB_DRIVER: 'postgres' },
                globalSetup: [serverBuild],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: [serverBuild, 'apps/web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
