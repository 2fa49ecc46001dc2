import {
  BorrowerCollectionsPath,
  CollectionsWorkPath,
  ERROR_MESSAGES,
  ErrorCode,
  LossesPath,
  MACHINE_BASE,
  OperatorPath,
  type BorrowerPromises,
  type CollectionOrder,
  type OrderSummary,
  type ProductSummary,
} from '@lend/contracts';
import { Account, addDays, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loanOrders, products, writeOffs } from '../src/db/schema';
import { accountBalances } from '../src/modules/ledger';
import { sweepOrders } from '../src/modules/order-clock';
import { checkLedger } from '../src/modules/payments';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { recordTransfer } from './operator-payment-helpers';
import { signedInDesks, staffCall, testClock, type Clock, type StaffSession } from './staff-helpers';

let t: TestApp;
let clock: Clock;
let admin: StaffSession;
let agent: StaffSession;
let officer: StaffSession;
beforeAll(async () => {
  clock = testClock(new Date());
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent, officer } = await signedInDesks(t, clock));
});
afterAll(async () => t?.close());

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const orderOf = async (id: number) => (await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, id)))[0];
const writeOffOf = async (id: number) => (await t.database.db.select().from(writeOffs).where(eq(writeOffs.orderId, id)))[0];
const receivables = async (id: number) => {
  const accounts = (await accountBalances(t.database.db, [id])).get(id) ?? new Map<string, number>();
  return [Account.PrincipalReceivable, Account.InterestReceivable, Account.TaxReceivable, Account.LateChargesReceivable].map((account) => accounts.get(account) ?? 0);
};
const file = (who: StaffSession, orderNo: string) => staffCall<CollectionOrder>(t, who, 'GET', CollectionsWorkPath.order.replace(':orderNo', orderNo));
const writeOff = (who: StaffSession, orderNo: string, note: string) => staffCall<CollectionOrder>(t, who, 'POST', LossesPath.writeOff.replace(':orderNo', orderNo), { note });
const owedToBorrower = async (who: BorrowerSession, orderNo: string) => {
  const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${BorrowerCollectionsPath.promises}?${sessionQuery(who)}`, payload: { orderId: orderNo } });
  return response.json<{ data: BorrowerPromises }>().data;
};

async function productId(code: string): Promise<number> {
  const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  if (!product) throw new Error(`no product ${code}`);
  return product.id;
}

describe('write-off and recovery (docs/decisions/244)', () => {
  it('writes a loan off on its product’s day, takes it off the books, accrues nothing more; the borrower still owes it and what they pay is recovered', async () => {
    const product = await productId('peso-flex-91');
    // The product's day, set by an administrator and audited; a day the policy does not allow is refused in the caller's language.
    const refused = await staffCall<null>(t, admin, 'PUT', `${LossesPath.productCollectionsPolicy.replace(':productId', String(product))}?language=2`, { collectionsPolicy: { writeOffDays: 10, settlementSoloWaiverPercent: 20 } });
    expect(refused).toMatchObject({ code: ErrorCode.InvalidRequest, message: ERROR_MESSAGES[ErrorCode.InvalidRequest].es.replace("{field}", "collectionsPolicy.writeOffDays") });
    const changed = await staffCall<ProductSummary>(t, admin, 'PUT', LossesPath.productCollectionsPolicy.replace(':productId', String(product)), { collectionsPolicy: { writeOffDays: 60, settlementSoloWaiverPercent: 20 } });
    expect(changed.data.collectionsPolicy).toEqual({ writeOffDays: 60, settlementSoloWaiverPercent: 20 });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'product.collections-policy'))).toHaveLength(1);
    const agentTries = await staffCall<null>(t, agent, 'PUT', LossesPath.productCollectionsPolicy.replace(':productId', String(product)), { collectionsPolicy: { writeOffDays: 90, settlementSoloWaiverPercent: 20 } });
    expect(agentTries.code).toBe(ErrorCode.StaffRoleRefused);

    const borrower = await openSession(t.app, '5577810001', 'MX');
    const due = addDays(formatDate(clock.now(), 'MX'), -70);
    const [id = 0] = await createRepayingOrders(t.database.db, Number(borrower.userId), 'peso-flex-91', 1, due);
    const orderNo = (await orderOf(id))?.orderNo ?? '';

    await sweepOrders(t.database.db, noon(addDays(due, 59)));
    expect(await writeOffOf(id)).toBeUndefined();
    await sweepOrders(t.database.db, noon(addDays(due, 60)));
    const written = await writeOffOf(id);
    const order = await orderOf(id);
    expect(written).toMatchObject({ reason: 'days-past-due', daysPastDue: 60, writtenOffOn: addDays(due, 60), staffId: null, recoveredMinor: 0 });
    const total = (written?.principalMinor ?? 0) + (written?.interestMinor ?? 0) + (written?.taxMinor ?? 0) + (written?.lateChargesMinor ?? 0);
    expect(written?.lateChargesMinor).toBe((order?.penaltyMinor ?? 0) - (order?.penaltyPaidMinor ?? 0));
    expect(await receivables(id)).toEqual([0, 0, 0, 0]);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);

    // Ten more days on the clock: no late charge accrues on a written-off loan; it stays late, and the borrower owes all of it.
    await sweepOrders(t.database.db, noon(addDays(due, 70)));
    expect((await orderOf(id))?.penaltyMinor).toBe(order?.penaltyMinor);
    expect(await owedToBorrower(borrower, orderNo)).toMatchObject({ late: true, owedMinor: total });
    const listed = await staffCall<{ items: OrderSummary[] }>(t, officer, 'GET', `${OperatorPath.orders}?orderNo=${orderNo}`);
    expect(listed.data.items[0]?.delinquency).toMatchObject({ writtenOffOn: addDays(due, 60), bucket: '61-90' });

    // A part paid is recovered; then the rest and more: the loan is repaid, the excess is the borrower's credit.
    expect((await recordTransfer(t.app, orderNo, 100_00, 'SPEI 1')).code).toBe(0);
    expect((await writeOffOf(id))?.recoveredMinor).toBe(100_00);
    expect(await receivables(id)).toEqual([0, 0, 0, 0]);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
    expect((await recordTransfer(t.app, orderNo, total - 100_00 + 5_00, 'SPEI 2')).code).toBe(0);
    const settled = await orderOf(id);
    expect(settled).toMatchObject({ creditMinor: 5_00 });
    expect(settled?.settledAt).not.toBeNull();
    expect((await writeOffOf(id))?.recoveredMinor).toBe(total);
    const accounts = (await accountBalances(t.database.db, [id])).get(id);
    expect(accounts?.get(Account.Recoveries)).toBe(-total);
    expect(accounts?.get(Account.CreditLosses)).toBe(written?.principalMinor);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });

  it('lets a credit officer write a late loan off before its day, with the reason, audited; never twice, never a loan that is not late, never an agent', async () => {
    const borrower = await openSession(t.app, '9877810001', 'IN');
    const due = addDays(formatDate(clock.now(), 'IN'), -20);
    const [late = 0] = await createRepayingOrders(t.database.db, Number(borrower.userId), 'rupee-easy-91', 1, due);
    const [current = 0] = await createRepayingOrders(t.database.db, Number(borrower.userId), 'rupee-easy-91', 1, addDays(due, 40));
    await sweepOrders(t.database.db, clock.now());
    const lateNo = (await orderOf(late))?.orderNo ?? '';
    const currentNo = (await orderOf(current))?.orderNo ?? '';

    expect((await writeOff(agent, lateNo, 'Borrower deceased')).code).toBe(ErrorCode.StaffRoleRefused);
    const done = await writeOff(officer, lateNo, 'Borrower deceased: certificate on file');
    expect(done.code).toBe(0);
    expect(done.data.writeOff).toMatchObject({ reason: 'officer', byEmail: 'officer@lender.example', note: 'Borrower deceased: certificate on file', daysPastDue: 20, recoveredMinor: 0 });
    expect(done.data.writeOff?.totalMinor).toBe(done.data.item.owedMinor);
    expect((await file(agent, lateNo)).data.writeOff?.reason).toBe('officer');
    // The officer reads the file they decide on, as the agents do (docs/decisions/249).
    expect((await file(officer, lateNo)).data.writeOff?.byEmail).toBe('officer@lender.example');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.write-off'));
    expect(audit).toMatchObject({ objectId: lateNo });

    const again = await staffCall<null>(t, officer, 'POST', `${LossesPath.writeOff.replace(':orderNo', lateNo)}?language=2`, { note: 'Again' });
    expect(again).toMatchObject({ code: ErrorCode.AlreadyWrittenOff, message: ERROR_MESSAGES[ErrorCode.AlreadyWrittenOff].es });
    expect((await writeOff(officer, currentNo, 'Not late yet')).code).toBe(ErrorCode.WriteOffNotAllowed);
    expect(await writeOffOf(current)).toBeUndefined();
    expect(await receivables(late)).toEqual([0, 0, 0, 0]);
    expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
  });
});
