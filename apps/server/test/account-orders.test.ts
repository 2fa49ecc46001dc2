import { AccountLimits, AccountPath, AppRoute, ErrorCode, MACHINE_BASE, OPERATOR_BASE, OperatorPath, type AccountOrder, type AccountOrdersResponse } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from './factories';
import { createTestApp, type TestApp } from './helper';
import { callBorrower, productByCode, pushOffer } from './loan-helpers';
import { signInWithSms, type SignedIn } from './account-helpers';
import { approvedCreditFor } from './credit-factory';

let t: TestApp;
let ana: SignedIn;
let ravi: SignedIn;
const made: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ana = await signInWithSms(t, '5512347001', 'MX', '+525512347001', 'ana-phone');
  ravi = await signInWithSms(t, '9812347002', 'IN', '+919812347002', 'ravi-phone');
  for (const who of [ana, ravi]) await approvedCreditFor(t.database.db, Number(who.userId));
  const peso = await productByCode(t.app, 'peso-plus-120');
  // Oldest to newest by their creation (the factory dates each status in the past).
  made.settled = (await createOrder(t.database.db, Number(ana.userId), 200, 'peso-flex-91')).orderNo;
  made.repaying = (await createOrder(t.database.db, Number(ana.userId), 170, 'peso-flex-91')).orderNo;
  made.pushed = await pushOffer(t.app, ana, peso.id);
  made.ravis = (await createOrder(t.database.db, Number(ravi.userId), 170, 'rupee-easy-91')).orderNo;
});
afterAll(async () => {
  await t.close();
});

const myLoans = (session: SignedIn, language = '2') => callBorrower<AccountOrdersResponse>(t.app, session, AccountPath.orders, {}, language);

describe('my loans', () => {
  it('lists only the borrower’s own orders, newest first, with status, amounts and the screens to open', async () => {
    const answer = await myLoans(ana);
    expect(answer.code).toBe(0);
    expect(answer.data.more).toBe(false);
    expect(answer.data.items.map((o) => o.orderNo)).toEqual([made.pushed, made.repaying, made.settled]);
    expect(JSON.stringify(answer.data)).not.toContain(made.ravis ?? 'none');

    const byNo = new Map(answer.data.items.map((o): [string, AccountOrder] => [o.orderNo, o]));
    const pushed = byNo.get(made.pushed ?? '');
    expect(pushed).toMatchObject({ status: { code: 21, title: 'En revisión' }, currency: 'MXN', dueDate: null, settledAt: null });
    expect(pushed?.principalMinor).toBeGreaterThan(0);
    expect(Number.isInteger(pushed?.totalRepayableMinor)).toBe(true);
    expect(pushed?.links.details).toBe(`${AppRoute.loanDetails}?orderId=${made.pushed}&productId=${pushed?.productId}`);
    expect(pushed?.links.contract).toBe(`${AppRoute.agreement}?orderId=${made.pushed}`);
    expect(pushed?.links.repay).toBe('');

    const repaying = byNo.get(made.repaying ?? '');
    expect(repaying?.status).toMatchObject({ code: 170, title: 'Desembolsado' });
    expect(repaying?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(repaying?.links.repay).toBe(`${AppRoute.repayment}?orderId=${made.repaying}&productId=${repaying?.productId}`);
    expect(repaying?.links.contract).toBe('');

    const settled = byNo.get(made.settled ?? '');
    expect(settled).toMatchObject({ status: { code: 200 }, links: { repay: '' } });
    expect(settled?.settledAt).toEqual(expect.any(String));

    // Links never carry the session: the app appends the common query.
    expect(JSON.stringify(answer.data)).not.toContain(ana.sessionId);
    expect(JSON.stringify(answer.data)).not.toContain('sessionId');
  });

  it('titles the status in the borrower’s language and shows rupees for an Indian product', async () => {
    const answer = await myLoans(ravi, '1');
    expect(answer.data.items).toEqual([expect.objectContaining({ orderNo: made.ravis, currency: 'INR', status: expect.objectContaining({ title: 'Disbursed' }) })]);
  });

  it('refuses a call without a session, and names the cap it keeps to', async () => {
    expect((await callBorrower(t.app, { userId: ana.userId, sessionId: '' }, AccountPath.orders, {})).code).toBe(ErrorCode.SessionRequired);
    expect(AccountLimits.ordersListMax).toBe(50);
  });
});

describe('the API description', () => {
  it('describes every account call, and the operator session call with its market', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of Object.values(AccountPath)) expect(Object.keys(docs.paths[`${MACHINE_BASE}${path}`] ?? {})).toEqual(['post']);
    expect(JSON.stringify(docs.paths[`${OPERATOR_BASE}${OperatorPath.createSession}`])).toContain('market');
  });
});
