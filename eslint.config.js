import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lend from './eslint-rules/index.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/.prerender/**', 'data/**', 'artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Packages stay pure: no app code, no I/O.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**', 'node:*', 'fs', 'path', 'react'] }],
    },
  },
  {
    // Only the bridge adapter talks to the native host: no other web file reads the objects the
    // Android and iOS hosts inject (docs/native-bridge.md), by any way of naming the global object.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/native-bridge/**'],
    plugins: { lend },
    rules: {
      'lend/native-host': ['error', { hosts: ['webkit', 'AndroidBridge'] }],
    },
  },
  {
    // Imports inside the web app run app -> features -> ui/lib; features do not import each other
    // (what two screens share lives in lib/ or ui/); every visible string comes from locales/. The
    // back office, its own tree inside the web app, is held by both trees at once.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { lend },
    rules: {
      'lend/layers': [
        'error',
        {
          root: 'apps/web/src',
          layers: {
            app: ['features', 'lib', 'ui', 'locales'],
            features: ['lib', 'ui', 'locales'],
            lib: ['ui', 'locales'],
            ui: ['lib', 'locales'],
            locales: [],
            // The back office (docs/decisions/166) takes texts and their machinery, nothing of the borrower's screens.
            backoffice: ['lib', 'locales'],
          },
          isolated: ['features'],
        },
        {
          // The back office is built the same way inside its folder: no section's feature imports
          // another's (what two sections share lives in its lib/ or ui/).
          root: 'apps/web/src/backoffice',
          layers: {
            app: ['features', 'lib', 'ui'],
            features: ['lib', 'ui'],
            lib: ['ui'],
            ui: ['lib'],
          },
          isolated: ['features'],
        },
      ],
    },
  },
  {
    // Server: routes call services, never a repository; a module is used by others (and by
    // app.ts, main.ts, jobs/, cli/, seed/, web/, plugins/, providers/) only through its face,
    // modules/<name>/index.ts. API tests (apps/server/test/) may check a module's internals.
    files: ['apps/server/src/**/*.ts'],
    plugins: { lend },
    rules: {
      'lend/server-routes-no-repository': 'error',
      'lend/server-module-boundaries': 'error',
      // Modules stand on floors, bottom first, and import only modules on lower floors, so no import
      // loop between modules can be written; a new module must be placed (docs/decisions/211).
      'lend/server-module-floors': [
        'error',
        {
          floors: [
            // What everything else stands on: people's sign-in, the lender, codes, the books, records.
            { name: 'base', modules: ['staff', 'sessions', 'one-time-codes', 'ledger', 'job-runs', 'preferences'] },
            // The lender in each market: its facts and contacts, changed by administrators.
            { name: 'lender', modules: ['company'] },
            // What the lender offers and shows.
            { name: 'catalogue', modules: ['products', 'cards', 'site', 'promotion-campaigns'] },
            // Orders, and the promotion that brings borrowers in.
            { name: 'core', modules: ['orders', 'promotion'] },
            // Late orders: how late each is, its bucket, and the people who work it.
            { name: 'late-orders', modules: ['collections'] },
            // What is built around an order: its clock, its documents, the borrower's profile and screens.
            { name: 'loan-parts', modules: ['order-clock', 'order-details', 'order-desk', 'pricing-preview', 'contracts', 'profiles', 'account', 'complaints', 'home', 'repayment'] },
            // Lending money out and deciding to; staff notes, which name a borrower, an order or a complaint.
            { name: 'lending', modules: ['payouts', 'credit', 'reminders', 'dev', 'notes'] },
            { name: 'payments', modules: ['payments'] },
            { name: 'cards-charged', modules: ['card-repayment'] },
            { name: 'refunds', modules: ['refunds'] },
            // Money arriving from outside: the providers' deliveries and their settlement reports.
            { name: 'money-entry', modules: ['payment-webhooks', 'settlement'] },
            // What reaches across a borrower's data: the privacy centre.
            { name: 'people', modules: ['privacy'] },
            // The book's health: figures over the whole book, from orders, late orders and payments.
            { name: 'book', modules: ['book-health'] },
            { name: 'operator', modules: ['operator'] },
            // Every list the back office shows, as CSV: above each module whose list it reads.
            { name: 'exports', modules: ['list-exports'] },
          ],
          // Below every module: they import none, so a module may use them without a loop.
          infrastructure: [
            'config.ts', 'config-env.ts', 'config-services.ts', 'config-defaults.ts', 'db/', 'errors.ts', 'metrics/', 'counters/', 'logging.ts', 'providers/',
            'plugins/', 'concurrency.ts', 'private-files.ts', 'server-root.ts', 'trust-proxy.ts', 'operator-token.ts', 'readiness.ts',
            'real-providers.ts', 'html-escape.ts', 'scheduled-job.ts',
          ],
          // Above every module: they join modules together, each through its face.
          above: ['app.ts', 'main.ts', 'jobs/', 'cli/', 'seed/', 'web/', 'api-docs.ts'],
        },
      ],
      // Only a table's owner names it (docs/decisions/211); the owners are data the server's test also reads.
      'lend/server-table-owners': ['error', { owners: 'apps/server/src/db/table-owners.json' }],
      // Nor does a face hand out an SQL fragment that would carry its tables into another module's query.
      'lend/server-faces-no-sql': 'error',
    },
  },
  {
    // The web app must not reach into the server, nor the server into the web app, by any path
    // (`../../server/src/…` from apps/web names no `apps/`); the native bridge adapter is used
    // through its index (its own files import each other by './').
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@lend/server'] },
            { regex: '(^|/)server/(src|test)(/|$)', message: 'The web app does not import the server.' },
            { group: ['**/lib/native-bridge/*'], message: 'Import the native bridge adapter through lib/native-bridge (its index).' },
          ],
        },
      ],
    },
  },
  {
    // The one exception: the browser tests drive the real server against the same stand-ins of the
    // payment providers the API tests use, so they import those stand-ins and nothing else of the server.
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@lend/server'] },
            {
              regex: '(^|/)server/(?!test/stand-ins/[\\w.-]+$)(src|test)(/|$)',
              message: 'A browser test imports only the server\'s stand-ins (apps/server/test/stand-ins/*).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '**/web/src/**', '@lend/web'] }] },
  },
  {
    // The counters are typed in one place; everything else counts through them (docs/decisions/170).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/metrics/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '**/web/src/**', '@lend/web'] },
            { group: ['prom-client'], message: 'Count through src/metrics (its index), not prom-client.' },
          ],
        },
      ],
    },
  },
  {
    // The one exception: this test reads the web's published loan terms to prove they state what the engine charges.
    files: ['apps/server/test/published-loan-terms.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)web/src/(?!features/site/legal/[\\w-]+$)' }, { group: ['@lend/web'] }] }],
    },
  },
);
