import { LoanStatus, MachinePath } from '@lend/contracts';
import { formatDate, formatDateTime } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, loanOrders } from '../src/db/schema';
import { complaintCalls, openComplaintApp, type Detail, type Init } from './complaint-helpers';
import { createOrder } from './factories';
import { openSession, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await openComplaintApp());
});
afterAll(async () => t?.close());

const { call, init } = complaintCalls(() => t);

describe('complaint init', () => {
  it('speaks the page’s language and formats amounts and dates by the order’s market', async () => {
    const carla = await openSession(t.app, '5512340077');
    const peso = await createOrder(t.database.db, Number(carla.userId), LoanStatus.Overdue, 'peso-flex-91');
    const rupee = await createOrder(t.database.db, Number(carla.userId), LoanStatus.Overdue, 'rupee-easy-91');
    const createdAt = async (id: number) =>
      (await t.database.db.select({ at: loanOrders.createdAt }).from(loanOrders).where(eq(loanOrders.id, id)))[0]?.at ?? new Date(0);

    const pesoInEnglish = (await init(carla, '1', String(peso.id))).body.data;
    expect(pesoInEnglish.orderDetail?.list.slice(0, 2)).toEqual([
      { title: 'Loan amount', value: expect.stringMatching(/^\$[\d,]+\.\d{2}$/) },
      { title: 'Order date', value: formatDate(await createdAt(peso.id), 'MX') },
    ]);
    const rupeeInSpanish = (await init(carla, '2', String(rupee.id))).body.data;
    expect(rupeeInSpanish.problemType[0]?.title).toBe('Cobranza');
    expect(rupeeInSpanish.orderDetail?.list.slice(0, 2)).toEqual([
      { title: 'Monto del préstamo', value: expect.stringMatching(/^₹[\d,]+\.\d{2}$/) },
      { title: 'Fecha del pedido', value: formatDate(await createdAt(rupee.id), 'IN') },
    ]);
    // The same order list, whatever the language: each order in its own currency.
    const amounts = (data: Init) => data.orderList.map((order) => [order.orderNo, order.list[0]?.value]);
    expect(amounts((await init(carla, '1')).body.data)).toEqual(amounts((await init(carla, '2')).body.data));

    // A complaint on the rupee order, read in Spanish: its times are India's.
    const complaint = { problemType: 2, problemSonType: 203, problemDetail: 'Cobro doble', orderNo: rupee.orderNo };
    const saved = await call<{ problemId: string }>(carla, MachinePath.complaintSave, complaint, '2');
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, Number(saved.body.data.problemId)));
    if (!row) throw new Error('complaint not saved');
    const detail = (await call<Detail>(carla, MachinePath.complaintDetail, { problemId: saved.body.data.problemId }, '2')).body.data;
    expect(detail).toMatchObject({ time: formatDateTime(row.createdAt, 'IN'), dueDate: formatDate(row.dueAt, 'IN') });
    const list = (await call<{ tabs: { list: { id: string; time: string }[] }[] }>(carla, MachinePath.complaintList, {}, '2')).body.data;
    expect(list.tabs.flatMap((tab) => tab.list).find((item) => item.id === saved.body.data.problemId)?.time).toBe(
      formatDateTime(row.createdAt, 'IN'),
    );
  });
});
