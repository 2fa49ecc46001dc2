import { ErrorCode, LoanStatus, MACHINE_BASE, MachinePath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintCalls, openComplaintApp, refused, type Envelope, type Init } from './complaint-helpers';
import { sessionQuery, type BorrowerSession, type TestApp } from './helper';

let t: TestApp;
let ana: BorrowerSession;
let brunoOrder: { id: number; orderNo: string };

beforeAll(async () => {
  ({ t, ana, brunoOrder } = await openComplaintApp());
});
afterAll(async () => t?.close());

const { init, orderOf } = complaintCalls(() => t);

describe('complaint init', () => {
  it('lists the three problem types, their child types and the borrower’s own orders', async () => {
    const { status, body } = await init(ana, '1');
    expect(status).toBe(200);
    expect(body.data.problemType.map((type) => type.value)).toEqual([1, 2, 3]);
    expect(body.data.problemType[0]?.title).toBe('Debt collection');
    expect(body.data.problemSonType.filter((son) => son.parentValue === 1).length).toBeGreaterThanOrEqual(3);
    // A payment that does not show has its own child type of 'Loan, charges and repayment'.
    expect(body.data.problemSonType.filter((son) => son.parentValue === 2).map((son) => [son.value, son.title])).toEqual([
      [201, 'A payment I made does not show'],
      [202, 'A charge or amount I do not agree with'],
      [203, 'Another loan or repayment problem'],
    ]);
    expect(body.data.problemSonType.every((son) => son.parentValue === 1 || son.parentValue === 2)).toBe(true);
    expect(body.data.orderList).toHaveLength(7);
    expect(body.data.orderList.map((o) => o.orderNo)).not.toContain(brunoOrder.orderNo);
    // Newest first; the newest is shown when no order is asked for.
    expect(body.data.orderDetail?.orderNo).toBe(body.data.orderList[0]?.orderNo);
    const flagged = body.data.orderList.filter((o) => o.isShow).map((o) => o.status).sort();
    expect(flagged).toEqual([LoanStatus.Due, LoanStatus.Overdue, LoanStatus.Settled].sort());
    expect(body.data.orderList.find((o) => o.status === LoanStatus.Overdue)?.statusText).toBe('Overdue');
  });

  it('shows the order asked for, and answers another borrower’s order like a missing one', async () => {
    const settled = await orderOf(ana, LoanStatus.Settled);
    expect((await init(ana, '1', settled.orderId)).body.data.orderDetail?.orderNo).toBe(settled.orderNo);
    const foreign = await init(ana, '1', String(brunoOrder.id));
    const missing = await init(ana, '1', '99999999');
    const garbage = await init(ana, '1', 'abc');
    expect(foreign).toEqual({ status: 404, body: refused(ErrorCode.ComplaintOrderNotFound) });
    expect(missing).toEqual(foreign);
    expect(garbage).toEqual(foreign);
  });

  it('answers the next page’s GET with the same lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${MACHINE_BASE}${MachinePath.complaintInit}?${sessionQuery(ana)}` });
    const body = response.json<Envelope<Init>>();
    expect(body.code).toBe(0);
    expect(body.data.problemType).toHaveLength(3);
    expect(body.data.orderList).toHaveLength(7);
  });

  it('refuses calls without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${MachinePath.complaintInit}`, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
