import { LoanStatus, MachinePath, OperatorPath, type DelayDetail } from '@lend/contracts';
import { addDays, formatAmountNumber, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, type CommandContext } from '../src/cli/commands';
import { payments, reminderSends } from '../src/db/schema';
import { paymentsAppliedSince } from '../src/modules/payments';
import { RETRY_AFTER_MS, runReminders } from '../src/modules/reminders';
import { SmsDeliveryError, type SmsProvider } from '../src/providers/sms/sms-provider';
import { createOrder } from './factories';
import { createTestApp, openSession, type TestApp, operatorCommandLine } from './helper';
import { callBorrower, callOperatorApi, sweepAt } from './loan-helpers';
import { recordTransfer } from './operator-payment-helpers';
import { deliver, issueReference, mexicoDate, orderRow, paymentEvent, paymentsOf, repayingOrder } from './payment-helpers';
import { HOUR_MS, later, MINUTE_MS, nextMarketTime, outboxOf, remindersAt, smsDate } from './reminders-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const morning = nextMarketTime('MX', 8);
const lateNight = later(morning, 15 * HOUR_MS);

describe('account notices', () => {
  it('tells the borrower a payment was applied, with its receipt number, once', async () => {
    const phone = '5578002001';
    const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
    expect((await recordTransfer(t.app, order.orderNo, 1_500_50, 'SPEI 1001')).code).toBe(0);
    const [payment] = await paymentsOf(t, order.orderId);

    await remindersAt(t, lateNight);
    expect(await outboxOf(t, phone)).toEqual([]);
    await Promise.all([remindersAt(t, morning), remindersAt(t, morning)]);
    await remindersAt(t, later(morning, HOUR_MS));
    const sent = await outboxOf(t, phone);
    expect(sent.map((sms) => sms.kind)).toEqual(['payment-applied']);
    expect(sent[0]?.text).toBe(
      `Recibimos $1,500.50 de tu préstamo ${order.orderNo}. Recibo ${payment?.receiptNo}. Saldo pendiente: $${formatAmountNumber(payment?.balanceAfterMinor ?? 0, 'MX')}.`,
    );
  });

  it('tells the borrower an extension was granted, with the new due date', async () => {
    const phone = '5578002002';
    const order = await repayingOrder(t, phone, 'peso-plus-120', addDays(mexicoDate(), -2));
    await sweepAt(t.app, mexicoDate());
    const delay = await callBorrower<DelayDetail>(t.app, order.session, MachinePath.delayDetail, { orderId: order.orderNo });
    const { delayAmount, delayTime } = delay.data.delayInfo;
    const reference = await issueReference(t, order, delayAmount, 2);
    expect((await deliver(t, paymentEvent(order, reference, delayAmount))).status).toBe(200);
    expect((await orderRow(t, order.orderId)).extensionsUsed).toBe(1);

    await remindersAt(t, morning);
    await remindersAt(t, later(morning, MINUTE_MS));
    const sent = await outboxOf(t, phone);
    expect(sent.map((sms) => sms.kind).toSorted()).toEqual(['extension-granted', 'payment-applied']);
    expect(sent.find((sms) => sms.kind === 'extension-granted')?.text).toBe(
      `Tu préstamo ${order.orderNo} fue extendido. Nueva fecha de pago: ${smsDate(delayTime)}.`,
    );
  });

  it("sends the lender's reply to a complaint in the language of the complaint's market", async () => {
    const phone = '9878002003';
    const session = await openSession(t.app, phone);
    const rupee = await createOrder(t.database.db, Number(session.userId), LoanStatus.Overdue, 'rupee-easy-91');
    const saved = await callBorrower<{ problemId: string; folio: string }>(
      t.app,
      session,
      MachinePath.complaintSave,
      { problemType: 2, problemSonType: 203, problemDetail: 'Charged twice', orderNo: rupee.orderNo },
      '2',
    );
    expect(saved.code).toBe(0);
    const reply = 'We refunded the second charge to your account.';
    const replied = await callOperatorApi(t.app, 'POST', OperatorPath.complaintReply.replace(':problemId', saved.data.problemId), { text: reply, images: [] });
    expect(replied.code).toBe(0);

    const indiaMorning = nextMarketTime('IN', 8);
    await remindersAt(t, later(indiaMorning, 11 * HOUR_MS));
    expect(await outboxOf(t, phone)).toEqual([]);
    await remindersAt(t, indiaMorning);
    await remindersAt(t, later(indiaMorning, MINUTE_MS));
    const sent = await outboxOf(t, phone);
    expect(sent.map((sms) => sms.kind)).toEqual(['complaint-replied']);
    expect(sent[0]?.text).toBe(`Reply to your complaint ${saved.data.folio} (loan ${rupee.orderNo}): ${reply}`);
  });

  it('announces nothing that happened before the look-back of 48 hours', async () => {
    const phone = '5578002004';
    const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
    expect((await recordTransfer(t.app, order.orderNo, 800_00, 'SPEI 1004')).code).toBe(0);
    await remindersAt(t, later(morning, 2 * 24 * HOUR_MS));
    expect(await outboxOf(t, phone)).toEqual([]);
  });
});

