import { ErrorCode, type LedgerCheckView, type LedgerView, type ManualPaymentResult, type OperatorPayoff, type Receipt } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/cli/commands';
import { LEDGER_COMMANDS, LedgerMismatchError } from '../src/cli/ledger-commands';
import { loanOrders } from '../src/db/schema';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { paidOutToday } from './operator-payment-helpers';

let t: TestApp;
let context: CommandContext & { printed: string[]; noted: string[] };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const serverUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const printed: string[] = [];
  const noted: string[] = [];
  context = { serverUrl, token: TEST_OPERATOR_TOKEN, print: (line) => printed.push(line), note: (line) => noted.push(line), printed, noted };
});
afterAll(async () => {
  await t?.close();
});

/** Runs a command the way main.ts does after parsing the arguments; answers the last line printed. */
async function run<T = unknown>(words: string, options: Record<string, string[]> = {}, positionals: string[] = []): Promise<T> {
  const command = LEDGER_COMMANDS.find((c) => c.words.join(' ') === words);
  if (!command) throw new Error(`no command ${words}`);
  context.printed.length = 0;
  context.noted.length = 0;
  await command.run(context, options, positionals);
  return JSON.parse(context.printed.at(-1) ?? 'null') as T;
}

describe('payment and ledger commands of the operator command line', () => {
  it('records a transfer once, lists and shows its receipt, and prints the ledger and the payoff', async () => {
    const { orderNo } = await paidOutToday(t.app, '5512470001');
    const previousUser = process.env.USER;
    process.env.USER = 'marta';
    let recorded: ManualPaymentResult;
    try {
      recorded = await run<ManualPaymentResult>('payment record', { order: [orderNo], amount: ['1,250.50'], 'reference-note': ['SPEI 777'] });
    } finally {
      process.env.USER = previousUser;
    }
    expect(recorded).toMatchObject({ replay: false, receipt: { orderNo, amountMinor: 1_250_50, recordedBy: 'marta', note: 'SPEI 777' } });
    const again = await run<ManualPaymentResult>('payment record', { order: [orderNo], amount: ['1250.50'], 'reference-note': ['SPEI 777'], by: ['otro'] });
    expect(again).toMatchObject({ replay: true, receipt: { id: recorded.receipt.id } });
    expect(context.noted).toEqual(['This transfer was recorded before: nothing new was applied.']);

    await run('payment list', { order: [orderNo] });
    expect(context.printed.map((line) => (JSON.parse(line) as Receipt).id)).toEqual([recorded.receipt.id]);
    expect(await run<Receipt>('payment show', {}, [String(recorded.receipt.id)])).toEqual(recorded.receipt);

    const ledger = await run<LedgerView>('order ledger', {}, [orderNo]);
    expect(ledger.entries.map((e) => e.kind)).toEqual(['disbursal', 'payment']);
    const payoff = await run<OperatorPayoff>('order payoff', {}, [orderNo]);
    expect(payoff).toMatchObject({ orderNo, allowed: false, outstandingMinor: recorded.receipt.balanceAfterMinor });
  });

  it('refuses bad usage before calling the server, and says what the server refused', async () => {
    await expect(run('payment record', { order: ['X1'], amount: ['ten'], 'reference-note': ['n'], by: ['a'] })).rejects.toThrow(/^--amount/);
    await expect(run('payment record', { order: ['X1'], amount: ['10'], by: ['a'] })).rejects.toThrow(/^--reference-note/);
    await expect(run('payment record', { amount: ['10'], 'reference-note': ['n'], by: ['a'] })).rejects.toThrow(/^--order/);
    await expect(run('payment show', {}, ['abc'])).rejects.toThrow(/^<paymentId>/);
    await expect(run('order ledger')).rejects.toThrow(/^<orderNo>/);
    await expect(run('order payoff', {}, ['NOPE0009'])).rejects.toMatchObject({ name: 'OperatorCallError', code: ErrorCode.NotFound, message: 'Not found.' });
  });

  it('prints the ledger check and ends in error when the books disagree', async () => {
    const clean = await run<LedgerCheckView>('ledger check');
    expect(clean.mismatchCount).toBe(0);

    const { orderNo } = await paidOutToday(t.app, '5512470002');
    // The ledger is append-only: the disagreement is put in the order, and taken out again after.
    await t.database.db.update(loanOrders).set({ creditMinor: 7 }).where(eq(loanOrders.orderNo, orderNo));
    try {
      const failure = run('ledger check');
      await expect(failure).rejects.toBeInstanceOf(LedgerMismatchError);
      await expect(failure).rejects.toThrow(/found 1 mismatch\(es\)/);
      const printed = JSON.parse(context.printed.at(-1) ?? 'null') as LedgerCheckView;
      expect(printed.mismatchCount).toBe(1);
      expect(printed.mismatches).toEqual([{ kind: 'account', orderNo, account: 'borrower_credit', orderSaysMinor: -7, ledgerSaysMinor: 0 }]);
    } finally {
      await t.database.db.update(loanOrders).set({ creditMinor: 0 }).where(eq(loanOrders.orderNo, orderNo));
    }
  });
});
