import { LoanStatus, type PayoutView } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError, type CommandContext } from '../src/cli/commands';
import { OperatorCallError } from '@lend/contracts';
import { PAYOUT_COMMANDS } from '../src/cli/payout-commands';
import { createTestApp, operatorCommandLine, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { approvedOrder } from './payout-helpers';

/** The operator's payout commands over the operator API (docs/decisions/152, 153). */

let t: TestApp;
let context: CommandContext & { printed: string[] };
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  context = await operatorCommandLine(t);
});
afterAll(async () => t?.close());

async function run(words: string, positionals: string[] = [], options: Record<string, string> = {}): Promise<unknown[]> {
  const command = PAYOUT_COMMANDS.find((c) => c.words.join(' ') === words);
  if (!command) throw new Error(`no command ${words}`);
  context.printed.length = 0;
  await command.run(context, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, [v]])), positionals);
  return context.printed.map((line) => JSON.parse(line) as unknown);
}

describe('payout commands', () => {
  it('lists the queue, sends, lands a sandbox payout and shows it; refuses what makes no sense', async () => {
    const { orderNo } = await approvedOrder(t.app, '5575000001', 'peso-plus-120');
    expect(((await run('payout list')) as PayoutView[]).map((p) => p.orderNo)).toContain(orderNo);
    expect(await run('payout send')).toMatchObject([{ inFlight: 1 }]);
    expect(await run('payout sandbox', ['settle', orderNo])).toMatchObject([{ orderNo, status: 'paid' }]);
    expect(await run('payout show', [orderNo])).toMatchObject([{ orderNo, status: 'paid' }]);
    expect(await run('payout list', [], { view: 'attention' })).toEqual([]);
    expect(await run('payout reconcile')).toMatchObject([{ checked: 0 }]);

    await expect(run('payout list', [], { view: 'everything' })).rejects.toThrow(UsageError);
    await expect(run('payout sandbox', ['explode', orderNo])).rejects.toThrow(UsageError);
    await expect(run('payout retry', [orderNo])).rejects.toThrow(OperatorCallError);
  });

  it('restates an order whose payout came back after a repayment (docs/decisions/224)', async () => {
    const { orderNo } = await approvedOrder(t.app, '5575000002', 'peso-plus-120');
    await run('payout send');
    await run('payout sandbox', ['settle', orderNo]);
    await expect(run('payout restate', [orderNo])).rejects.toThrow(OperatorCallError);
    expect((await recordTransfer(t.app, orderNo, 50_00, 'SPEI 9001')).code).toBe(0);
    expect(await run('payout sandbox', ['reverse', orderNo])).toMatchObject([{ status: 'reversed', reason: 'reversed-after-payment' }]);
    expect(await run('payout restate', [orderNo])).toMatchObject([{ orderNo, status: LoanStatus.Disbursing, creditMinor: 50_00 }]);
    await expect(run('payout restate', [])).rejects.toThrow(UsageError);
  });
});
