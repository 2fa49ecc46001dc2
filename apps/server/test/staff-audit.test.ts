import { ErrorCode, OperatorPath, PrivacyOperatorPath, PrivacyPath, StaffPath } from '@lend/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanOrders } from '../src/db/schema';
import { recordAudit } from '../src/modules/staff';
import { COMMANDS } from '../src/cli/commands';
import { createTestApp, failureOf, openSession, operatorCommandLine, queryRows, type TestApp } from './helper';
import { callOperatorApi, operatorStep, productByCode, pushOffer } from './loan-helpers';
import { privacyCall } from './privacy-helpers';
import { overpaidOrder } from './refund-helpers';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

const entriesOf = (t: TestApp, objectType: string, objectId: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId))).orderBy(auditLog.id);

describe('the audit log (docs/decisions/162)', () => {
  let t: TestApp;
  const clock = testClock();
  let admin: StaffSession;
  let officer: StaffSession;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, now: clock.now, env: { STAFF_REFUND_LIMIT_MINOR: '5000' } });
    admin = await signedInAdmin(t, clock);
    officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
  });
  afterAll(async () => t?.close());

  async function orderUnderReview(phone: string): Promise<string> {
    const session = await openSession(t.app, phone);
    return pushOffer(t.app, session, (await productByCode(t.app, 'peso-plus-120')).id);
  }

  it("records an officer's approval with the order before and after, who, from where", async () => {
    const orderNo = await orderUnderReview('5544440101');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/operator/v1${OperatorPath.orderApprove}`,
      headers: { cookie: `lend_staff=${officer.cookie}`, 'x-csrf-token': officer.csrf, 'user-agent': 'back-office/1.0' },
      remoteAddress: '10.1.2.3',
      payload: { orderNo },
    });
    const answer = approved.json<{ code: number; data: { status: number; approvedAt: string } }>();
    expect(answer).toMatchObject({ code: 0, data: { status: 151 } });
    const [entry] = await entriesOf(t, 'order', orderNo);
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorEmail: 'officer@lender.example',
      role: 'credit-officer',
      action: 'order.approve',
      before: { status: 21, approvedAt: null },
      after: { status: 151, approvedAt: answer.data.approvedAt },
      ip: '10.1.2.3',
      userAgent: 'back-office/1.0',
    });
    expect(entry?.actorId).toEqual(expect.any(Number));
  });

  it('records the operator token as the token, with its own role', async () => {
    const orderNo = await orderUnderReview('5544440102');
    await operatorStep(t.app, OperatorPath.orderReject, orderNo);
    expect(await entriesOf(t, 'order', orderNo)).toMatchObject([
      { actorKind: 'token', actorId: null, actorEmail: null, role: 'automation', action: 'order.reject', before: { status: 21 }, after: { status: 110 } },
    ]);
  });

  it('the command line still works with the token over HTTP, and is audited as the token', async () => {
    const orderNo = await orderUnderReview('5544440106');
    const context = await operatorCommandLine(t);
    const approve = COMMANDS.find((command) => command.words.join(' ') === 'order approve');
    await approve?.run(context, {}, [orderNo]);
    expect(JSON.parse(context.printed[0] ?? '{}')).toMatchObject({ orderNo, status: 151 });
    expect(await entriesOf(t, 'order', orderNo)).toMatchObject([{ actorKind: 'token', role: 'automation', action: 'order.approve', ip: '127.0.0.1', userAgent: 'node' }]);
  });

  it('writes the entry in the transaction of the change: one refused leaves the change undone, a change refused leaves no entry', async () => {
    const orderNo = await orderUnderReview('5544440103');
    await operatorStep(t.app, OperatorPath.orderApprove, orderNo);
    await t.database.db.execute(sql`alter table audit_log add constraint audit_refuses_disbursal check (action <> 'order.disburse')`);
    try {
      const disbursed = await callOperatorApi(t.app, 'POST', OperatorPath.orderDisburse, { orderNo });
      expect(disbursed.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table audit_log drop constraint audit_refuses_disbursal`);
    }
    const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    expect(order).toMatchObject({ statusCode: 151, disbursedAt: null });
    const ledger = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from ledger_entries where order_id = ${order?.id ?? 0}`);
    expect(ledger).toEqual([{ n: 0 }]);

    const before = (await entriesOf(t, 'order', orderNo)).length;
    expect((await callOperatorApi(t.app, 'POST', OperatorPath.orderApprove, { orderNo })).code).toBe(ErrorCode.OrderStatusConflict);
    expect(await entriesOf(t, 'order', orderNo)).toHaveLength(before);
  });

  it('records staff changes with the account before and after, and none for a change refused', async () => {
    const created = await staffCall<{ staff: { staffId: number } }>(t, admin, 'POST', StaffPath.accounts, { email: 'agent@lender.example', name: 'Agent', role: 'agent' });
    const id = String(created.data.staff.staffId);
    await staffCall(t, admin, 'POST', StaffPath.accountDisable.replace(':staffId', id));
    const entries = await entriesOf(t, 'staff', id);
    expect(entries.map((entry) => entry.action)).toEqual(['staff.created', 'staff.disable']);
    expect(entries[1]).toMatchObject({ actorEmail: 'admin@lender.example', role: 'admin', before: { disabled: false, role: 'agent' }, after: { disabled: true, role: 'agent' } });
    expect(JSON.stringify(entries)).not.toMatch(/temporaryPassword|passwordHash|scrypt|argon2/);

    const adminId = String((await staffCall<{ staffId: number }>(t, admin, 'GET', StaffPath.me)).data.staffId);
    const count = (await entriesOf(t, 'staff', adminId)).length;
    expect((await staffCall(t, admin, 'POST', StaffPath.accountRole.replace(':staffId', adminId), { role: 'agent' })).code).toBe(ErrorCode.StaffLastAdmin);
    expect(await entriesOf(t, 'staff', adminId)).toHaveLength(count);
  });

  it('never writes secrets, and hides all but the end of personal ids', async () => {
    await t.database.db.transaction((tx) =>
      recordAudit(tx, { kind: 'token', staffId: null, email: null, role: 'automation', ip: '127.0.0.1', userAgent: null }, {
        action: 'test.masking',
        objectType: 'test',
        objectId: 'masking',
        after: { password: 'hunter2hunter2', code: '123456', productCode: 'peso-plus-120', nested: { totpSecret: 'JBSWY3DPEHPK3PXP', curp: 'GOMA800101HDFRRN09', clabe: '002010077777777771' }, amountMinor: 100 },
      }),
    );
    const [entry] = await entriesOf(t, 'test', 'masking');
    expect(entry?.after).toEqual({ password: '[hidden]', code: '[hidden]', productCode: 'peso-plus-120', nested: { totpSecret: '[hidden]', curp: '••••••••••••••RN09', clabe: '••••••••••••••7771' }, amountMinor: 100 });
  });

  it('lets a credit officer refund up to the limit alone and asks a second person above it', async () => {
    const order = await overpaidOrder(t, '5544440104', 100_00);
    const refund = (who: StaffSession, amountMinor: number) =>
      staffCall<{ refund: { id: number } | null; approval: { status: string } | null }>(t, who, 'POST', OperatorPath.refunds, { orderNo: order.orderNo, amountMinor, recordedBy: 'desk' });
    expect((await refund(officer, 50_01)).data).toMatchObject({ refund: null, approval: { status: 'pending' } });
    const small = await refund(officer, 50_00);
    expect(small.code).toBe(0);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'refund.create')).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.role, entry.objectId, (entry.after as { amountMinor: number }).amountMinor])).toEqual([['credit-officer', String(small.data.refund?.id), 50_00]]);
  });

  it('records a manual transfer in the transaction that applies it', async () => {
    const order = await overpaidOrder(t, '5544440105', 1_00);
    const recorded = await staffCall<{ receipt: { id: number } }>(t, officer, 'POST', OperatorPath.payments, { orderNo: order.orderNo, amountMinor: 10_00, referenceNote: 'SPEI 4411', recordedBy: 'desk' });
    expect(recorded.code).toBe(0);
    expect(await entriesOf(t, 'payment', String(recorded.data.receipt.id))).toMatchObject([
      { action: 'payment.manual-transfer', role: 'credit-officer', after: { orderNo: order.orderNo, amountMinor: 10_00, note: 'SPEI 4411' } },
    ]);
  });

  it("records an agent's answer to a privacy request without its text", async () => {
    const desk = await signedInStaff(t, clock, admin, 'desk@lender.example', 'agent');
    const filed = await privacyCall<{ folio: string }>(t.app, await openSession(t.app, '5544440107'), PrivacyPath.arcoRequest, { kind: 'access', description: 'Send me all my data, please.' });
    const answer = 'Your data goes to ana.maria@example.com today.';
    expect((await staffCall(t, desk, 'POST', PrivacyOperatorPath.answer.replace(':folio', filed.data.folio), { text: answer })).code).toBe(0);
    const entries = await entriesOf(t, 'arco-request', filed.data.folio);
    expect(entries).toMatchObject([{ actorEmail: 'desk@lender.example', role: 'agent', action: 'privacy.arco.answer', after: { status: 'answered', kind: 'access' } }]);
    expect(JSON.stringify(entries)).not.toContain('ana.maria');
  });

  it('reads the log a page at a time by actor, object and time, for an administrator only', async () => {
    const firstPage = await staffCall<{ items: { id: number; action: string }[]; nextCursor: string | null }>(t, admin, 'GET', `${StaffPath.audit}?objectType=staff&limit=2`);
    expect(firstPage.data.items).toHaveLength(2);
    expect(firstPage.data.items[0]?.id).toBeGreaterThan(firstPage.data.items[1]?.id ?? 0);
    const nextPage = await staffCall<{ items: { id: number }[] }>(t, admin, 'GET', `${StaffPath.audit}?objectType=staff&limit=2&cursor=${firstPage.data.nextCursor ?? ''}`);
    expect(nextPage.data.items[0]?.id).toBeLessThan(firstPage.data.items[1]?.id ?? 0);

    const byToken = await staffCall<{ items: { actorKind: string }[] }>(t, admin, 'GET', `${StaffPath.audit}?actor=token&limit=200`);
    expect(byToken.data.items.length).toBeGreaterThan(0);
    expect(new Set(byToken.data.items.map((item) => item.actorKind))).toEqual(new Set(['token']));
    const byOfficer = await staffCall<{ items: { actorEmail: string }[] }>(t, admin, 'GET', `${StaffPath.audit}?actor=OFFICER@lender.example&limit=200`);
    expect(new Set(byOfficer.data.items.map((item) => item.actorEmail))).toEqual(new Set(['officer@lender.example']));
    const future = new Date(clock.now().getTime() + 60_000).toISOString();
    expect((await staffCall<{ items: unknown[] }>(t, admin, 'GET', `${StaffPath.audit}?from=${encodeURIComponent(future)}`)).data.items).toEqual([]);
    expect((await staffCall(t, officer, 'GET', StaffPath.audit)).code).toBe(ErrorCode.StaffRoleRefused);
  });

  it('refuses to change, delete or empty the log, in the database itself', async () => {
    const [count] = await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from audit_log`);
    expect(count?.n).toBeGreaterThan(0);
    expect(await failureOf(t.database.db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/audit log is append-only: UPDATE/);
    expect(await failureOf(t.database.db.execute(sql`delete from audit_log`))).toMatch(/audit log is append-only: DELETE/);
    expect(await failureOf(t.database.db.execute(sql`truncate audit_log`))).toMatch(/audit log is append-only: TRUNCATE/);
    expect(await queryRows<{ n: number }>(t.database, sql`select count(*)::int as n from audit_log`)).toEqual([count]);
  });
});
