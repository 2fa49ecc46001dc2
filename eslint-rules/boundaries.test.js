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
