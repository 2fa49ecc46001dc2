import { formatAmountNumber, addDays, formatDate } from '@lend/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, OperatorPath } from '@lend/contracts';
import { reminderSends } from '../src/db/schema';
import { REMINDER_PAGE_SIZE } from '../src/modules/reminders';
import { createRepayingOrders } from './factories';
import { setMessagePreference } from '../src/modules/preferences';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { recordTransfer } from './operator-payment-helpers';
import { owed, repayingOrder } from './payment-helpers';
import { firstInstallment, HOUR_MS, later, MINUTE_MS, nextMarketTime, outboxOf, remindersAt, smsDate } from './reminders-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

// 08:00 in Mexico City; 23:00 is fifteen hours later, the same Mexican day.
const morning = nextMarketTime('MX', 8);
const mxToday = formatDate(morning, 'MX');
const lateNight = later(morning, 15 * HOUR_MS);
const beforeOpening = later(morning, -MINUTE_MS);

describe('installment reminders in Mexico', () => {
  it('reminds three days before the due date once, in Spanish, only inside the 08:00-22:00 window', async () => {
    const phone = '5577001001';
    const order = await repayingOrder(t, phone, 'peso-plus-120', addDays(mxToday, 3));
    const installment = await firstInstallment(t, order.orderId);

    await remindersAt(t, lateNight);
    await remindersAt(t, beforeOpening);
    expect(await outboxOf(t, phone)).toEqual([]);

    await remindersAt(t, morning);
    await remindersAt(t, later(morning, MINUTE_MS));
    await remindersAt(t, later(morning, 24 * HOUR_MS));
    const sent = await outboxOf(t, phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'due-soon', code: '' });
    expect(sent[0]?.text).toBe(
      `Recordatorio: tu pago de $${formatAmountNumber(installment.amountMinor, 'MX')} del préstamo ${order.orderNo} vence el ${smsDate(installment.dueDate ?? '')}. Paga a tiempo y evita cargos por atraso.`,
    );
  });

  it('reminds on the due date at 08:00 but not at 23:00 of that day, and never on another day', async () => {
    const phone = '5577001002';
    const order = await repayingOrder(t, phone, 'peso-plus-120', mxToday);
    await remindersAt(t, lateNight);
    expect(await outboxOf(t, phone)).toEqual([]);

    await remindersAt(t, morning);
    await remindersAt(t, later(morning, 2 * HOUR_MS));
    await remindersAt(t, later(morning, 24 * HOUR_MS));
    const sent = await outboxOf(t, phone);
    expect(sent.map((sms) => sms.kind)).toEqual(['due-today']);
    expect(sent[0]?.text).toMatch(new RegExp(`^Hoy ${smsDate(mxToday)} vence tu pago de \\$[\\d,]+\\.\\d{2} del préstamo ${order.orderNo}\\.`));
  });

  it('sends one message when two passes run at the same time', async () => {
    const phone = '5577001003';
    const order = await repayingOrder(t, phone, 'peso-flex-91', addDays(mxToday, 2));
    await Promise.all([remindersAt(t, morning), remindersAt(t, morning), remindersAt(t, later(morning, MINUTE_MS))]);
    expect((await outboxOf(t, phone)).map((sms) => sms.kind)).toEqual(['due-soon']);
    const installment = await firstInstallment(t, order.orderId);
    const [claims] = await t.database.db.select({ n: count() }).from(reminderSends).where(eq(reminderSends.subjectId, installment.id));
    expect(claims?.n).toBe(1);
  });

  it('reminds about more installments than one page holds, each once', async () => {
    const phone = '5577001006';
    const session = await openSession(t.app, phone);
    const orders = REMINDER_PAGE_SIZE + 5;
    await createRepayingOrders(t.database.db, Number(session.userId), 'peso-flex-91', orders, addDays(mxToday, 1));
    const first = await remindersAt(t, morning);
    expect(first.sent['due-soon']).toBeGreaterThanOrEqual(orders);
    expect((await remindersAt(t, later(morning, MINUTE_MS))).sent['due-soon']).toBe(0);
    const [sent] = await t.database.db.select({ n: count() }).from(reminderSends).where(eq(reminderSends.borrowerId, Number(session.userId)));
    expect(sent?.n).toBe(orders);
  });

  it('sends nothing for an order paid in full, only the payment and settlement notices', async () => {
    const phone = '5577001004';
    const order = await repayingOrder(t, phone, 'peso-plus-120', addDays(mxToday, 3));
    const paid = await recordTransfer(t.app, order.orderNo, await owed(t, order.orderId), 'SPEI 0001');
    expect(paid.code).toBe(0);
    await remindersAt(t, morning);
    await remindersAt(t, morning);
    expect((await outboxOf(t, phone)).map((sms) => sms.kind)).toEqual(['payment-applied', 'loan-settled']);
  });

  it('does not remind a borrower who turned payment reminders off, but still sends account notices', async () => {
    const phone = '5577001005';
    const order = await repayingOrder(t, phone, 'peso-plus-120', addDays(mxToday, 1));
    await setMessagePreference(t.database.db, { borrowerId: Number(order.session.userId), topic: 'paymentReminders', enabled: false, source: 'borrower', now: new Date() });
    await remindersAt(t, morning);
    expect(await outboxOf(t, phone)).toEqual([]);

    expect((await recordTransfer(t.app, order.orderNo, 500_00, 'SPEI 0002')).code).toBe(0);
    await remindersAt(t, later(morning, MINUTE_MS));
    expect((await outboxOf(t, phone)).map((sms) => sms.kind)).toEqual(['payment-applied']);

    await setMessagePreference(t.database.db, { borrowerId: Number(order.session.userId), topic: 'accountNotices', enabled: false, source: 'borrower', now: new Date() });
    expect((await recordTransfer(t.app, order.orderNo, 500_00, 'SPEI 0003')).code).toBe(0);
    await remindersAt(t, later(morning, 2 * MINUTE_MS));
    expect(await outboxOf(t, phone)).toHaveLength(1);
  });
});

