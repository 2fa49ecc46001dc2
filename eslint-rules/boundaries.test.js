// Each boundary rule, through the repository's own ESLint configuration, on files that do not
// exist: a bad import fails, a good one passes.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
/** Linting is quick once the configuration and parsers are loaded; loading them is not, on a busy machine. */
const slow = { timeout: 60_000 };

beforeAll(() => eslint.lintText('', { filePath: 'apps/web/src/main.tsx' }), 120_000);

/** The messages of one rule for `code` linted as the file at `filePath` (relative to the repository). */
async function problems(rule, filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const fails = async (rule, filePath, code) => expect(await problems(rule, filePath, code)).not.toEqual([]);
const passes = async (rule, filePath, code) => expect(await problems(rule, filePath, code)).toEqual([]);

describe('lend/server-routes-no-repository', slow, () => {
  const rule = 'lend/server-routes-no-repository';

  it('fails when a routes file imports a repository', async () => {
    await fails(rule, 'apps/server/src/modules/loans/loan-routes.ts', "import { findOrder } from './order-repository';\nexport const f = findOrder;\n");
    await fails(rule, 'apps/server/src/modules/loans/loan-routes.ts', "export { findOrder } from './order-repository.js';\n");
    await fails(rule, 'apps/server/src/modules/cards/card-routes.ts', "export const load = () => import('../loans/order-repository');\n");
    await fails(rule, 'apps/server/src/modules/x/routes.ts', "import type { Row } from '../y/y-repository';\nexport type R = Row;\n");
  });

  it('fails when any file that registers a route imports a repository', async () => {
    const code = [
      "import type { FastifyInstance } from 'fastify';",
      "import { companyFacts } from './modules/company/company-facts-repository';",
      "export function register(app: FastifyInstance) { app.get('/facts', async () => companyFacts()); }",
      '',
    ].join('\n');
    await fails(rule, 'apps/server/src/app.ts', code);
    await fails(rule, 'apps/server/src/web/pages.ts', code.replace("app.get('/facts', async", "app.route({ method: 'GET', url: '/facts', handler: async").replace('companyFacts()); }', 'companyFacts() }); }'));
  });

  it('passes a route that calls a service, and a service or job that calls a repository', async () => {
    await passes(rule, 'apps/server/src/modules/loans/loan-routes.ts', "import { orderDetails } from './details-service';\nexport const f = orderDetails;\n");
    await passes(rule, 'apps/server/src/modules/loans/details-service.ts', "import { findOrder } from './order-repository';\nexport const f = findOrder;\n");
    const notARoute = "import { findOrder } from './order-repository';\nconst seen = new Map<string, number>();\nexport function f(key: string) { seen.delete(key); return findOrder; }\n";
    await passes(rule, 'apps/server/src/modules/loans/order-clock.ts', notARoute);
  });
});

describe('lend/server-module-boundaries', slow, () => {
  const rule = 'lend/server-module-boundaries';

  it("fails when a module imports another module's internals", async () => {
    const file = 'apps/server/src/modules/loans/payment-service.ts';
    await fails(rule, file, "import { chargeCard } from '../cards/charge-service';\nexport const f = chargeCard;\n");
    await fails(rule, file, "import type { Card } from '../cards/card-service.js';\nexport type C = Card;\n");
    await fails(rule, file, "export * from '../cards/card-service';\n");
    await fails(rule, file, "export const load = () => import('../../modules/cards/reconciler');\n");
    await fails(rule, 'apps/server/src/modules/loans/sub/part.ts', "import { x } from '../../cards/x';\nexport const f = x;\n");
  });

  it('fails when code outside modules/ imports a module past its index', async () => {
    await fails(rule, 'apps/server/src/app.ts', "import { cardRoutes } from './modules/cards/card-routes';\nexport const f = cardRoutes;\n");
    await fails(rule, 'apps/server/src/main.ts', "import { startOrderClock } from './modules/loans/order-clock';\nexport const f = startOrderClock;\n");
    for (const folder of ['jobs', 'seed', 'cli', 'web', 'plugins', 'providers']) {
      await fails(rule, `apps/server/src/${folder}/thing.ts`, "import { x } from '../modules/loans/ledger-check';\nexport const f = x;\n");
    }
  });

  it("passes a module's own files, a module's index, and shared server code", async () => {
    const file = 'apps/server/src/modules/loans/payment-service.ts';
    await passes(rule, file, "import { a } from '../cards';\nimport { b } from '../cards/index';\nimport { c } from '../cards/index.js';\nexport const f = [a, b, c];\n");
    await passes(rule, file, "import { d } from './order-repository';\nimport { e } from '../../db/client';\nimport { g } from '../../modules/loans/ledger-check';\nexport const f = [d, e, g];\n");
    await passes(rule, 'apps/server/src/app.ts', "import { loans } from './modules/loans/index';\nimport { cards } from './modules/cards';\nexport const f = [loans, cards];\n");
  });

  it("lets the API tests under apps/server/test/ check a module's internals", async () => {
    await passes(rule, 'apps/server/test/ledger.test.ts', "import { x } from '../src/modules/loans/ledger-repository';\nexport const f = x;\n");
  });
});

describe('lend/server-module-floors', slow, () => {
  const rule = 'lend/server-module-floors';
  const use = (specifier) => `import { x } from '${specifier}';\nexport const f = x;\n`;

  it('fails when a module imports a module on a higher floor', async () => {
    const [message] = await problems(rule, 'apps/server/src/modules/orders/place-order.ts', use('../contracts'));
    expect(message).toMatch(/'orders' \(floor 4, core\) imports 'contracts' \(floor 6, loan-parts\)/);
    await fails(rule, 'apps/server/src/modules/sessions/session-service.ts', "export const load = () => import('../operator/index');\n");
    await fails(rule, 'apps/server/src/modules/repayment/issued-references.ts', "import type { Payment } from '../payments';\nexport type P = Payment;\n");
  });

  it('fails when a module imports another on its own floor', async () => {
    const [message] = await problems(rule, 'apps/server/src/modules/orders/order-service.ts', use('../promotion'));
    expect(message).toMatch(/'orders' imports 'promotion', both on floor 4 \(core\)/);
    await fails(rule, 'apps/server/src/modules/payment-webhooks/x.ts', use('../settlement/index'));
  });

  it('fails on a module that is on no floor, imported or itself', async () => {
    await fails(rule, 'apps/server/src/modules/orders/order-service.ts', use('../lottery'));
    await fails(rule, 'apps/server/src/app.ts', use('./modules/lottery'));
    await fails(rule, 'apps/server/src/modules/lottery/index.ts', 'export const draw = 1;\n');
  });

  it('fails when the infrastructure below the modules imports a module', async () => {
    await fails(rule, 'apps/server/src/config.ts', use('./modules/staff'));
    await fails(rule, 'apps/server/src/config.test.ts', use('./modules/staff'));
    await fails(rule, 'apps/server/src/plugins/borrower-auth.ts', use('../modules/sessions'));
    await fails(rule, 'apps/server/src/providers/refunds/sandbox-settlement.ts', use('../../modules/payments'));
    await fails(rule, 'apps/server/src/db/client.ts', "import type { Row } from '../modules/job-runs';\nexport type R = Row;\n");
    await fails(rule, 'apps/server/src/somewhere-new.ts', use('./modules/staff'));
  });

  it('fails when a module imports what stands above the modules: the app, jobs, the command line, seeds, the web pages', async () => {
    const [message] = await problems(rule, 'apps/server/src/modules/orders/order-service.ts', use('../../jobs/payout-jobs'));
    expect(message).toMatch(/Module 'orders' imports 'jobs\/payout-jobs'/);
    await fails(rule, 'apps/server/src/modules/orders/order-service.ts', use('../../app'));
    await fails(rule, 'apps/server/src/modules/payouts/payout-service.ts', use('../../seed/demo-data'));
    await fails(rule, 'apps/server/src/modules/site/site-routes.ts', use('../../web/static-site'));
    await fails(rule, 'apps/server/src/modules/staff/staff-routes.ts', use('../../cli/commands'));
  });

  it('passes a module importing lower floors and the infrastructure, and code above importing any module', async () => {
    await passes(rule, 'apps/server/src/modules/contracts/contract-service.ts', `${use('../orders')}${use('../../db/client').replace(/\bx\b/g, 'y')}`);
    await passes(rule, 'apps/server/src/modules/operator/borrower-service.ts', use('../privacy/index'));
    await passes(rule, 'apps/server/src/modules/orders/order-service.ts', use('./order-repository'));
    await passes(rule, 'apps/server/src/app.ts', use('./modules/operator'));
    await passes(rule, 'apps/server/src/jobs/payout-jobs.ts', use('../modules/payouts'));
    await passes(rule, 'apps/server/src/seed/volume/volume-seed.ts', use('../../modules/orders'));
    await passes(rule, 'apps/server/src/config.ts', use('./config-env'));
  });
});

describe('lend/server-table-owners', slow, () => {
  const rule = 'lend/server-table-owners';
  const repository = 'apps/server/src/modules/payments/payment-repository.ts';

  it("fails when a module imports another owner's drizzle table", async () => {
    const [message] = await problems(rule, repository, "import { loanOrders, payments } from '../../db/schema';\nexport const f = [loanOrders, payments];\n");
    expect(message).toMatch(/'loanOrders' \(loan_orders\) belongs to 'orders', not to 'payments'/);
    await fails(rule, repository, "import { loanOrders as orders } from '../../db/schema/loans';\nexport const f = orders;\n");
    await fails(rule, repository, "import * as schema from '../../db/schema';\nexport const f = schema.borrowers;\n");
    await fails(rule, repository, "export { products } from '../../db/schema';\n");
  });

  it("fails when SQL text names another owner's table", async () => {
    const head = "import { sql } from 'drizzle-orm';\n";
    await fails(rule, repository, `${head}export const f = sql\`select 1 from loan_orders where id = \${1}\`;\n`);
    await fails(rule, repository, `${head}export const f = sql<number>\`exists (select 1 from payments p join public.loan_installments i on i.order_id = p.order_id)\`;\n`);
    await fails(rule, repository, `${head}export const f = sql\`update "loan_orders" set status_code = 1\`;\n`);
    await fails(rule, repository, `${head}export const f = sql\`\${1} = "borrowers".id\`;\n`);
    await fails(rule, repository, `${head}export const f = sql.raw('insert into ledger_entries default values');\n`);
    await fails(rule, repository, "export const statement = `delete from reminder_sends where id = $1`;\n");
  });

  it('fails when a provider names a table its folder does not own', async () => {
    await fails(rule, 'apps/server/src/providers/sms/outbox-repository.ts', "import { sandboxPayouts } from '../../db/schema';\nexport const f = sandboxPayouts;\n");
    await fails(rule, 'apps/server/src/providers/storage/s3-storage.ts', "import { smsOutbox } from '../../db/schema';\nexport const f = smsOutbox;\n");
    await fails(rule, 'apps/server/src/providers/payouts/stp/stp-order.ts', "import { sandboxPayouts } from '../../../db/schema';\nexport const f = sandboxPayouts;\n");
  });

  it('passes the owner naming its tables, a type of a table, prose, and tests', async () => {
    const own = "import { sql } from 'drizzle-orm';\nimport { payments, paymentExceptions } from '../../db/schema';\nexport const f = [payments, paymentExceptions, sql`select 1 from payments join payment_exceptions on true`];\n";
    await passes(rule, repository, own);
    await passes(rule, 'apps/server/src/providers/payouts/sandbox/sandbox-payout-store.ts', "import { sandboxPayouts } from '../../../db/schema';\nexport const f = sandboxPayouts;\n");
    await passes(rule, 'apps/server/src/providers/cards/sandbox/sandbox-card-repository.ts', "import { sandboxCardTokens } from '../../../db/schema';\nexport const f = sandboxCardTokens;\n");
    await passes(rule, 'apps/server/src/modules/one-time-codes/code-repository.ts', "import type { loginCodes } from '../../db/schema';\nexport type T = typeof loginCodes;\n");
    await passes(rule, repository, "export const summary = 'The payments received from borrowers, and from payments by hand';\n");
    await passes(rule, 'apps/server/src/modules/payments/payment-repository.test.ts', "import { loanOrders } from '../../db/schema';\nexport const f = loanOrders;\n");
    await passes(rule, 'apps/server/src/jobs/retention-job.ts', "import { sessions } from '../db/schema';\nexport const f = sessions;\n");
  });
});

describe('lend/server-faces-no-sql', slow, () => {
  const rule = 'lend/server-faces-no-sql';
  const face = 'apps/server/src/modules/payments/index.ts';
  const fixture = '../../../../../eslint-rules/fixtures/sql-fragment';

  it('fails when a face exports a function declared to return an SQL fragment', async () => {
    const [message] = await problems(rule, face, `export { paidCondition } from '${fixture}';\n`);
    expect(message).toMatch(/The face of 'payments' exports 'paidCondition', which returns an SQL fragment/);
    await fails(rule, face, `export { openCondition as open } from '${fixture}';\n`);
    await fails(rule, face, `export * from '${fixture}';\n`);
    await fails(rule, face, `import { paidCondition } from '${fixture}';\nexport { paidCondition };\n`);
    await fails(rule, face, "import { sql, type SQL } from 'drizzle-orm';\nexport function paid(): SQL<boolean> {\n  return sql`true`;\n}\n");
  });

  it('passes a face exporting values and functions that run their query, and a module file using a fragment inside', async () => {
    await passes(rule, face, `export { paidCount } from '${fixture}';\nexport type { SQL } from 'drizzle-orm';\n`);
    await passes(rule, 'apps/server/src/modules/payments/payment-repository.ts', `export { paidCondition } from '${fixture}';\n`);
  });
});

describe('lend/layers (web)', slow, () => {
  const rule = 'lend/layers';

  it('fails when a feature imports another feature', async () => {
    await fails(rule, 'apps/web/src/features/delay/DelayScreen.tsx', "import { RepaymentScreen } from '../repayment/RepaymentScreen';\nexport const f = RepaymentScreen;\n");
    await fails(rule, 'apps/web/src/features/repayment/components/Part.tsx', "import { x } from '../../delay/api/get-delay';\nexport const f = x;\n");
    await fails(rule, 'apps/web/src/features/delay/lazy.ts', "export const modules = import.meta.glob('../*/*Screen.tsx');\n");
  });

  it('fails when features, lib or ui import app/, or lib or ui import a feature', async () => {
    await fails(rule, 'apps/web/src/features/delay/DelayScreen.tsx', "import { AreaTree } from '../../app/area-tree';\nexport const f = AreaTree;\n");
    await fails(rule, 'apps/web/src/lib/format.ts', "import { AreaTree } from '../app/area-tree';\nexport const f = AreaTree;\n");
    await fails(rule, 'apps/web/src/ui/Modal.tsx', "import { AreaTree } from '../app/area-tree';\nexport const f = AreaTree;\n");
    await fails(rule, 'apps/web/src/lib/http/machine.ts', "import { x } from '../../features/delay/api/get-delay';\nexport const f = x;\n");
    await fails(rule, 'apps/web/src/ui/payment-channels/ChannelGroups.tsx', "import { x } from '../../features/repayment/RepaymentScreen';\nexport const f = x;\n");
    await fails(rule, 'apps/web/src/locales/en/delay.ts', "import { x } from '../../features/delay/DelayScreen';\nexport const f = x;\n");
  });

  it('passes a feature using its own files, lib/ and ui/, and app/ using features', async () => {
    const code = [
      "import { ChannelGroups } from '../../ui/payment-channels/ChannelGroups';",
      "import { useMarketFormat } from '../../lib/format';",
      "import { Part } from './components/Part';",
      "import './delay.css';",
      'export const f = [ChannelGroups, useMarketFormat, Part];',
      '',
    ].join('\n');
    await passes(rule, 'apps/web/src/features/delay/DelayScreen.tsx', code);
    await passes(rule, 'apps/web/src/app/screen-modules.ts', "export const modules = import.meta.glob('../features/*/*Screen.tsx');\n");
    await passes(rule, 'apps/web/src/ui/Toast.tsx', "import { toast } from '../lib/toast';\nexport const f = toast;\n");
  });
  it('fails when a back-office feature imports another, and holds the back office to both trees', async () => {
    const [message] = await problems(rule, 'apps/web/src/backoffice/features/payments/PaymentsSection.tsx', "import { formatMinor } from '../orders/order-timeline';\nexport const f = formatMinor;\n");
    expect(message).toMatch(/features\/payments does not import features\/orders/);
    await fails(rule, 'apps/web/src/backoffice/lib/format.ts', "import { x } from '../features/orders/OrdersQueue';\nexport const f = x;\n");
    await fails(rule, 'apps/web/src/backoffice/ui/DataTable.tsx', "import { x } from '../app/BackofficeApp';\nexport const f = x;\n");
    await fails(rule, 'apps/web/src/backoffice/features/orders/OrderPage.tsx', "import { x } from '../../../features/delay/DelayScreen';\nexport const f = x;\n");
  });

  it("passes a back-office feature using its own files, the back office's lib/ and ui/, and the web's texts", async () => {
    const code = [
      "import { useT } from '../../../lib/i18n/backoffice';",
      "import { formatMinor } from '../../lib/format';",
      "import { DataTable } from '../../ui/DataTable';",
      "import { orderTimeline } from './order-timeline';",
      'export const f = [useT, formatMinor, DataTable, orderTimeline];',
      '',
    ].join('\n');
    await passes(rule, 'apps/web/src/backoffice/features/orders/OrderPage.tsx', code);
    await passes(rule, 'apps/web/src/backoffice/app/BackofficeApp.tsx', "import { OrdersQueue } from '../features/orders/OrdersQueue';\nexport const f = OrdersQueue;\n");
  });
});

describe('lend/native-host (web)', slow, () => {
  const rule = 'lend/native-host';
  const screen = 'apps/web/src/features/loan-details/LoanDetailsScreen.tsx';

  it('fails on every way of reading a host object outside the bridge adapter', async () => {
    const reads = [
      'window.webkit',
      'window.AndroidBridge',
      'globalThis.webkit',
      'self.webkit',
      "window['webkit']",
      'window[`AndroidBridge`]',
      'globalThis.window.AndroidBridge',
      'window?.webkit',
      '(window as unknown as { webkit: unknown }).webkit',
      "'AndroidBridge' in window",
      "Reflect.get(globalThis, 'webkit')",
      'AndroidBridge',
    ];
    for (const read of reads) await fails(rule, screen, `export const host = ${read};\n`);
    await fails(rule, screen, 'const { webkit } = window;\nexport const host = webkit;\n');
    await fails(rule, screen, "const { ['AndroidBridge']: android } = self;\nexport const host = android;\n");
  });

  it('passes the bridge adapter itself, and other reads of the global object', async () => {
    await passes(rule, 'apps/web/src/lib/native-bridge/index.ts', "export const host = [window.webkit, globalThis.AndroidBridge, window['webkit']];\n");
    await passes(rule, screen, "const webkit = 1;\nconst host = { AndroidBridge: 2 };\nexport const f = [window.location, webkit, host.AndroidBridge, 'webkit' in host];\n");
  });

  it("fails on the adapter's own files imported past its index", async () => {
    const restricted = 'no-restricted-imports';
    await fails(restricted, screen, "import type { NativeHost } from '../../lib/native-bridge/host';\nexport type H = NativeHost;\n");
    await passes(restricted, screen, "import { nativeBridge } from '../../lib/native-bridge';\nexport const f = nativeBridge;\n");
    await passes(restricted, 'apps/web/src/lib/native-bridge/index.ts', "import type { NativeHost } from './host';\nexport type H = NativeHost;\n");
  });
});

describe('no-restricted-imports (web and server)', slow, () => {
  const rule = 'no-restricted-imports';
  const use = (specifier) => `import { x } from '${specifier}';\nexport const f = x;\n`;

  it('fails when the web app reaches into the server by any path', async () => {
    await fails(rule, 'apps/web/src/features/delay/DelayScreen.tsx', use('../../../../server/src/app'));
    await fails(rule, 'apps/web/src/lib/format.ts', use('../../../server/test/stand-ins/stripe-stand-in'));
    await fails(rule, 'apps/web/e2e/payment-rails.test.ts', use('../../server/src/app'));
    await fails(rule, 'apps/web/e2e/payment-rails.test.ts', use('../../server/test/helpers'));
    await fails(rule, 'apps/web/e2e/payment-rails.test.ts', use('../../server/test/stand-ins/../../src/config'));
    await fails(rule, 'apps/web/e2e/payment-rails.test.ts', use('@lend/server'));
  });

  it("passes the browser tests importing the server's stand-ins", async () => {
    await passes(rule, 'apps/web/e2e/payment-rails.test.ts', use('../../server/test/stand-ins/stripe-stand-in'));
    await passes(rule, 'apps/web/e2e/payment-rails.test.ts', use('./helpers/server'));
  });
});
