import { ErrorCode, LoanStatus, MachinePath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintCalls, openComplaintApp, refused, type Envelope } from './complaint-helpers';
import { sessionQuery, type BorrowerSession, type TestApp } from './helper';

let t: TestApp;
let ana: BorrowerSession;

beforeAll(async () => {
  ({ t, ana } = await openComplaintApp());
});
afterAll(async () => t?.close());

const { call, init, orderOf, operator } = complaintCalls(() => t);

describe('problem types as data', () => {
  it('lets an operator rename, add and retire types, and borrowers see the change', async () => {
    const rename = await operator('PUT', `${OperatorPath.complaintTypes}/2`, {
      titleEn: 'Loan, fees and repayment',
      titleEs: 'Préstamo, comisiones y pagos',
      sortOrder: 2,
    });
    expect(rename.json()).toMatchObject({ code: 0, data: { value: 2, titleEn: 'Loan, fees and repayment', active: true } });
    const child = await operator('PUT', `${OperatorPath.complaintTypes}/106`, { parentValue: 1, titleEn: 'Fake lawyer letters', titleEs: 'Cartas de abogados falsos', sortOrder: 6 });
    expect(child.json().code).toBe(0);
    const retire = await operator('PUT', `${OperatorPath.complaintTypes}/3`, { titleEn: 'Other', titleEs: 'Otros', active: false });
    expect(retire.json().code).toBe(0);

    const data = (await init(ana, '2')).body.data;
    expect(data.problemType.map((type) => type.title)).toEqual(['Cobranza', 'Préstamo, comisiones y pagos']);
    expect(data.problemSonType.map((son) => son.value)).toContain(106);
    const order = await orderOf(ana, LoanStatus.Overdue);
    const retired = await call(ana, MachinePath.complaintSave, { problemType: 3, problemDetail: 'x', orderNo: order.orderNo });
    expect(retired.body).toEqual(refused(ErrorCode.ComplaintTypeUnknown));

    // One level only: no child under a child, no parent becoming a child.
    expect((await operator('PUT', `${OperatorPath.complaintTypes}/107`, { parentValue: 101, titleEn: 'a', titleEs: 'a' })).statusCode).toBe(400);
    expect((await operator('PUT', `${OperatorPath.complaintTypes}/1`, { parentValue: 2, titleEn: 'a', titleEs: 'a' })).statusCode).toBe(400);
    const types = (await operator('GET', OperatorPath.complaintTypes)).json<Envelope<{ types: { value: number }[] }>>();
    expect(types.data.types.map((type) => type.value)).toEqual(expect.arrayContaining([1, 2, 3, 101, 106]));
    await operator('PUT', `${OperatorPath.complaintTypes}/3`, { titleEn: 'App, account and other matters', titleEs: 'Aplicación, cuenta y otros temas', sortOrder: 3 });
  });

  it('keeps the operator API closed to borrowers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.complaints}?${sessionQuery(ana)}` });
    expect(response.statusCode).toBe(401);
  });
});