describe('installment reminders in India', () => {
  const indiaMorning = nextMarketTime('IN', 8);
  const inToday = formatDate(indiaMorning, 'IN');

  it('reminds in English with rupees, inside 08:00-19:00 India time only', async () => {
    const phone = '9877001001';
    const order = await repayingOrder(t, phone, 'rupee-easy-91', addDays(inToday, 1));
    const installment = await firstInstallment(t, order.orderId);
    await remindersAt(t, later(indiaMorning, 11 * HOUR_MS));
    await remindersAt(t, later(indiaMorning, -MINUTE_MS));
    expect(await outboxOf(t, phone)).toEqual([]);

    await remindersAt(t, indiaMorning);
    await remindersAt(t, later(indiaMorning, 11 * HOUR_MS - MINUTE_MS));
    const sent = await outboxOf(t, phone);
    expect(sent.map((sms) => sms.kind)).toEqual(['due-soon']);
    expect(sent[0]?.text).toBe(
      `Reminder: Rs.${formatAmountNumber(installment.amountMinor, 'IN')} of your loan ${order.orderNo} is due on ${smsDate(installment.dueDate ?? '')}. Pay on time to avoid late charges.`,
    );
  });
});

describe('outside demo mode', () => {
  it('runs a pass now but refuses to move its clock', async () => {
    const live = await createTestApp({ env: { DEMO: '0' } });
    try {
      const moved = await callOperatorApi(live.app, 'POST', OperatorPath.remindersRun, { at: morning.toISOString() });
      expect(moved).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
      const now = await callOperatorApi(live.app, 'POST', OperatorPath.remindersRun, {});
      expect(now).toMatchObject({ status: 200, code: 0, data: { failed: 0 } });
    } finally {
      await live.close();
    }
  });
});
