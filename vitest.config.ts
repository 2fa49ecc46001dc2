import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const apiTests = ['apps/server/test/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;
/** Compiles the server when stale: tests start it and its command line as `npm start` does, and open the prepared empty database. */
const serverBuild = 'scripts/server-build-setup.mjs';
/**
 * The API test files share their worker's loaded modules instead of loading the server afresh for
 * each file: every test builds its own app on its own database, and loading took longer than most
 * files' tests. Tests share the processors with other workers' files and, in `npm test`, with the
 * type check and the web build: the time limits leave room for that.
 */
const apiFiles = { include: apiTests, isolate: false, testTimeout: 60_000, hookTimeout: 90_000 };

/**
 * The API files that run on PostgreSQL as well as on the embedded database (docs/decisions/200):
 * those that move money or race (payments, cards, cash, refunds, payouts, extensions, the ledger
 * and settlement; concurrent commits, confirms, pushes, webhooks, applications and order numbers;
 * jobs, shared state and limits across servers), and those about the database itself. Screens,
 * texts, sign-in and staff pages behave alike on both engines and run on the embedded one only.
 */
const POSTGRES_FILES = [
  // money
  'card-charges', 'collections', 'collection-messages', 'delinquency', 'write-off', 'loan-settlements', 'book-health', 'card-cli', 'card-codes', 'card-concurrency', 'card-crash', 'card-payable', 'card-provider-down', 'card-reconcile-at',
  'card-redirect', 'card-repayment', 'cash-reconciler', 'payment-plans', 'deleted-borrower-money', 'demo-data', 'ledger-check', 'ledger-check-job', 'ledger-guards', 'loans-extension',
  'loans-offers-and-push', 'loans-orders', 'order-clock', 'payment-exceptions', 'payment-references', 'payment-simulate-cli',
  'payments-applied', 'payments-borrower', 'payments-concurrency', 'payments-operator', 'payments-operator-cli',
  'payments-refused', 'payout-cli', 'payout-crash', 'payouts-accounts-and-legacy', 'payouts-flow', 'payouts-razorpayx',
  'payouts-recovery', 'payouts-refused', 'payouts-reversed-after-payment', 'payouts-stp', 'razorpay-cards', 'razorpay-cash', 'razorpay-refunds',
  'razorpayx-payouts', 'refund-approvals', 'refunds', 'repayment-adds-up', 'sandbox-checkout', 'settlement',
  'stp-payouts', 'stripe-cards', 'stripe-cash', 'stripe-refund-events', 'stripe-refund-rails', 'stripe-refunds',
  // races, jobs and state shared between servers
  'credit-decisions', 'credit-decision-facts', 'order-numbers', 'job-runner', 'shared-state', 'limits-outage', 'sms-budget', 'promotion-abuse',
  // the database itself
  'account-migration', 'database', 'database-roles', 'metrics', 'order-details-answers', 'order-details-read', 'staff-notes', 'volume-seed',
];
const postgresFiles = POSTGRES_FILES.map((name) => `apps/server/test/${name}.test.ts`);
// A renamed or deleted file would otherwise leave the PostgreSQL run silently shorter.
for (const file of postgresFiles) if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: POSTGRES_FILES names ${file}, which does not exist`);

/**
 * Files that take a minute or more each (processes killed and restarted, sweeps of many orders,
 * sign-in limits that wait out their windows). A fresh clone has no timings from an earlier run, so
 * they start first: started last, one of them alone would lengthen the run by its own duration.
 */
const LONG_FILES = [
  'card-crash.test.ts',
  'order-clock.test.ts',
  'card-concurrency.test.ts',
  'process.test.ts',
  'account-sign-in.test.ts',
  'account-sessions.test.ts',
  'reminders-due.test.ts',
  // Browser files that take a minute or more.
  'borrower-first-paint.test.ts',
  'web-journey.test.ts',
  'payments.test.ts',
  'loan-lifecycle.test.ts',
  'complaints.test.ts',
  'site.test.ts',
  'privacy-centre.test.ts',
  'promotion.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // One worker more than processors: a PostgreSQL test waits on the database server, a process
    // test on the server it started, and meanwhile another file's tests use the processor.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // A few unit tests draw images or hash; beside the API workers they get a share of a processor.
          testTimeout: 15_000,
          // As the API files: a worker's files share its loaded modules, which took longer to load
          // afresh for each file than most files take to run; stubbed globals are put back after each test.
          isolate: false,
          unstubGlobals: true,
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.js', 'scripts/bench/**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          ...apiFiles,
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: [serverBuild],
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                ...apiFiles,
                include: postgresFiles,
                env: { TEST_DB_DRIVER: 'postgres' },
                globalSetup: [serverBuild, 'apps/server/test/postgres-template-setup.ts'],
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
          // Two files at once, each worker on its own server (docs/decisions/139): the browser step
          // keeps both processors busy, so three or four workers were no faster (`E2E_WORKERS` sets
          // another number to measure again). A server named by E2E_BASE_URL is one for all: one
          // file at a time, or a file's order clock sweep moves another's orders, as --maxWorkers=1
          // alone does not override this (docs/decisions/195).
          maxWorkers: process.env.E2E_BASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 2),
          // A screen taking over its page waits on a processor shared with the other worker's browser.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