describe('a send the provider refuses', () => {
  const refusing: SmsProvider = {
    name: 'refusing',
    send: () => Promise.reject(new SmsDeliveryError('gateway unavailable')),
  };

  it('is tried again after a wait and, once accepted, never again', async () => {
    const phone = '5578003001';
    const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
    expect((await recordTransfer(t.app, order.orderNo, 300_00, 'SPEI 2001')).code).toBe(0);
    const [payment] = await paymentsOf(t, order.orderId);
    const claim = async () => (await t.database.db.select().from(reminderSends).where(eq(reminderSends.subjectId, payment?.id ?? 0))).find((row) => row.kind === 'payment-applied');

    const refused = await runReminders({ db: t.database.db, sms: refusing, log: t.app.log, paymentsAppliedSince }, morning);
    expect(refused.failed).toBeGreaterThan(0);
    expect(await claim()).toMatchObject({ status: 'failed', attempts: 1, retryAt: later(morning, RETRY_AFTER_MS), lastError: 'gateway unavailable' });

    await remindersAt(t, later(morning, RETRY_AFTER_MS - MINUTE_MS));
    expect(await outboxOf(t, phone)).toEqual([]);
    await Promise.all([remindersAt(t, later(morning, RETRY_AFTER_MS)), remindersAt(t, later(morning, RETRY_AFTER_MS))]);
    await remindersAt(t, later(morning, 4 * RETRY_AFTER_MS));
    expect((await outboxOf(t, phone)).map((sms) => sms.kind)).toEqual(['payment-applied']);
    expect(await claim()).toMatchObject({ status: 'sent', attempts: 2, retryAt: null });
    expect(t.logs()).toContain('reminder not sent');
  });
});

describe('the command line', () => {
  let context: CommandContext & { printed: string[] };
  beforeAll(async () => {
    context = await operatorCommandLine(t);
  });

  async function run(words: string, options: Record<string, string>): Promise<unknown[]> {
    const command = COMMANDS.find((c) => c.words.join(' ') === words);
    if (!command) throw new Error(`no command ${words}`);
    context.printed.length = 0;
    await command.run(context, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, [v]])), []);
    return context.printed.map((line) => JSON.parse(line) as unknown);
  }

  it('runs a pass at another time and lists the outbox with each message kind', async () => {
    const phone = '5578004001';
    const order = await repayingOrder(t, phone, 'peso-flex-91', addDays(formatDate(morning, 'MX'), 3));
    expect((await recordTransfer(t.app, order.orderNo, 200_00, 'SPEI 3001')).code).toBe(0);
    const [result] = await run('reminders run', { at: morning.toISOString() });
    expect(result).toMatchObject({ sent: { 'due-soon': expect.any(Number), 'payment-applied': expect.any(Number) }, failed: 0 });
    const listed = await run('sms outbox', { phone });
    expect(listed.map((line) => (line as { kind: string }).kind).toSorted()).toEqual(['due-soon', 'payment-applied']);
    expect(await run('reminders run', { at: later(morning, MINUTE_MS).toISOString() })).toEqual([{ sent: expect.any(Object), failed: 0 }]);
    expect(await run('sms outbox', { phone })).toHaveLength(2);
    const [receipt] = await t.database.db.select({ receiptNo: payments.receiptNo }).from(payments).where(eq(payments.orderId, order.orderId));
    expect(JSON.stringify(listed)).toContain(receipt?.receiptNo);
  });
});
