import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_COMMANDS } from '../src/cli/card-commands';
import { UsageError, type CommandContext } from '../src/cli/commands';
import { CommandError } from '../src/cli/command-kit';
import { createTestApp, openSession, type TestApp, operatorCommandLine } from './helper';
import { way } from './card-helpers';
import { mexicoDate, repayingOrder } from './payment-helpers';

let t: TestApp;
let context: CommandContext & { printed: string[] };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  context = await operatorCommandLine(t);
});
afterAll(async () => t?.close());

async function run(words: string, options: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const command = CARD_COMMANDS.find((c) => c.words.join(' ') === words);
  if (!command) throw new Error(`no ${words} command`);
  context.printed.length = 0;
  await command.run(context, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, [v]])), []);
  return JSON.parse(context.printed.at(-1) ?? 'null') as Record<string, unknown>;
}

describe('card add', () => {
  it("saves a sandbox test card for the borrower, shown as the borrower's screen lists it", async () => {
    const order = await repayingOrder(t, '5574440001', 'peso-plus-120', mexicoDate(20));
    const card = await run('card add', { user: order.session.userId, 'test-card': 'code' });
    expect(card).toMatchObject({ cardNo: '•••• 3155', last4: '3155' });
    expect((await way(t, order)).bankCards).toEqual([card]);
  });

  it('names the option at fault, and an unknown borrower', async () => {
    await expect(run('card add', { user: '1', 'test-card': 'gold' })).rejects.toThrow(UsageError);
    await expect(run('card add', { 'test-card': 'approve' })).rejects.toThrow(/^--user/);
    await expect(run('card add', { user: '999999', 'test-card': 'approve' })).rejects.toThrow(CommandError);
  });
});

describe('payment reconcile', () => {
  it('prints what the reconciler did', async () => {
    await openSession(t.app, '5574440002');
    expect(await run('payment reconcile')).toEqual({ checked: 0, paid: 0, declined: 0, failed: 0, cancelled: 0, pending: 0 });
  });
});
