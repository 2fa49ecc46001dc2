import { ERROR_MESSAGES, ErrorCode, Limits, MachinePath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower, productByCode } from './loan-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

/** Calls until the first refusal by the cap; returns how many were let through and the refusal. */
async function untilCapped(call: () => Promise<{ status: number; code: number; message: string; data: unknown }>, most: number) {
  for (let done = 0; done <= most; done += 1) {
    const answer = await call();
    if (answer.status === 429) return { allowed: done, refusal: answer };
  }
  return { allowed: most + 1, refusal: undefined };
}

describe('per-borrower caps on the borrower calls', () => {
  let ana: BorrowerSession;
  let bruno: BorrowerSession;
  beforeAll(async () => {
    ana = await openSession(t.app, '5599960001');
    bruno = await openSession(t.app, '5599960002');
  });

  it('caps a read call per borrower per minute with the envelope in the borrower language, whatever the address', async () => {
    const contacts = (who: BorrowerSession) => callBorrower(t.app, who, MachinePath.serviceContacts, { overall: Limits.serviceOverall }, '2');
    const { allowed, refusal } = await untilCapped(() => contacts(ana), Limits.borrowerCallsPerMinute);
    expect(allowed).toBe(Limits.borrowerCallsPerMinute);
    expect(refusal).toEqual({ status: 429, code: ErrorCode.TooManyRequests, message: ERROR_MESSAGES[ErrorCode.TooManyRequests].es, data: null });
    // Same address, another borrower: a count of its own.
    expect((await contacts(bruno)).status).toBe(200);
  });

  it('takes its read cap from BORROWER_READS_PER_MINUTE', async () => {
    const raised = await createTestApp({ env: { BORROWER_READS_PER_MINUTE: String(Limits.borrowerCallsPerMinute + 5) } });
    try {
      const carla = await openSession(raised.app, '5599960003');
      const contacts = () => callBorrower(raised.app, carla, MachinePath.serviceContacts, { overall: Limits.serviceOverall }, '2');
      expect((await untilCapped(contacts, Limits.borrowerCallsPerMinute + 5)).allowed).toBe(Limits.borrowerCallsPerMinute + 5);
    } finally {
      await raised.close();
    }
  });

  it('caps the calls that create things tighter', async () => {
    const product = await productByCode(t.app, 'peso-plus-120');
    // Refused for the missing agreement, but each one is a call that could have created an order.
    const push = () => callBorrower(t.app, bruno, MachinePath.loanPush, { productId: product.id, amount: 1000, periods: 4, termUnit: 30, agreement: '0' }, '1');
    const { allowed, refusal } = await untilCapped(push, Limits.borrowerCreatesPerMinute);
    expect(allowed).toBe(Limits.borrowerCreatesPerMinute);
    expect(refusal).toMatchObject({ status: 429, code: ErrorCode.TooManyRequests, message: ERROR_MESSAGES[ErrorCode.TooManyRequests].en });
    const vcode = () => callBorrower(t.app, bruno, MachinePath.repayInstruction, { orderId: 'LN000', requestType: '1', amount: 100, payCode: 'tienda-demo' });
    expect((await untilCapped(vcode, Limits.borrowerCreatesPerMinute)).allowed).toBe(Limits.borrowerCreatesPerMinute);
    const save = () => callBorrower(t.app, bruno, MachinePath.complaintSave, { problemType: '999', problemDetail: 'The app shows the wrong amount', orderNo: 'LN000' });
    expect((await untilCapped(save, Limits.borrowerCreatesPerMinute)).allowed).toBe(Limits.borrowerCreatesPerMinute);
  });
});
