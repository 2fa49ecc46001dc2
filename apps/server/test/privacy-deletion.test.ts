import { ErrorCode, ERROR_MESSAGES, LoanStatus, MACHINE_BASE, MachinePath, OperatorPath, PrivacyPath, type AccountDeleted } from '@lend/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arcoRequests,
  borrowers,
  complaintImages,
  complaints,
  ledgerEntries,
  loanContracts,
  loginCodes,
  loanOrders,
  payments,
  promoRegistrations,
  promoSmsCodes,
  sessions,
  smsOutbox,
} from '../src/db/schema';
import { checkLedger } from '../src/modules/payments';
import { messagePreferenceHistory, messagePreferencesOf } from '../src/modules/preferences';
import { complaintCalls } from './complaint-helpers';
import { createOrder } from './factories';
import { createTestApp, openSession, sessionQuery, type TestApp } from './helper';
import { callBorrower, operatorStep, productByCode, pushOffer } from './loan-helpers';
import { paidOutToday, recordTransfer } from './operator-payment-helpers';
import { owed } from './payment-helpers';
import { overviewOf, privacyCall } from './privacy-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());
const { uploadUrl } = complaintCalls(() => t);

describe('account deletion', () => {
  it('is refused while a loan is open, in the borrower language, and nothing changes', async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5513200001');
    expect((await overviewOf(t.app, session)).data.openLoan).toBe(true);
    for (const language of ['1', '2'] as const) {
      const refused = await privacyCall(t.app, session, PrivacyPath.deleteAccount, {}, language);
      expect(refused).toMatchObject({
        status: 409,
        code: ErrorCode.PrivacyOpenLoan,
        message: ERROR_MESSAGES[ErrorCode.PrivacyOpenLoan][language === '1' ? 'en' : 'es'],
        data: null,
      });
    }
    // An order still under review is open too: it may yet be paid out.
    const pending = await openSession(t.app, '5513200002');
    const product = await productByCode(t.app, 'peso-plus-120');
    await pushOffer(t.app, pending, product.id);
    expect((await privacyCall(t.app, pending, PrivacyPath.deleteAccount)).code).toBe(ErrorCode.PrivacyOpenLoan);

    const [row] = await t.database.db.select().from(borrowers).where(eq(borrowers.id, Number(session.userId)));
    expect(row?.phone).toBe('+525513200001');
    expect((await callBorrower(t.app, session, MachinePath.loanDetails, { orderId: orderNo })).code).toBe(0);
  });

  it("waits while a settled order holds the borrower's credit, and says why in the borrower language", async () => {
    const { session, orderNo } = await paidOutToday(t.app, '5513200005');
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    if (!order) throw new Error('no order');
    const paid = await recordTransfer(t.app, orderNo, (await owed(t, order.id)) + 50_00, 'SPEI overpaid');
    expect(paid.data.receipt).toMatchObject({ creditMinor: 50_00 });
    expect((await overviewOf(t.app, session)).data).toMatchObject({ openLoan: false, creditHeld: true });
    for (const language of ['1', '2'] as const) {
      const refused = await privacyCall(t.app, session, PrivacyPath.deleteAccount, {}, language);
      expect(refused).toMatchObject({
        status: 409,
        code: ErrorCode.PrivacyCreditHeld,
        message: ERROR_MESSAGES[ErrorCode.PrivacyCreditHeld][language === '1' ? 'en' : 'es'],
        data: null,
      });
    }
    const [row] = await t.database.db.select().from(borrowers).where(eq(borrowers.id, Number(session.userId)));
    expect(row?.phone).toBe('+525513200005');
  });

  it('ends the sessions, erases personal data and keeps the lender records, tied to the anonymised borrower', async () => {
    const db = t.database.db;
    const session = await openSession(t.app, '5513200003');
    const other = await openSession(t.app, '5513200003');
    const borrowerId = Number(session.userId);
    const settled = await createOrder(db, borrowerId, LoanStatus.Settled);
    const product = await productByCode(t.app, 'peso-plus-120');
    const rejected = await pushOffer(t.app, session, product.id);
    await operatorStep(t.app, OperatorPath.orderReject, rejected);
    const image = await uploadUrl(session);
    const saved = await callBorrower(t.app, session, MachinePath.complaintSave, { problemType: 2, problemSonType: 203, problemDetail: 'Call me at 5513200003', problemImage: image, orderNo: settled.orderNo });
    expect(saved.code).toBe(0);
    await privacyCall(t.app, session, PrivacyPath.arcoRequest, { kind: 'cancellation', description: 'Please cancel my data, I am Ana' });
    await privacyCall(t.app, session, PrivacyPath.messagePreference, { topic: 'marketing', enabled: '1' });
    // The landing texts national digits, sign-in and reminders the stored E.164 form.
    await db.insert(smsOutbox).values([
      { phone: '5513200003', text: 'Your payment was received', code: '', kind: 'payment-applied' },
      { phone: '+525513200003', text: 'Your sign-in code is 482913', code: '482913', kind: 'sign-in-code' },
    ]);
    await db.insert(loginCodes).values({ phone: '+525513200003', codeHash: 'b'.repeat(64), deviceId: 'device-ana', expiresAt: new Date() });
    // A landing code of before docs/decisions/232 (ten digits) and one of after (E.164).
    await db.insert(promoSmsCodes).values([
      { phone: '5513200003', codeHash: 'a'.repeat(64), expiresAt: new Date() },
      { phone: '+525513200003', codeHash: 'b'.repeat(64), expiresAt: new Date() },
    ]);
    await db.insert(promoRegistrations).values({ borrowerId, deviceId: 'device-ana', inviteCode: 'ANA1', utmTag: 'spring' });
    const filesBefore = await t.storage.listWrittenBefore(new Date(Date.now() + 60_000));
    expect(filesBefore.length).toBeGreaterThan(0);
    const paymentsBefore = await db.select().from(payments).where(eq(payments.orderId, settled.id));
    const ledgerBefore = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, settled.id));
    expect(paymentsBefore.length).toBeGreaterThan(0);
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const deleted = await privacyCall<AccountDeleted>(t.app, session, PrivacyPath.deleteAccount, {}, '2');
    expect(deleted).toMatchObject({ code: 0, data: { deleted: true, sessionsEnded: 2 } });

    // Every call with an old session now fails with the session code.
    for (const old of [session, other]) {
      const after = await overviewOf(t.app, old);
      expect(after).toMatchObject({ code: ErrorCode.SessionUnknown, data: null });
    }
    expect((await privacyCall(t.app, session, PrivacyPath.deleteAccount)).code).toBe(ErrorCode.SessionUnknown);

    const [row] = await db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    expect(row).toMatchObject({ phone: `deleted-${borrowerId}`, name: '' });
    const sessionRows = await db.select().from(sessions).where(eq(sessions.borrowerId, borrowerId));
    expect(sessionRows.every((s) => s.revokedAt !== null && s.deviceId === '')).toBe(true);
    const [complaint] = await db.select().from(complaints).where(eq(complaints.borrowerId, borrowerId));
    expect(complaint?.detail).toBe('-');
    expect(await db.select().from(complaintImages).where(eq(complaintImages.borrowerId, borrowerId))).toEqual([]);
    expect(await t.storage.listWrittenBefore(new Date(Date.now() + 60_000))).toEqual([]);
    const [request] = await db.select().from(arcoRequests).where(eq(arcoRequests.borrowerId, borrowerId));
    expect(request).toMatchObject({ kind: 'cancellation', description: '' });
    expect(await db.select().from(smsOutbox).where(inArray(smsOutbox.phone, ['5513200003', '+525513200003']))).toEqual([]);
    const erasedMessages = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, `deleted-${borrowerId}`));
    expect(erasedMessages).toHaveLength(2);
    expect(erasedMessages.every((message) => message.text === '' && message.code === '')).toBe(true);
    expect(await db.select().from(loginCodes).where(eq(loginCodes.phone, '+525513200003'))).toEqual([]);
    expect(await db.select().from(promoSmsCodes).where(inArray(promoSmsCodes.phone, ['5513200003', '+525513200003']))).toEqual([]);
    const [registration] = await db.select().from(promoRegistrations).where(eq(promoRegistrations.borrowerId, borrowerId));
    expect(registration).toMatchObject({ deviceId: '', inviteCode: '', utmTag: 'spring' });
    expect(await messagePreferencesOf(db, borrowerId)).toEqual({ marketing: false, paymentReminders: false, accountNotices: false });
    const history = await messagePreferenceHistory(db, borrowerId);
    expect(history.filter((change) => change.source === 'account-deletion').map((change) => change.topic).sort()).toEqual(['accountNotices', 'marketing', 'paymentReminders']);

    // What a lender must keep stays, tied to the same (anonymised) borrower.
    const orders = await db.select().from(loanOrders).where(eq(loanOrders.borrowerId, borrowerId));
    expect(orders.map((o) => o.orderNo).sort()).toEqual([settled.orderNo, rejected].sort());
    expect(await db.select().from(loanContracts).where(inArray(loanContracts.orderId, orders.map((o) => o.id)))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.orderId, settled.id))).toEqual(paymentsBefore);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, settled.id))).toEqual(ledgerBefore);
    expect((await checkLedger(db)).mismatches).toEqual([]);

    // Signing in again with the phone makes a new borrower.
    const again = await openSession(t.app, '5513200003');
    expect(Number(again.userId)).not.toBe(borrowerId);
    const fresh = await overviewOf(t.app, again);
    expect(fresh.data).toEqual({ market: 'MX', preferences: { marketing: false, paymentReminders: true, accountNotices: true }, requests: [], openLoan: false, creditHeld: false });
  });

  it('is done for a borrower who never borrowed', async () => {
    const session = await openSession(t.app, '5513200004');
    // The native app's call: the common query and no body at all.
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${PrivacyPath.deleteAccount}?${sessionQuery(session, { language: '1' })}` });
    expect(response.json()).toMatchObject({ code: 0, data: { deleted: true, sessionsEnded: 1 } });
    expect((await overviewOf(t.app, session)).code).toBe(ErrorCode.SessionUnknown);
  });
});
